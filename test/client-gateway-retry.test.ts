/**
 * Money safety under injected faults, counted on the server side: a POST whose bytes may have
 * reached the server is sent exactly once; GETs are retried on network errors, timeouts and
 * 5xx with bounded full-jitter backoff; a POST whose connection was refused is sent again.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mediaType } from "../generated/gateway/constants";
import { ClientNetworkError, ClientTimeoutError, createGatewayClient, GatewayHttpError, type RetryOptions } from "../src/toolkit/gateway";
import { closedPort, sendJson, startLocalServer, type LocalServer } from "./support/local-server";
import { gatewayRequest, responseExample } from "./support/spec-examples";

const servers: LocalServer[] = [];

// Node 20's fetch misses a reset that arrives while its very first connection in the process
// is being set up, and then waits for the timeout; one ordinary exchange first avoids that.
beforeAll(async () => {
  const warm = await startLocalServer((_req, res) => res.end());
  await fetch(warm.url);
  await warm.close();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(...args: Parameters<typeof startLocalServer>): Promise<LocalServer> {
  const started = await startLocalServer(...args);
  servers.push(started);
  return started;
}

/** Retry options that record the waits instead of waiting. */
function recordingRetry(attempts = 3): RetryOptions & { waits: number[] } {
  const waits: number[] = [];
  return { attempts, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999, sleep: async (ms) => void waits.push(ms), waits };
}

const card = () => gatewayRequest("createAuthorization", "card");
const approved = responseExample("gateway", "createAuthorization", "201", "approved");
const account = responseExample("gateway", "getAccount", "200", "account");

describe("connection destroyed before the request is read", () => {
  it("POST is sent once: no retry, outcome unknown", async () => {
    const s = await server(() => undefined, { destroyOnConnect: true });
    const retry = recordingRetry();
    const failure = await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry })
      .authorize(card())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientNetworkError);
    expect(failure).toMatchObject({ method: "POST", attempts: 1, requestMayHaveBeenSent: true });
    expect((failure as Error).message).toContain("outcome is unknown");
    expect(s.connections).toBe(1);
    expect(retry.waits).toEqual([]);
  });

  it("GET is retried up to the attempt limit, with growing full-jitter waits", async () => {
    const s = await server(() => undefined, { destroyOnConnect: true });
    const retry = recordingRetry(4);
    const failure = await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry })
      .account()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientNetworkError);
    expect(failure).toMatchObject({ method: "GET", attempts: 4 });
    expect(s.connections).toBe(4);
    // random() = 0.999 of min(maxDelay, base * 2^(n-1)): 100, 200, 400 (floored).
    expect(retry.waits).toEqual([99, 199, 399]);
  });
});

describe("connection destroyed after the whole request was read", () => {
  const destroyAfterRead = () => server((_req, _res, raw) => void raw.socket.destroy());

  it("POST reached the server exactly once and is not sent again", async () => {
    const s = await destroyAfterRead();
    const failure = await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() })
      .authorize(card())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientNetworkError);
    expect(failure).toMatchObject({ requestMayHaveBeenSent: true });
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]!.method).toBe("POST");
  });

  it("the same holds for every POST flow", async () => {
    const s = await destroyAfterRead();
    const client = createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() });
    const id = randomUUID();
    const calls = [
      () => client.capture(id),
      () => client.refund(id),
      () => client.void(id),
      () => client.debit(gatewayRequest("createDebit", "intraEeaVisa")),
      () => client.refundDebit(id),
      () => client.credit(gatewayRequest("createCredit", "payout")),
    ];
    for (const call of calls) await expect(call()).rejects.toBeInstanceOf(ClientNetworkError);
    expect(s.requests).toHaveLength(calls.length);
  });

  it("GET is retried and succeeds once the server answers", async () => {
    let seen = 0;
    const s = await server((_req, res, raw) => {
      seen += 1;
      if (seen < 3) raw.socket.destroy();
      else sendJson(res, 200, account, {}, mediaType);
    });
    await expect(createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() }).account()).resolves.toEqual(
      account,
    );
    expect(s.requests).toHaveLength(3);
  });
});

