/**
 * The HTTP plumbing shared by the sandbox's listeners: body reading with a size cap, routing
 * through the spec router, the routes mounted beside the API, the network's faults, the handler
 * of the state in force, and the last step before the wire, where every response of a routed
 * operation is validated against the spec in test mode. A violation fails loudly: the response
 * becomes a 500, a log line names the operation, the status and the broken rule, and the
 * violation is recorded for tests. It knows neither API nor the control plane: it is handed
 * them (server.ts).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type {
  AnswerNotes,
  ArrivedRequest,
  HandedExchange,
  Handler,
  MountedRoutes,
  NetworkFault,
  RefusalStatus,
  SandboxRequest,
  SandboxResponse,
} from "./messages";
import { loopbackRefusal } from "./loopback-policy";
import { parseRequestTarget } from "./request-target";
import { checkedResponseOf } from "./checked-response";
import { clientErrorOf } from "./client-errors";
import type { ResponseValidationMode } from "../configuration/config";
import { checkResponse, findingLines } from "../../openapi-model/check-response";
import type { SpecRouter, RouteResult } from "../../openapi-model/router";
import type { ApiModel } from "../../openapi-model/operation-model";

export interface Violation {
  api: string;
  operationId: string;
  method: string;
  path: string;
  status: number;
  problems: string[];
}

/** Every response violation of a sandbox, for tests to assert on (and a hook to be told at once). */
export class ViolationLog {
  readonly entries: Violation[] = [];
  private readonly listeners: Array<(v: Violation) => void> = [];

  get count(): number {
    return this.entries.length;
  }

  onViolation(listener: (v: Violation) => void): void {
    this.listeners.push(listener);
  }

  record(violation: Violation): void {
    this.entries.push(violation);
    for (const listener of this.listeners) listener(violation);
  }
}

/**
 * Idle keep-alive connections: answers announce 5 s (`Keep-Alive: timeout=5`, Node's default), the
 * listener keeps them 10 s (11 s: Node waits 1 s more than it is told). A client retires an idle
 * connection before the announced time (undici 2 s before it), but by a timer, which a busy test
 * process runs late; a request it then sends on a connection that the server is closing at that
 * moment is lost, and the toolkit's clients never re-send a POST. Announcing 5 s and waiting 6 s
 * (Node's default) left 3 s for such stalls; the contract suite met longer ones on a busy machine.
 */
const KEEP_ALIVE_ANNOUNCED = "timeout=5";
const KEEP_ALIVE_KEPT_MS = 10_000;

/** How long a request may take to arrive; a slower one gets 408 and its connection is closed. */
export interface ListenerTimeouts {
  /** The whole request, body included (default 30 s). */
  requestMs?: number;
  /** The request line and headers (default 10 s). */
  headersMs?: number;
  /** How often Node checks the two above (default 2 s; Node's own default is 30 s). */
  checkIntervalMs?: number;
}

export interface ListenerOptions {
  api: "gateway" | "merchant" | "storage";
  router: SpecRouter;
  /**
   * The handler of the state in force, asked once a request has fully arrived (before a network
   * fault delays it): the request is handled in the state it arrived in, whatever replaces it meanwhile.
   */
  handler: () => Handler;
  maxBodyBytes: number;
  /** The API's model, when its answers are checked against the spec (the storage host's too). */
  model?: ApiModel;
  validation: ResponseValidationMode;
  violations: ViolationLog;
  /** Routes served beside the API (the control API under `/_sandbox/`): not checked, recorded only when refused. */
  mounted?: MountedRoutes;
  /** What the network does to a routed request once it has fully arrived, before any API sees it. */
  network?: (request: ArrivedRequest) => NetworkFault | undefined;
  /** Told every exchange of the API, and every refusal of the mounted routes. */
  onExchange?: (exchange: HandedExchange) => void;
  /**
   * The API's own answer to a request refused before routing (a bad request target, a foreign
   * Host or Origin, a request Node's parser rejected, a timeout), in the API's media type.
   */
  refuse: (status: RefusalStatus, reason: string) => SandboxResponse;
  /**
   * Checks a request before its body is read (the storage host checks the upload link, so
   * that a request without a valid link is refused before megabytes of body are buffered).
   */
  screen?: (request: { method: string; url: URL; headers: IncomingMessage["headers"]; route: RouteResult }) => SandboxResponse | undefined;
  /** Where violation and error lines go (stderr by default). */
  log?: (line: string) => void;
  timeouts?: ListenerTimeouts;
}

