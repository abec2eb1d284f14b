/**
 * No PAN, CSC or request body in any error or log line: every error path of the gateway client
 * is triggered with a body that carries a PAN and a CSC, and the error's message, stack, cause
 * and every enumerable property (deeply) are searched for them. The servers echo the body back
 * wherever they can, so a client that quoted the answer would fail too.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaType } from "../generated/gateway/constants";
import { createGatewayClient, type GatewayClientOptions } from "../src/toolkit/gateway";
import { maskPans } from "../src/toolkit/clients/common/redact";
import { closedPort, startLocalServer, type Handler, type LocalServer } from "./support/local-server";

const PAN = "4200000000000000";
const CSC = "591";
const body = () => ({ amount: 2050, currency: "EUR", card: { pan: PAN, expire_month: "06", expire_year: "2030", csc: CSC } });
const wire = `card[pan]=${PAN}&card[expire_month]`;

/** Every string reachable from the error: message, stack, cause chain, enumerable properties. */
function strings(value: unknown, seen = new Set<unknown>()): { text: string; isStack: boolean }[] {
  if (typeof value === "string") return [{ text: value, isStack: false }];
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  const found: { text: string; isStack: boolean }[] = [];
  if (value instanceof Error) {
    found.push({ text: value.message, isStack: false }, { text: value.stack ?? "", isStack: true });
    found.push(...strings(value.cause, seen));
  }
  for (const key of Object.keys(value)) {
    found.push({ text: key, isStack: false }, ...strings((value as Record<string, unknown>)[key], seen));
  }
  return found;
}

function expectClean(error: unknown): void {
  expect(error).toBeInstanceOf(Error);
  for (const { text, isStack } of strings(error)) {
    expect(text).not.toContain(PAN);
    expect(text).not.toContain(PAN.slice(0, 12)); // not even partly: masking keeps the last four only
    expect(text).not.toContain(wire);
    expect(text).not.toMatch(new RegExp(`csc\\W{0,6}${CSC}`, "i"));
    // Line numbers in a stack may be any digits; messages and properties must not hold the CSC at all.
    if (!isStack) expect(text).not.toMatch(new RegExp(`(?<!\\d)${CSC}(?!\\d)`));
  }
}

let server: LocalServer;
const lines: string[] = [];
const options = (extra: Partial<GatewayClientOptions> = {}): GatewayClientOptions => ({
  baseUrl: server.url,
  apiKey: randomUUID(),
  retry: { attempts: 2, sleep: async () => undefined },
  log: (line) => lines.push(line),
  ...extra,
});

/** Answers with `status`, echoing the request body in the answer. */
const echo =
  (status: number, contentType = mediaType): Handler =>
  (request, response) => {
    response.writeHead(status, { "Content-Type": contentType });
    response.end(status === 400 ? JSON.stringify({ error: request.body.toString() }) : `<html>${request.body.toString()}</html>`);
  };

beforeAll(async () => {
  const warm = await startLocalServer((_req, res) => res.end());
  await fetch(warm.url);
  await warm.close();
  server = await startLocalServer(echo(404));
});
afterAll(async () => {
  await server?.close();
  for (const line of lines) {
    expect(line).not.toContain(PAN);
    expect(line).not.toContain(wire);
  }
});

describe("no PAN, CSC or body in errors", () => {
  const cases: [string, () => Promise<unknown>][] = [
    [
      "signing required (applepay raw)",
      () =>
        createGatewayClient(options()).authorize({
          amount: 1,
          currency: "EUR",
          applepay: { raw: { pan: PAN, expire_month: "06", expire_year: "2030", cryptogram: "AgAAAAAABk4DWZ4C28yUQAAAAAA=" } },
        }),
    ],
    ["401", () => (server.handle(echo(401)), createGatewayClient(options()).authorize(body()))],
    ["404 echoing the body", () => (server.handle(echo(404)), createGatewayClient(options()).authorize(body()))],
    ["503 echoing the body", () => (server.handle(echo(503)), createGatewayClient(options()).authorize(body()))],
    ["400 JSON without a status, echoing the body", () => (server.handle(echo(400)), createGatewayClient(options()).authorize(body()))],
    ["201 that is not JSON, echoing the body", () => (server.handle(echo(201)), createGatewayClient(options()).authorize(body()))],
    [
      "connection reset after the body was read",
      () => (server.handle((_req, _res, raw) => void raw.socket.destroy()), createGatewayClient(options()).authorize(body())),
    ],
    ["timeout", () => (server.handle(() => undefined), createGatewayClient(options({ timeoutMs: 100 })).authorize(body()))],
    [
      "connection refused",
      async () => createGatewayClient(options({ baseUrl: `http://127.0.0.1:${await closedPort()}` })).authorize(body()),
    ],
    [
      "a custom fetch whose error quotes the request",
      () =>
        createGatewayClient(
          options({
            fetch: async (_url, init) => {
              throw new TypeError(`cannot send ${new TextDecoder().decode(init.body as Uint8Array)}`, {
                cause: { code: "EFAKE", body: init.body },
              });
            },
          }),
        ).authorize(body()),
    ],
  ];

  it.each(cases)("%s", async (_name, trigger) => {
    const failure = await trigger().then(
      () => undefined,
      (error: unknown) => error,
    );
    expectClean(failure);
  });

  it("the check finds a PAN and a CSC when they are there (it is not vacuous)", () => {
    const leaky = new Error(`declined ${wire}`);
    expect(() => expectClean(leaky)).toThrow();
    expect(() => expectClean(Object.assign(new Error("x"), { detail: { csc: CSC } }))).toThrow();
  });

  it("declines carry the service's message with PANs masked", async () => {
    server.handle((_req, res) => {
      res.writeHead(400, { "Content-Type": mediaType });
      res.end(JSON.stringify({ status: { code: 40110, message: `invalid card number ${PAN}` } }));
    });
    const outcome = await createGatewayClient(options()).authorize(body());
    expect(outcome).toMatchObject({ approved: false, message: `invalid card number ${maskPans(PAN)}` });
    expect(maskPans(PAN)).toBe("************0000");
  });
});
