/**
 * A request is processed only once all of its body has arrived. A body cut short (the client
 * went away, or the request timed out) books nothing: under the `methods` signing setting an
 * unsigned capture of 100 whose connection dropped used to be read as an empty capture, which
 * means "all of it". Raw sockets, because HTTP clients do not send half a body.
 */
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeConfig, defaultConfig } from "../src/testkit/sandbox/configuration/config";
import { startSandbox, type RunningSandbox } from "../src/testkit/sandbox/server";
import { basic, GatewayClient, keys, sandboxLog } from "./support/sandbox";

let sandbox: RunningSandbox;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({
    config: mergeConfig(defaultConfig(), { gateway: { signing: "methods" } }),
    responseValidation: "strict",
    log: (line) => sandboxLog.push(line),
    timeouts: { requestMs: 1_000, headersMs: 1_000, checkIntervalMs: 200 },
  });
  gateway = new GatewayClient(sandbox.gatewayUrl);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

/** Sends a capture's head and part of its body; `then` ends the connection or leaves it open. Resolves with what came back before it closed. */
function partialCapture(authorizationId: string, then: "disconnect" | "wait"): Promise<string> {
  const { port } = new URL(sandbox.gatewayUrl);
  const body = "amount=100";
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => {
      socket.write(
        `POST /authorizations/${authorizationId}/captures HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: ${basic(keys.merchantKey)}\r\n` +
          `content-type: application/x-www-form-urlencoded\r\ncontent-length: ${body.length + 40}\r\n\r\n${body}`,
      );
      if (then === "disconnect") setTimeout(() => socket.destroy(), 100);
    });
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("close", () => done(received));
    socket.on("error", () => undefined);
  });
}

describe("a body cut short", () => {
  it.each(["disconnect", "wait"] as const)(
    "is not processed (the client's connection: %s): the whole amount can still be captured",
    async (then) => {
      const authorization = await gateway.authorize({ amount: 10000 });
      expect(authorization.body.status?.code).toBe(20000);
      const answer = await partialCapture(authorization.body.id!, then);
      if (then === "wait") expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      await sleep(300); // room for a wrongly processed capture to land before the check
      const capture = await gateway.post(`/authorizations/${authorization.body.id}/captures`, { amount: 10000 });
      expect(capture.body.status?.code, JSON.stringify(capture.body)).toBe(20000);
    },
  );
});
