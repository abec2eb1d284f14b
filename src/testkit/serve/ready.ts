/**
 * Readiness: a server is ready when its port accepts a TCP connection, within a bound. A probe
 * sends no request, so it leaves no line in a server's log, no row in the sandbox's exchange
 * record and no answer to read: the listeners here bind only once they can serve.
 */
import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { cpuMilliseconds } from "./process-cpu";

export interface Endpoint {
  /** Short name for the ready line, e.g. `gateway-sandbox`. */
  name: string;
  url: string;
}

const PROBE_TIMEOUT_MS = 1_000;
const PROBE_INTERVAL_MS = 200;

/** One probe: `true` when the host and port of `url` accept a connection, else why not. */
export function accepts(url: string): Promise<true | string> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port || (protocol === "https:" ? 443 : 80)) });
    socket.setTimeout(PROBE_TIMEOUT_MS, () => socket.destroy(new Error(`no connection within ${PROBE_TIMEOUT_MS} ms`)));
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", (error) => done(error.message));
  });
}

/** Resolves once `url`'s port accepts connections; rejects after `timeoutMs`. */
export async function waitUntilListening(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive()) throw new Error(`${url}: the server exited before it listened`);
    const answer = await accepts(url);
    if (answer === true) return;
    if (Date.now() + PROBE_INTERVAL_MS > deadline) throw new Error(`${url} did not accept connections within ${timeoutMs} ms (${answer})`);
    await sleep(PROBE_INTERVAL_MS);
  }
}

/**
 * How long a child process may take to start serving, in terms that hold on a busy machine: the
 * CPU time it spends (a starved process takes longer in wall time, not in CPU time), and a stall,
 * a stretch of wall time in which it spent no CPU at all. Where CPU time cannot be read (no /proc),
 * the stall bound counts from the start.
 */
export interface StartBounds {
  cpuBudgetMs: number;
  stallMs: number;
}

/** Resolves once `url` answers; rejects, naming `name` and why, when the child exits or breaks a bound. */
export async function waitUntilChildListens(child: ChildProcess, url: string, bounds: StartBounds, name: string): Promise<void> {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const failure = (why: string) => new Error(`${name} did not listen on ${url}: ${why}${output ? `:\n${output}` : ""}`);
  let spent = 0;
  let lastProgress = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
      throw failure(`it exited with ${child.exitCode ?? child.signalCode}`);
    if ((await accepts(url)) === true) return;
    const now = cpuMilliseconds(child.pid) ?? spent;
    if (now > spent) [spent, lastProgress] = [now, Date.now()];
    if (spent > bounds.cpuBudgetMs) throw failure(`it spent ${(spent / 1000).toFixed(1)} s of CPU time starting`);
    if (Date.now() - lastProgress > bounds.stallMs) throw failure(`it spent no CPU time for ${(bounds.stallMs / 1000).toFixed(1)} s`);
    await sleep(PROBE_INTERVAL_MS);
  }
}

const READY = "ready ";

/** Whether a line of a serving process's output is its ready line (as `readyLine` writes it). */
export function isReadyLine(line: string): boolean {
  return line.startsWith(READY);
}

/** The URLs of a ready line by name: `ready a=http://x b=http://y` gives `{a: "http://x", b: "http://y"}`. */
export function parseReadyLine(line: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const pair of (isReadyLine(line) ? line.slice(READY.length) : line).split(" ")) {
    // The name ends at the first `=`: a URL may hold more of them (a query).
    const eq = pair.indexOf("=");
    if (eq > 0) urls[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return urls;
}

/** Waits for every endpoint, then returns the single `ready` line that scripts wait for. */
export async function readyLine(endpoints: readonly Endpoint[], timeoutMs = 30_000): Promise<string> {
  await Promise.all(endpoints.map((endpoint) => waitUntilListening(endpoint.url, timeoutMs)));
  return `${READY}${endpoints.map((endpoint) => `${endpoint.name}=${endpoint.url}`).join(" ")}`;
}
