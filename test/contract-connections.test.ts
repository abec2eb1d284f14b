/**
 * The contract suite's connections (contract-tests/support/connections.ts) against the
 * keep-alive race that made it fail on busy machines: a server that drops a request arriving on
 * a connection it already considers idle too long, as a server does when its idle timer fires
 * before it has read a request that is on its way.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createSuiteFetch, suiteFetch } from "../contract-tests/support/connections";

interface RaceServer {
  url: string;
  /** Connections accepted, and requests that reached the handler. */
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Treats a connection as expired after `expireMs` idle and drops a request arriving later unread:
 * the moment of the race, made to happen every time instead of by chance. It announces a long
 * `Keep-Alive` timeout, so that undici's own idle timer never retires the socket first, however
 * slow the machine.
 */
async function raceServer(expireMs: number): Promise<RaceServer> {
  const idleSince = new WeakMap<Socket, number>();
  const state = { connections: 0, requests: [] as string[] };
  const server: Server = createServer((req, res) => {
    const since = idleSince.get(req.socket);
    if (since !== undefined && performance.now() - since >= expireMs) {
      req.socket.destroy();
      return;
    }
    state.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      res.setHeader("keep-alive", "timeout=600");
      res.end("ok", () => idleSince.set(req.socket, performance.now()));
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return state.connections;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

describe("the contract suite's connections", () => {
  let server: RaceServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("the race is real: Node's own fetch sends after a pause on the connection its server is closing", async () => {
    server = await raceServer(1_200);
    await (await fetch(`${server.url}/first`)).text();
    await sleep(1_500);
    await expect(fetch(`${server.url}/second`, { method: "POST", body: "amount=100" })).rejects.toThrow(/fetch failed/);
    expect(server.requests).toEqual(["GET /first"]);
  });

  it("after the same pause, the suite sends on a new connection and the request is served once", async () => {
    server = await raceServer(1_200);
    await (await suiteFetch(`${server.url}/first`)).text();
    await sleep(1_500);
    const response = await suiteFetch(`${server.url}/second`, { method: "POST", body: "amount=100" });
    expect(await response.text()).toBe("ok");
    expect(server.requests).toEqual(["GET /first", "POST /second"]);
    expect(server.connections).toBe(2);
  });

  it("requests within the reuse bound share one connection", async () => {
    server = await raceServer(600_000);
    const fetchReusingForAMinute = createSuiteFetch(60_000); // a bound no busy machine's pauses reach
    for (let i = 0; i < 5; i++) expect((await fetchReusingForAMinute(`${server.url}/n${i}`)).status).toBe(200);
    expect(server.connections).toBe(1);
  });

  it("a POST whose connection drops after it was sent is not sent again", async () => {
    const received: string[] = [];
    const dropping = createServer((req) => {
      received.push(`${req.method} ${req.url}`);
      req.resume();
      req.on("end", () => req.socket.destroy());
    });
    await new Promise<void>((done) => dropping.listen(0, "127.0.0.1", done));
    const { port } = dropping.address() as AddressInfo;
    try {
      await expect(suiteFetch(`http://127.0.0.1:${port}/captures`, { method: "POST", body: "amount=100" })).rejects.toThrow(/fetch failed/);
      await sleep(200);
      expect(received).toEqual(["POST /captures"]);
    } finally {
      await new Promise<void>((done) => dropping.close(() => done()));
    }
  });

  it("a request that gets no answer, or whose answer stops arriving, fails in one line naming it once it makes no progress", async () => {
    const silent = createServer((req, res) => {
      req.resume();
      if (req.url === "/half") res.writeHead(200, { "content-length": "10" }).write("12345"); // and nothing more
    });
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const { port } = silent.address() as AddressInfo;
    const fetchWithShortStall = createSuiteFetch(1_000, 300);
    try {
      await expect(fetchWithShortStall(`http://127.0.0.1:${port}/none`, { method: "POST", body: "amount=100" })).rejects.toThrow(
        `POST http://127.0.0.1:${port}/none: no answer within 0.3 s: the target stopped answering this request`,
      );
      await expect(fetchWithShortStall(`http://127.0.0.1:${port}/half`)).rejects.toThrow(
        `GET http://127.0.0.1:${port}/half: no further bytes of the answer within 0.3 s`,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((done) => silent.close(() => done()));
    }
  });
});