describe("5xx answers", () => {
  it("GET is retried on 5xx, then the last answer is reported", async () => {
    const s = await server((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const failure = await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() })
      .account()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayHttpError);
    expect(failure).toMatchObject({ status: 503 });
    expect(s.requests).toHaveLength(3);
  });

  it("GET recovers from a 500", async () => {
    const s = await server((req, res) => {
      if (s.requests.length === 1) {
        res.statusCode = 500;
        res.end("oops");
      } else sendJson(res, 200, account, {}, mediaType);
    });
    await expect(createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() }).account()).resolves.toEqual(
      account,
    );
    expect(s.requests).toHaveLength(2);
  });

  it("POST is not retried on 5xx", async () => {
    const s = await server((_req, res) => {
      res.statusCode = 502;
      res.end();
    });
    const failure = await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() })
      .authorize(card())
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502 });
    expect(s.requests).toHaveLength(1);
  });
});

// The per-attempt timer runs on fake time, moved on once the server holds the request: an attempt
// times out when the test says so, never because a busy machine was slow to deliver it or its answer.
describe("timeouts", () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => void vi.useRealTimers());

  it("a POST that times out is not sent again", async () => {
    const s = await server(() => undefined); // reads the request, never answers
    const failing = createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), timeoutMs: 150, retry: recordingRetry() })
      .authorize(card())
      .catch((error: unknown) => error);
    await expect.poll(() => s.requests.length).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    const failure = await failing;
    expect(failure).toBeInstanceOf(ClientTimeoutError);
    expect(failure).toMatchObject({ timeoutMs: 150, requestMayHaveBeenSent: true, attempts: 1 });
    expect(s.requests).toHaveLength(1);
  });

  it("a GET that times out is retried", async () => {
    const s = await server((_req, res) => {
      if (s.requests.length >= 2) sendJson(res, 200, account, {}, mediaType);
    });
    const reading = createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), timeoutMs: 150, retry: recordingRetry() }).account();
    await expect.poll(() => s.requests.length).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    await expect(reading).resolves.toEqual(account);
    expect(s.requests).toHaveLength(2);
  });

  it("the caller's own abort is not retried", async () => {
    const s = await server(() => undefined);
    const controller = new AbortController();
    const reading = createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry() })
      .account({ signal: controller.signal })
      .catch((error: unknown) => error);
    await expect.poll(() => s.requests.length).toBe(1);
    controller.abort();
    const failure = await reading;
    expect((failure as Error).name).toBe("AbortError");
    expect(s.requests).toHaveLength(1);
  });
});

describe("connection refused (nothing was sent)", () => {
  it("a POST is sent again, and reaches the server exactly once", async () => {
    const port = await closedPort();
    let received = 0;
    const late = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received += 1;
        sendJson(res, 201, approved, {}, mediaType);
      });
    });
    const retry = recordingRetry();
    // The server starts listening during the client's backoff after the refused attempt.
    retry.sleep = async (ms) => {
      retry.waits.push(ms);
      await new Promise<void>((resolve) => late.listen(port, "127.0.0.1", resolve));
    };
    try {
      const outcome = await createGatewayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: randomUUID(), retry }).authorize(card());
      expect(outcome.approved).toBe(true);
      expect(received).toBe(1);
      expect(retry.waits).toHaveLength(1);
    } finally {
      late.closeAllConnections();
      await new Promise((resolve) => late.close(resolve));
    }
  });

  it("reports requestMayHaveBeenSent: false when every attempt was refused", async () => {
    const port = await closedPort();
    const failure = await createGatewayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: randomUUID(), retry: recordingRetry(2) })
      .authorize(card())
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "ECONNREFUSED", attempts: 2, requestMayHaveBeenSent: false });
  });
});

describe("log lines", () => {
  it("one line per retry, with method and path", async () => {
    const s = await server((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const lines: string[] = [];
    await createGatewayClient({ baseUrl: s.url, apiKey: randomUUID(), retry: recordingRetry(), log: (line) => lines.push(line) })
      .account()
      .catch(() => undefined);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/account attempt 1 answered 503; retrying in \d+ ms$/);
  });
});
