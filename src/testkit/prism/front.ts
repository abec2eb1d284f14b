/**
 * The proxy's front: the address clients use. Prism validates, but it passes the upstream's
 * answers on as they are, and those name the upstream: a client that follows their links or
 * token hint would leave the proxy (and the merchant client refuses to send its token to
 * another origin). So the front, a plain node:http server before Prism, makes the addresses
 * the upstream writes name the proxy again, and makes the merchant token request's audience
 * name the upstream (rewrites.ts). This is done here rather than in an upstream, which could
 * honour `Forwarded` headers, because the proxy must work in front of any implementation.
 * Prism sees the upstream's answers unchanged: what it validates is what the upstream sent. The
 * front also makes the one check of an answer that Prism cannot make (pairing.ts).
 *
 * A request is forwarded once, whole (read to its end first), on a connection of its own, and
 * never re-sent: a failed forward is answered 502, because a payment POST may have reached the
 * upstream, and a redirect is passed back to the client, never followed (no-redirects.ts). Like
 * the sandbox's listeners, the front accepts only loopback names in Host and loopback origins
 * (loopback-policy.ts), so a web page cannot drive it, by DNS rebinding either. The front logs nothing of a request (headers and bodies carry credentials and card
 * data); a failure is one line with the method and path.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { request as forward } from "undici";
import { objectOf } from "../common/json-values";
import { close, listen } from "../sandbox/listener/http";
import { loopbackRefusal } from "../sandbox/listener/loopback-policy";
import { maskedText } from "../sandbox/cross-api/masking";
import { describeListenError, LOOPBACK } from "../serve/ports";
import type { SuffixBlindPairing } from "./pairing";
import { apiRefusalFor } from "./request-refusals";
import { jsonBody, rebasedBody, rebaser, retargetedAudience } from "./rewrites";

export interface FrontOptions {
  /** The API behind the proxy (`gateway`, `merchant`): a request Prism refuses gets its answer. */
  api: string;
  port: number;
  /** The setting that chose the port, named when it is taken. */
  portSetting: string;
  /** Prism's own address (loopback). */
  prism: string;
  /** The implementation behind Prism, as given. */
  upstream: string;
  /** Rewrite the token request's `audience` (merchant API only: gateway POSTs are signed and never changed). */
  retargetAudience: boolean;
  /** Checks the one thing Prism cannot: which of several `+json` forms goes with the Content-Type. */
  pairing: SuffixBlindPairing;
  /** As Prism's `--errors`: an answer that breaks the spec is replaced by an error. */
  errors: boolean;
  /** One line per violation or failure, without headers or bodies. */
  log: (line: string) => void;
}

export interface RunningFront {
  url: string;
  close(): Promise<void>;
}

/** Prism's own limit on request bodies (micri's `limit: '10mb'`): anything larger it refuses anyway. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Headers that belong to one connection (RFC 9110 §7.6.1), and what undici sets itself or refuses. */
const CONNECTION_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "content-length",
  "host",
  "expect",
]);

/** Answer headers that name an address. */
const ADDRESS_HEADERS = ["location", "content-location"];