/**
 * A response as it goes on the wire. JSON and text bodies stay strings: Node then sends the
 * header block and the body in one write (a Buffer body would go out as a second chunk).
 */
interface Serialized {
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
}

function serialize(response: SandboxResponse): Serialized {
  const headers = response.headers ?? {};
  const body = response.body;
  if (body === undefined || Buffer.isBuffer(body) || typeof body === "string") return { headers, payload: body };
  return { headers, payload: JSON.stringify(body) };
}

const NO_BODY = Buffer.alloc(0);

/** Whether the request carries a body at all (HTTP/1.1 framing: Content-Length or Transfer-Encoding). */
function hasBody(headers: IncomingMessage["headers"]): boolean {
  const length = headers["content-length"];
  return headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Reads the body, discarding bytes past the cap (the client still gets an answer, not a reset).
 * Resolves with undefined when the request ended before all of its body arrived: the client went
 * away, or Node timed the request out (and answered 408 itself). Such a request is not processed
 * at all: an empty capture or refund means "all of it", an empty upload would replace a file.
 */
function readBody(req: IncomingMessage, cap: number): Promise<{ body: Buffer; tooLarge: boolean } | undefined> {
  return new Promise((done) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    let tooLarge = Number.isFinite(declared) && declared > cap;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > cap) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    // 'end' comes only once every byte the framing announced has arrived; a promise settles once.
    req.on("end", () => done({ body: tooLarge ? NO_BODY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), tooLarge }));
    req.on("error", () => done(undefined));
    req.on("close", () => done(undefined));
  });
}

type LogLine = (line: string) => void;

/** What checking, logging and recording a response needs of its request. */
interface SentRequest {
  method: string;
  pathname: string;
  route: RouteResult;
  /** The request itself, for the exchange record. */
  request: ListenerRequest;
  /** The request target as sent (path and query). */
  target: string;
  startedAt: number;
  at: string;
  /** The fault rule applied to it, if any. */
  fault?: string;
  /** Set once it is in the exchange record (a request timed out is recorded as its 408 is sent). */
  recorded?: boolean;
}

/** What a request refused before routing was routed to: nothing. */
const NOT_ROUTED: RouteResult = { kind: "not-found" };
const UNROUTED_BASE = "http://sandbox.invalid/";

/** Per connection, the request whose body is arriving: a timeout refused by Node's parser is recorded as that request. */
const bodyArriving = new WeakMap<Socket, SentRequest>();

/**
 * The request a handler gets. Its URL object is built on first use: most requests are answered
 * from the method, the routed path and the headers, and never read their query.
 */
class ListenerRequest implements SandboxRequest {
  private parsed: URL | undefined;
  rawBody: Buffer = NO_BODY;
  tooLarge = false;

  constructor(
    readonly method: string,
    private readonly parseUrl: () => URL,
    readonly headers: IncomingMessage["headers"],
    readonly route: RouteResult,
    readonly remoteAddress: string,
  ) {}

  get url(): URL {
    return (this.parsed ??= this.parseUrl());
  }
}

