/**
 * A rewriting reverse proxy for the mutants: it sits in front of one sandbox listener on a free
 * loopback port, reads each request whole, lets a mutation change it (or answer it outright),
 * forwards it, reads the answer whole and lets the mutation change that. Origins of the
 * listeners behind the proxies are rewritten to the proxies' own in every answer, so links lead
 * back through the broken provider.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { listen } from "../../src/testkit/sandbox/listener/http";
import { suiteFetch } from "../support/connections";
import { apiSpec, type ApiName } from "../support/spec";

export interface ProxiedRequest {
  /** `gateway`, `merchant` or `storage`. */
  listener: "gateway" | "merchant" | "storage";
  method: string;
  /** Path and query as received. */
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  /** The operation the spec routes the request to, if any. */
  operationId?: string;
  /** The origin of the listener behind the proxy, and the proxy's own (what clients see). */
  upstream: string;
  self: string;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Mutation {
  /** Change the request in place, or answer it without forwarding. */
  request?(request: ProxiedRequest): ProxiedResponse | void | Promise<ProxiedResponse | void>;
  /** Change the answer in place. */
  response?(request: ProxiedRequest, response: ProxiedResponse): void | Promise<void>;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

/** The JSON body of an answer (undefined when it is not JSON). */
export function jsonOf(response: ProxiedResponse): unknown {
  if (!/json/.test(response.headers["content-type"] ?? "") || response.body.length === 0) return undefined;
  try {
    return JSON.parse(response.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function setJson(response: ProxiedResponse, value: unknown): void {
  response.body = Buffer.from(JSON.stringify(value), "utf8");
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => done(Buffer.concat(chunks)));
    req.on("error", fail);
  });
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host", "date"]);

export async function startProxy(options: {
  listener: ProxiedRequest["listener"];
  upstream: string;
  mutation: Mutation;
  /** Origin rewrites applied to every answer (sandbox origin → proxy origin). */
  rewrites: () => Array<[string, string]>;
}): Promise<RunningProxy> {
  const api: ApiName | undefined = options.listener === "storage" ? undefined : options.listener;
  const spec = api ? apiSpec(api) : apiSpec("merchant");
  let self = "";
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const url = new URL(req.url ?? "/", "http://proxy.invalid");
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string" && !HOP_BY_HOP.has(name)) headers[name] = value;
      const router = api ? spec.router : spec.externalRouter;
      const routed = router.match(req.method ?? "GET", url.pathname);
      const request: ProxiedRequest = {
        listener: options.listener,
        method: req.method ?? "GET",
        url,
        headers,
        body,
        operationId: routed.kind === "match" ? routed.route.operationId : undefined,
        upstream: options.upstream,
        self,
      };
      let response = (await options.mutation.request?.(request)) ?? undefined;
      if (!response) {
        const upstream = await suiteFetch(options.upstream + request.url.pathname + request.url.search, {
          method: request.method,
          headers: request.headers,
          body: ["GET", "HEAD"].includes(request.method) ? undefined : new Uint8Array(request.body),
          redirect: "manual",
        });
        const answerHeaders: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        });
        response = { status: upstream.status, headers: answerHeaders, body: Buffer.from(await upstream.arrayBuffer()) };
        let text = response.body.toString("utf8");
        for (const [from, to] of options.rewrites()) {
          text = text.split(from).join(to);
          for (const [name, value] of Object.entries(response.headers)) response.headers[name] = value.split(from).join(to);
        }
        if (/json/.test(response.headers["content-type"] ?? "")) response.body = Buffer.from(text, "utf8");
        await options.mutation.response?.(request, response);
      }
      res.statusCode = response.status;
      for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
      res.setHeader("content-length", String(response.body.length));
      res.end(response.body);
    })().catch((error: unknown) => {
      res.statusCode = 502;
      res.end(`mutant proxy error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  const url = await listen(server, 0);
  self = url;
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