export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const rebase = rebaser(options.upstream);
  let url = "";
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`${req.method} ${maskedText(pathOf(req.url))}: ${maskedText(error instanceof Error ? error.message : String(error))}`);
      if (!res.headersSent) sayPlainly(res, 502, "The proxy could not pass the request on; it was not re-sent.");
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? "/";
    // Only origin-form targets (`/path?query`): the front is a server to its clients, not a forward proxy.
    if (!target.startsWith("/")) return sayPlainly(res, 400, "The request target must be a path (/...).");
    // The sandbox's defence against web pages and DNS rebinding, the same here: loopback names in Host, loopback origins only.
    const foreign = loopbackRefusal(req.headers, req.socket.localPort ?? 0);
    if (foreign !== undefined) {
      res.shouldKeepAlive = false;
      return sayPlainly(res, 400, foreign);
    }
    const body = await readWhole(req);
    if (body === undefined) return sayPlainly(res, 413, `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    // Links lead back to the address the client used (`localhost` or `127.0.0.1`).
    const self = ownAddress(req.headers.host) ?? url;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    const sent = (options.retargetAudience && retargetedAudience(req.headers["content-type"], body, [self, url], options.upstream)) || body;

    const method = req.method ?? "GET";
    // reset: the connection to Prism closes after the answer, so no request meets a connection Prism is closing.
    const answered = await forward(options.prism + target, { method, headers, body: sent.length > 0 ? sent : undefined, reset: true });
    const bytes = Buffer.from(await answered.body.arrayBuffer());
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answered.headers)) {
      if (value === undefined || CONNECTION_HEADERS.has(name)) continue;
      out[name] = ADDRESS_HEADERS.includes(name) && typeof value === "string" ? rebase(value, self) : value;
    }
    const contentType = typeof out["content-type"] === "string" ? out["content-type"] : undefined;
    const json = jsonBody(contentType, bytes);
    const path = pathOf(target);
    for (const violation of refusedFor(json))
      options.log(`Violation: ${maskedText(violation)} (${method} ${maskedText(path)}, answered ${answered.statusCode} by the proxy)`);
    // A request Prism refused gets the API's own answer to a request that breaks its schema, not Prism's 422.
    const refusal = apiRefusalFor(options.api, answered.statusCode, json);
    if (refusal) return answer(res, refusal.status, refusal.headers, refusal.body);
    const mismatched = json === undefined ? [] : options.pairing.violations(method, path, answered.statusCode, contentType, json);
    for (const violation of mismatched)
      options.log(`Violation: ${maskedText(violation)} (${method} ${maskedText(path)}, ${answered.statusCode} from the upstream)`);
    if (mismatched.length > 0 && options.errors) return refuse(res, mismatched);
    if (method === "HEAD") {
      // No body, and the length of the one a GET would get, as Prism gave it.
      res.writeHead(answered.statusCode, { ...out, ...pick(answered.headers, "content-length") });
      return void res.end();
    }
    answer(res, answered.statusCode, out, rebasedBody(json, (href) => rebase(href, self)) ?? bytes);
  }

  url = await listen(server, options.port, LOOPBACK).catch((error: unknown) => {
    throw describeListenError(error, options.port, options.portSetting);
  });
  return { url, close: () => close(server) };
}

/** Where Prism's own problems come from (`https://stoplight.io/prism/errors#VIOLATIONS`). */
const PRISM_PROBLEM_TYPES = "https://stoplight.io/prism/errors#";

/**
 * The violations Prism answered with instead of passing the exchange on (errors on). Prism logs
 * only "Request/Response not valid" for them; its answer lists each (where and which rule, never
 * the offending value), and so does the front, so that every violation is printed in both modes.
 */
function refusedFor(json: unknown): string[] {
  const { type, validation } = objectOf(json);
  if (typeof type !== "string" || !type.startsWith(PRISM_PROBLEM_TYPES) || !Array.isArray(validation)) return [];
  return validation.map((entry) => {
    const { location, message } = objectOf(entry);
    return `${Array.isArray(location) ? location.join(".") : ""} ${String(message)}`;
  });
}

/** With errors on, an answer whose body is not the form its Content-Type names is replaced, as Prism replaces the answers it finds broken. */
function refuse(res: ServerResponse, violations: string[]): void {
  const problem = {
    title: "Response not valid",
    status: 500,
    detail: "The upstream's body is not the form its Content-Type names in the spec, and errors are on, so the proxy answers this instead.",
    validation: violations.map((message) => ({ location: ["response", "body"], severity: "Error", message })),
  };
  answer(res, 500, { "content-type": "application/problem+json" }, Buffer.from(JSON.stringify(problem), "utf8"));
}

/** The whole body, or undefined past the limit (read to its end all the same, so that the refusal can be sent). */
async function readWhole(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer): void {
  res.writeHead(status, { ...headers, "content-length": String(body.length) });
  res.end(body);
}

function pick(headers: Record<string, string | string[] | undefined>, name: string): Record<string, string | string[]> {
  const value = headers[name];
  return value === undefined ? {} : { [name]: value };
}

/** The front's own refusals: one line of text. */
function sayPlainly(res: ServerResponse, status: number, line: string): void {
  answer(res, status, { "content-type": "text/plain; charset=utf-8" }, Buffer.from(`${line}\n`));
}

/** `http://<Host>` when the Host header is a plain host and port, else undefined. */
function ownAddress(host: string | undefined): string | undefined {
  if (!host || !URL.canParse(`http://${host}`)) return undefined;
  const parsed = new URL(`http://${host}`);
  return parsed.host === host.toLowerCase() && parsed.username === "" && parsed.password === "" ? parsed.origin : undefined;
}

/** The path of a request target, without its query (which may carry a pre-signed credential). */
function pathOf(target: string | undefined): string {
  return (target ?? "/").split("?")[0]!;
}
