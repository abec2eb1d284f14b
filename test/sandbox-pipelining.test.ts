/**
 * Requests pipelined on one connection take effect in the order they were sent, whichever path
 * each takes: a signed capture (verified off the event loop) followed by an unsigned one (under
 * `signing: methods`, handled at once) must book the first before the second. Raw sockets, as
 * HTTP clients do not pipeline.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig, mergeConfig } from "../src/testkit/sandbox/configuration/config";
import { startSandbox, type RunningSandbox } from "../src/testkit/sandbox/server";
import { completeAnswers } from "./support/raw-http";
import { basic, GatewayClient, keys, sandboxLog, signer } from "./support/sandbox";

let sandbox: RunningSandbox;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({
    config: mergeConfig(defaultConfig(), { gateway: { signing: "methods" } }),
    responseValidation: "strict",
    log: (line) => sandboxLog.push(line),
  });
  gateway = new GatewayClient(sandbox.gatewayUrl);
});
afterAll(async () => {
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  await sandbox?.stop();
});

/** Writes all requests at once on one connection; resolves with the status codes of the answers, in order. */
function pipelined(requests: string[]): Promise<number[]> {
  const { port } = new URL(sandbox.gatewayUrl);
  return new Promise((done, fail) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) }, () => socket.write(requests.join("")));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const statuses = completeAnswers(received);
      if (statuses.length === requests.length) {
        socket.destroy();
        done(statuses);
      }
    });
    socket.on("error", fail);
    // However long a busy machine takes: the answers come, or the server closes the connection first.
    socket.on("close", () => fail(new Error(`the connection closed before an answer to every request came:\n${received}`)));
  });
}

function capture(authorizationId: string, amount: number, signed: boolean): string {
  const { port } = new URL(sandbox.gatewayUrl);
  const body = `amount=${amount}`;
  const signature = signed ? `signature: ${signer.headerFor(Buffer.from(body))}\r\n` : "";
  return (
    `POST /authorizations/${authorizationId}/captures HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: ${basic(keys.merchantKey)}\r\n${signature}` +
    `content-type: application/x-www-form-urlencoded\r\ncontent-length: ${body.length}\r\n\r\n${body}`
  );
}

describe("pipelined requests", () => {
  it("a signed capture and an unsigned one behind it are applied in the order sent", async () => {
    for (let round = 0; round < 5; round++) {
      const authorization = await gateway.authorize({ amount: 200 });
      expect(authorization.body.status?.code).toBe(20000);
      // In order: 150 is captured, then 100 exceeds the 50 left. Out of order it is the other way round.
      expect(await pipelined([capture(authorization.body.id!, 150, true), capture(authorization.body.id!, 100, false)])).toEqual([
        201, 400,
      ]);
    }
  });
});
