/**
 * Keep-alive on the sandbox's listeners: answers announce 5 s, the listener keeps an idle
 * connection longer, so that a client whose timer to retire it ran late (a busy test process)
 * does not send a request into a connection the sandbox is closing.
 */
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { startTestSandbox } from "./support/sandbox";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

/** Sends `request` on `socket` and resolves with the head of the answer (up to the blank line). */
function exchange(socket: Socket, request: string): Promise<string> {
  return new Promise((done, fail) => {
    if (socket.closed || socket.readyState === "closed") return fail(new Error("the sandbox had closed the connection"));
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) {
        socket.off("data", onData);
        done(received.slice(0, received.indexOf("\r\n\r\n")));
      }
    };
    socket.on("data", onData);
    socket.once("close", () => fail(new Error(`the connection closed; received ${JSON.stringify(received)}`)));
    socket.write(request);
  });
}

describe("keep-alive", () => {
  it("a connection idle past the announced 5 s still serves the next request", async () => {
    const { port } = new URL(sandbox.gatewayUrl);
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    try {
      const request = `GET /account HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`;
      const first = await exchange(socket, request);
      expect(first.toLowerCase()).toContain("keep-alive: timeout=5");
      expect(first.toLowerCase()).toContain("connection: keep-alive");
      await sleep(7_000); // past the announced 5 s and past Node's default close (6 s); the sandbox waits 11 s
      expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      socket.destroy();
    }
  });

  it("a request that asks to close gets no keep-alive announcement", async () => {
    const { port } = new URL(sandbox.gatewayUrl);
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    try {
      const head = (await exchange(socket, `GET /account HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\n\r\n`)).toLowerCase();
      expect(head).toContain("connection: close");
      expect(head).not.toContain("keep-alive");
    } finally {
      socket.destroy();
    }
  });
});