export function createListener(options: ListenerOptions): Server {
  const log: LogLine = options.log ?? ((line: string) => console.error(line));
  /**
   * Per connection, the request still being handled (its body still arriving): a request
   * pipelined behind it waits, so that requests take effect in the order they were sent, whatever
   * their size. A connection with nothing pending is handled at once.
   */
  const pendingOn = new WeakMap<Socket, Promise<void>>();
  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
    try {
      return respond(options, log, req, res)?.catch((error: unknown) => failRequest(options.api, log, res, error));
    } catch (error) {
      failRequest(options.api, log, res, error);
      return undefined;
    }
  };
  const server = createServer({ connectionsCheckingInterval: options.timeouts?.checkIntervalMs ?? 2_000 }, (req, res) => {
    const socket = req.socket;
    const before = pendingOn.get(socket);
    const next = () => handle(req, res);
    const pending = before ? before.then(next, next) : next();
    if (!pending) return;
    pendingOn.set(socket, pending);
    const forget = () => {
      if (pendingOn.get(socket) === pending) pendingOn.delete(socket);
    };
    void pending.then(forget, forget);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => refuseClientError(options, error, socket));
  server.requestTimeout = options.timeouts?.requestMs ?? 30_000;
  server.headersTimeout = options.timeouts?.headersMs ?? 10_000;
  server.keepAliveTimeout = KEEP_ALIVE_KEPT_MS;
  return server;
}

