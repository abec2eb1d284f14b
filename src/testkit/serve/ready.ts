/** Readiness: a server is ready when it answers HTTP at all (any status), within a bound. */

export interface Endpoint {
  /** Short name for the ready line, e.g. `gateway-sandbox`. */
  name: string;
  url: string;
}

const PROBE_TIMEOUT_MS = 1_000;
const PROBE_INTERVAL_MS = 200;

/** Resolves once `url` answers any HTTP response; rejects after `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = "no answer";
  for (;;) {
    if (!isAlive()) throw new Error(`${url}: the server exited before it answered`);
    try {
      const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.body?.cancel();
      return;
    } catch (error) {
      lastError = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (Date.now() + PROBE_INTERVAL_MS > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
    await new Promise((done) => setTimeout(done, PROBE_INTERVAL_MS));
  }
}

/** The URLs of a ready line by name: `ready a=http://x b=http://y` gives `{a: "http://x", b: "http://y"}`. */
export function parseReadyLine(line: string): Record<string, string> {
  return Object.fromEntries(line.replace(/^ready /, "").split(" ").map((pair) => pair.split("=") as [string, string]));
}

/** Waits for every endpoint, then returns the single `ready` line that scripts wait for. */
export async function readyLine(endpoints: readonly Endpoint[], timeoutMs = 30_000): Promise<string> {
  await Promise.all(endpoints.map((endpoint) => waitUntilAnswering(endpoint.url, timeoutMs)));
  return `ready ${endpoints.map((endpoint) => `${endpoint.name}=${endpoint.url}`).join(" ")}`;
}
