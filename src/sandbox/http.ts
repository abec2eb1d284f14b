/**
 * The HTTP plumbing shared by the sandbox's listeners: body reading with a size cap, routing
 * through the spec router, the sandbox-only control endpoints (test clock), and the last step
 * before the wire, where every response of a routed operation is validated against the spec in
 * test mode. A violation fails loudly: the response becomes a 500, a log line names the
 * operation, the status and the broken rule, and the violation is recorded for tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { SandboxClock } from "./clock";
import type { ResponseValidationMode } from "./config";
import type { RouteResult, SpecRouter } from "./router";
import type { OutgoingResponse, ResponseValidator } from "./validation";

export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; Buffers and strings as they are; undefined sends no body. */
  body?: unknown;
}

export interface SandboxRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  route: RouteResult;
  /** The raw body bytes (empty when there is none or it was too large). */
  rawBody: Buffer;
  /** True when the body exceeded the listener's cap (its bytes were discarded). */
  tooLarge: boolean;
  remoteAddress: string;
}

export type Handler = (request: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

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

export interface ListenerOptions {
  api: string;
  router: SpecRouter;
  handler: Handler;
  maxBodyBytes: number;
  responses?: ResponseValidator;
  validation: ResponseValidationMode;
  violations: ViolationLog;
  clock?: SandboxClock;
  /** Answer for requests the server cannot even parse or route safely (bad URL). */
  badRequest: () => SandboxResponse;
  /** Where violation and error lines go (stderr by default). */
  log?: (line: string) => void;
}

function serialize(response: SandboxResponse): { headers: Record<string, string>; payload: Buffer | undefined; parsed: unknown } {
  const headers = { ...(response.headers ?? {}) };
  const body = response.body;
  if (body === undefined) return { headers, payload: undefined, parsed: undefined };
  if (Buffer.isBuffer(body)) return { headers, payload: body, parsed: body };
  if (typeof body === "string") return { headers, payload: Buffer.from(body, "utf8"), parsed: Buffer.from(body, "utf8") };
  return { headers, payload: Buffer.from(JSON.stringify(body), "utf8"), parsed: body };
}

/** Reads the body, discarding bytes past the cap (the client still gets an answer, not a reset). */
function readBody(req: IncomingMessage, cap: number): Promise<{ body: Buffer; tooLarge: boolean }> {
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
    req.on("end", () => done({ body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on("error", () => done({ body: Buffer.alloc(0), tooLarge }));
  });
}

/** The sandbox-only control endpoints (not part of either API): `GET|POST /_sandbox/clock`. */
function controlEndpoint(method: string, url: URL, rawBody: Buffer, clock: SandboxClock | undefined): SandboxResponse | undefined {
  if (!clock || !url.pathname.startsWith("/_sandbox/")) return undefined;
  const json = (status: number, body: unknown): SandboxResponse => ({ status, headers: { "content-type": "application/json" }, body });
  if (url.pathname !== "/_sandbox/clock") return json(404, { error: "unknown sandbox endpoint; see docs/sandbox.md" });
  if (method === "GET") return json(200, { now: new Date(clock.now()).toISOString(), offset_seconds: clock.offsetSeconds() });
  if (method !== "POST") return json(405, { error: "use GET or POST" });
  let advance: unknown;
  try {
    advance = (JSON.parse(rawBody.toString("utf8") || "{}") as { advance_seconds?: unknown }).advance_seconds;
  } catch {
    return json(400, { error: "body must be JSON: {\"advance_seconds\": N}" });
  }
  if (typeof advance !== "number" || !Number.isFinite(advance) || advance < 0) {
    return json(400, { error: "advance_seconds must be a number >= 0 (the clock never goes back)" });
  }
  clock.advance(advance);
  return json(200, { now: new Date(clock.now()).toISOString(), offset_seconds: clock.offsetSeconds() });
}

export function createListener(options: ListenerOptions): Server {
  const log = options.log ?? ((line: string) => console.error(line));

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://sandbox.invalid");
    } catch {
      return write(res, options.badRequest());
    }
    const { body: rawBody, tooLarge } = await readBody(req, options.maxBodyBytes);
    const control = controlEndpoint(method, url, rawBody, options.clock);
    if (control) return write(res, control);

    const route = options.router.match(method, url.pathname);
    let response: SandboxResponse;
    try {
      response = await options.handler({
        method,
        url,
        headers: req.headers,
        route,
        rawBody,
        tooLarge,
        remoteAddress: req.socket.remoteAddress ?? "",
      });
    } catch (error) {
      log(`[sandbox:${options.api}] handler error on ${method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return write(res, { status: 500, headers: {}, body: undefined });
    }

    const serialized = serialize(response);
    if (route.kind === "match" && options.responses && options.validation !== "off") {
      const outgoing: OutgoingResponse = { status: response.status, headers: serialized.headers, body: serialized.parsed };
      const problems = options.responses.violations(route.route, outgoing);
      if (problems.length > 0) {
        const violation: Violation = {
          api: options.api,
          operationId: route.route.operationId,
          method,
          path: url.pathname,
          status: response.status,
          problems,
        };
        options.violations.record(violation);
        log(`[sandbox:${options.api}] RESPONSE VIOLATES SPEC: ${violation.operationId} ${violation.status}: ${problems.join("; ")}`);
        if (options.validation === "strict") {
          return write(res, {
            status: 500,
            headers: { "content-type": "text/plain; charset=utf-8" },
            body: `sandbox response for ${violation.operationId} (status ${violation.status}) violates the spec: ${problems.join("; ")}\n`,
          });
        }
      }
    }
    return writeSerialized(res, response.status, serialized.headers, serialized.payload);
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => {
      log(`[sandbox:${options.api}] unexpected error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) writeSerialized(res, 500, {}, undefined);
      else res.destroy();
    });
  });
  // Requests Node cannot parse (unknown methods, broken framing, huge headers) get a plain 400.
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

function write(res: ServerResponse, response: SandboxResponse): void {
  const { headers, payload } = serialize(response);
  writeSerialized(res, response.status, headers, payload);
}

function writeSerialized(res: ServerResponse, status: number, headers: Record<string, string>, payload: Buffer | undefined): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("content-length", String(payload?.length ?? 0));
  res.end(payload);
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
