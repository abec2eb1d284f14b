/**
 * A small stand-in for the Merchant API on 127.0.0.1: a token endpoint that issues numbered
 * tokens, bearer checks that answer the spec's 401 problem, and per-test routes. Links are
 * absolute URLs on this server, as the real service's are on its own host.
 */
import type { ServerResponse } from "node:http";
import { halMediaType, problemMediaType } from "../../generated/merchant/constants";
import { startLocalServer, type LocalServer, type ReceivedRequest } from "./local-server";
import { responseExample } from "./spec-examples";

export type Route = (request: ReceivedRequest, response: ServerResponse) => unknown;

export interface FakeMerchantApi {
  server: LocalServer;
  url: string;
  tokenUrl: string;
  /** Requests to the token endpoint. */
  tokenRequests: ReceivedRequest[];
  /** Requests to everything else. */
  apiRequests: ReceivedRequest[];
  /** Tokens the API accepts; issued ones are added unless `revokeOnIssue`. */
  validTokens: Set<string>;
  /** Seconds of the issued tokens. */
  expiresIn: number;
  /** Delay of the token answer, so concurrent callers overlap. */
  tokenDelayMs: number;
  /** Routes by method and path (query ignored), e.g. `GET /applications`. */
  routes: Map<string, Route>;
  /** Rewrites the spec's sandbox origin in an example to this server. */
  rebase<T>(value: T): T;
  close(): Promise<void>;
}

export const sandboxOrigin = "https://merchant.test.clearhaus.com";

export function hal(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": halMediaType, "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function problem(
  response: ServerResponse,
  body: { title: string; status: number } & Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(body.status, { "Content-Type": problemMediaType, "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

export async function startFakeMerchantApi(): Promise<FakeMerchantApi> {
  let issued = 0;
  const fake: FakeMerchantApi = {
    server: undefined as unknown as LocalServer,
    url: "",
    tokenUrl: "",
    tokenRequests: [],
    apiRequests: [],
    validTokens: new Set(),
    expiresIn: 86_400,
    tokenDelayMs: 0,
    routes: new Map(),
    rebase: (value) => JSON.parse(JSON.stringify(value).split(sandboxOrigin).join(fake.url)) as typeof value,
    close: () => fake.server.close(),
  };
  fake.server = await startLocalServer(async (request, response) => {
    const path = request.url.split("?")[0];
    if (request.method === "POST" && path === "/oauth/token") {
      fake.tokenRequests.push(request);
      issued += 1;
      const token = `tok-${issued}`;
      fake.validTokens.add(token);
      if (fake.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
      const text = JSON.stringify({
        access_token: token,
        token_type: "Bearer",
        expires_in: fake.expiresIn,
        _links: { "ch:root": { href: `${fake.url}/` } },
      });
      response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      response.end(text);
      return;
    }
    fake.apiRequests.push(request);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !fake.validTokens.has(token)) {
      problem(response, fake.rebase(responseExample<{ title: string; status: number }>("merchant", "getRoot", "401", "invalidToken")), {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      });
      return;
    }
    const route = fake.routes.get(`${request.method} ${path}`);
    if (!route) {
      problem(response, { title: "Not Found", status: 404, "request-id": "test" });
      return;
    }
    await route(request, response);
  });
  fake.url = fake.server.url;
  fake.tokenUrl = `${fake.url}/oauth/token`;
  return fake;
}