/** An error the pipeline did not expect: logged, and answered with 500 while nothing has been sent. */
function failRequest(api: string, log: LogLine, res: ServerResponse, error: unknown): void {
  log(`[sandbox:${api}] unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  if (!res.headersSent) writeSerialized(res, 500, {}, undefined);
  else res.destroy();
}

/**
 * One request through the pipeline: refusals before routing, the body, control endpoints, the
 * handler, the response check. Synchronous unless a body has to arrive.
 */
function respond(options: ListenerOptions, log: LogLine, req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  const method = req.method ?? "GET";
  const startedAt = performance.now();
  const at = new Date().toISOString();
  const target = parseRequestTarget(req.url);
  if (!target.ok) {
    const unrouted = new ListenerRequest(method, () => new URL(UNROUTED_BASE), req.headers, NOT_ROUTED, req.socket.remoteAddress ?? "");
    const sent: SentRequest = { method, pathname: "", route: NOT_ROUTED, request: unrouted, target: req.url ?? "", startedAt, at };
    return refuseAndClose(options, sent, req, res, options.refuse(target.status, target.reason));
  }
  const route = options.router.match(method, target.pathname);
  const request = new ListenerRequest(method, target.url, req.headers, route, req.socket.remoteAddress ?? "");
  const sent: SentRequest = { method, pathname: target.pathname, route, request, target: req.url ?? "", startedAt, at };
  const foreign = loopbackRefusal(req.headers, req.socket.localPort ?? 0);
  if (foreign !== undefined) return refuseAndClose(options, sent, req, res, options.refuse(400, foreign));
  const screened = options.screen?.(request);
  if (screened) return refuseAndClose(options, sent, req, res, screened);
  if (!hasBody(req.headers)) return afterBody(options, log, sent, req, res);
  bodyArriving.set(req.socket, sent);
  return readBody(req, options.maxBodyBytes).then((read) => {
    bodyArriving.delete(req.socket);
    if (!read) {
      // Incomplete: nothing is processed, and the connection is gone (a timeout was recorded as it was answered).
      const reason = "The request ended before all of its body arrived: nothing was processed.";
      if (!sent.recorded) recordExchange(options, sent, 0, { headers: {}, payload: undefined }, reason);
      return undefined;
    }
    request.rawBody = read.body;
    request.tooLarge = read.tooLarge;
    return afterBody(options, log, sent, req, res);
  });
}

/** The steps once the body is in: the control API, fault rules, the handler, the response check. */
function afterBody(
  options: ListenerOptions,
  log: LogLine,
  sent: SentRequest,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> | undefined {
  const { request } = sent;
  if (options.mounted?.claims(sent.pathname)) {
    return options.mounted
      .handle(request.method, sent.pathname, request.url.searchParams, request.headers, request.rawBody)
      .then((answer) => {
        if ("stream" in answer) return answer.stream(req, res);
        const serialized = serialize(answer);
        // The control API's refusals are recorded, its other answers are not (the console reads them all the time).
        if (answer.status >= 400) recordExchange(options, sent, answer.status, serialized, answer.reason);
        return writeSerialized(res, answer.status, serialized.headers, serialized.payload);
      });
  }
  // The state in force now: a request held below is still handled in it.
  const handler = options.handler();
  const fault = request.route.kind === "match" ? options.network?.(request) : undefined;
  if (!fault) return handle(options, log, sent, handler, res);
  sent.fault = fault.id;
  if ("latencyMs" in fault) return new Promise((done) => setTimeout(() => done(handle(options, log, sent, handler, res)), fault.latencyMs));
  if (fault.close === "before-processing") return closeUnanswered(options, sent, req, undefined);
  // Processed (a payment booked), and the client never hears of it.
  return closeUnanswered(options, sent, req, runHandler(options, log, sent, handler));
}

function runHandler(options: ListenerOptions, log: LogLine, sent: SentRequest, handler: Handler): SandboxResponse | undefined {
  try {
    return handler(sent.request);
  } catch (error) {
    return handlerFailed(options, log, sent, error);
  }
}

function handle(options: ListenerOptions, log: LogLine, sent: SentRequest, handler: Handler, res: ServerResponse): undefined {
  return finish(options, log, sent, res, runHandler(options, log, sent, handler));
}

/** A fault closed the connection instead of answering: recorded with status 0 (and the answer that was not sent). */
function closeUnanswered(
  options: ListenerOptions,
  sent: SentRequest,
  req: IncomingMessage,
  unsent: SandboxResponse | undefined,
): undefined {
  req.socket.destroy();
  recordExchange(options, sent, 0, unsent ? serialize(unsent) : { headers: {}, payload: undefined }, unsent?.reason, unsent?.notes);
  return undefined;
}

/**
 * Records an exchange of the APIs, or a refusal of the control API; a request to a control path
 * is recorded as the control API's.
 */
function recordExchange(
  options: ListenerOptions,
  sent: SentRequest,
  status: number,
  answer: Serialized,
  reason?: string,
  notes?: AnswerNotes,
): void {
  if (!options.onExchange) return;
  sent.recorded = true;
  const { request, route } = sent;
  const fault = sent.fault ?? notes?.fault;
  options.onExchange({
    at: sent.at,
    api: options.mounted?.claims(sent.pathname) ? "control" : options.api,
    method: sent.method,
    target: sent.target,
    ...(route.kind === "match" ? { operation: route.route.operationId } : {}),
    status,
    duration_ms: Math.round((performance.now() - sent.startedAt) * 1000) / 1000,
    ...(fault !== undefined ? { fault } : {}),
    ...(reason !== undefined ? { reason } : {}),
    requestHeaders: request.headers,
    requestBody: request.rawBody,
    responseHeaders: answer.headers,
    responseBody: answer.payload,
    // Worked out when the exchange is read: the gateway answers with it.
    signature: () => notes?.signature?.(),
    ...(notes?.assumedContentType !== undefined ? { assumedContentType: notes.assumedContentType } : {}),
  });
}

/** A thrown handler error is logged and yields undefined (answered with 500). */
function handlerFailed(options: ListenerOptions, log: LogLine, request: SentRequest, error: unknown): undefined {
  log(
    `[sandbox:${options.api}] handler error on ${request.method} ${request.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return undefined;
}

/** Serializes once, checks the response against the spec, and sends it (or the strict-mode replacement). */
function finish(
  options: ListenerOptions,
  log: LogLine,
  request: SentRequest,
  res: ServerResponse,
  response: SandboxResponse | undefined,
): undefined {
  const serialized = serialize(response ?? { status: 500, headers: {}, body: undefined });
  const replacement = response ? heldToSpec(options, log, request, response) : undefined;
  const sent = replacement ? serialize(replacement) : serialized;
  const status = replacement?.status ?? response?.status ?? 500;
  recordExchange(options, request, status, sent, replacement ? undefined : response?.reason, response?.notes);
  return writeSerialized(res, status, sent.headers, sent.payload);
}

/**
 * Validates a routed operation's response against the spec: a violation is recorded and
 * logged, and in strict mode the response to send instead (a 500 naming the rule) is returned.
 */
function heldToSpec(options: ListenerOptions, log: LogLine, request: SentRequest, response: SandboxResponse): SandboxResponse | undefined {
  const { route } = request;
  if (route.kind !== "match" || !options.model || options.validation === "off") return undefined;
  const findings = checkResponse(options.model, route.route, checkedResponseOf(response), request);
  if (findings.length === 0) return undefined;
  const problems = findingLines(findings);
  const violation: Violation = {
    api: options.api,
    operationId: route.route.operationId,
    method: request.method,
    path: request.pathname,
    status: response.status,
    problems,
  };
  options.violations.record(violation);
  log(`[sandbox:${options.api}] RESPONSE VIOLATES SPEC: ${violation.operationId} ${violation.status}: ${problems.join("; ")}`);
  if (options.validation !== "strict") return undefined;
  return {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: `sandbox response for ${violation.operationId} (status ${violation.status}) violates the spec: ${problems.join("; ")}\n`,
  };
}

/**
 * Requests Node's parser rejects (broken framing, a lower-case method, huge headers) and requests
 * too slow to arrive get the API's own error answer, saying why, then the connection closes; each
 * is recorded with what could be read of it.
 */
function refuseClientError(options: ListenerOptions, error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void {
  const refused = clientErrorOf(error);
  const answer = options.refuse(refused.status, refused.reason);
  const arriving = bodyArriving.get(socket);
  if (arriving) recordExchange(options, arriving, refused.status, serialize(answer), refused.reason);
  else if (refused.request) {
    const { method, target, headers } = refused.request;
    const request = new ListenerRequest(method, () => new URL(UNROUTED_BASE), headers, NOT_ROUTED, socket.remoteAddress ?? "");
    const sent: SentRequest = {
      method,
      pathname: "",
      route: NOT_ROUTED,
      request,
      target,
      startedAt: performance.now(),
      at: new Date().toISOString(),
    };
    recordExchange(options, sent, refused.status, serialize(answer), refused.reason);
  }
  if (!socket.writable) return void socket.destroy();
  socket.end(rawHttpResponse(answer));
}

/** Answers and records a request refused before its body was read, and closes the connection (the body is not wanted). */
function refuseAndClose(
  options: ListenerOptions,
  sent: SentRequest,
  req: IncomingMessage,
  res: ServerResponse,
  response: SandboxResponse,
): undefined {
  res.shouldKeepAlive = false;
  const serialized = serialize({ ...response, headers: { ...response.headers, connection: "close" } });
  recordExchange(options, sent, response.status, serialized, response.reason);
  writeSerialized(res, response.status, serialized.headers, serialized.payload);
  req.resume();
  return undefined;
}

/** A whole HTTP/1.1 response as bytes, for a socket that has no ServerResponse (parser errors). */
function rawHttpResponse(response: SandboxResponse): Buffer {
  const { headers, payload } = serialize(response);
  const body = payload === undefined ? NO_BODY : typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
  const lines = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? "Error"}`,
    "connection: close",
    "x-content-type-options: nosniff",
    `content-length: ${body.length}`,
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

/**
 * The status line, the headers and the body in one go: the headers as a flat list straight into
 * writeHead (no per-header setHeader bookkeeping) and a Content-Length, so that Node neither
 * chunks the body nor writes it apart from the header block.
 */
function writeSerialized(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  payload: string | Buffer | undefined,
): undefined {
  // No answer of the sandbox is to be sniffed into HTML by a browser (uploaded files included).
  const flat: string[] = ["x-content-type-options", "nosniff"];
  for (const name in headers) flat.push(name, headers[name]!);
  // Said here, Node announces nothing of its own (it would announce the time it really waits).
  if (res.shouldKeepAlive && headers.connection === undefined) flat.push("connection", "keep-alive", "keep-alive", KEEP_ALIVE_ANNOUNCED);
  const length = payload === undefined ? 0 : typeof payload === "string" ? Buffer.byteLength(payload, "utf8") : payload.length;
  flat.push("content-length", String(length));
  res.writeHead(status, flat);
  res.end(payload);
  return undefined;
}

/** Listens on loopback and resolves with the base URL. */
export function listen(server: Server, port: number, host = "127.0.0.1"): Promise<string> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      const address = server.address() as AddressInfo;
      done(`http://${host}:${address.port}`);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
