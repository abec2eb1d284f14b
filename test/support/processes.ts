/**
 * Helpers for tests that start serving processes as users do (npm, npx, the CLI) and check that
 * they stop completely: ready lines, free ports, no processes left.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { startChild } from "../../src/testkit/serve/children";
import { cpuMilliseconds } from "../../src/testkit/serve/process-cpu";
import { isReadyLine } from "../../src/testkit/serve/ready";

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      done(false);
    });
    socket.once("error", () => done(true));
  });
}

/** Processes whose command line contains `text` (Linux /proc), as `pid: command line`. */
export function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (commandLine.includes(text)) found.push(`${pid}: ${commandLine}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or undefined when there is no such process. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a running process (Linux /proc): not gone, and not a zombie nobody has reaped yet. */
export function processRuns(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== "Z";
}

/** The running processes descended from `pid` (children, their children, ...), by /proc's parent ids. */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const fields = statFields(Number(entry));
    if (fields && fields[0] !== "Z") parentOf.set(Number(entry), Number(fields[1]));
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0;) {
    const next = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** Polls `check` until it holds or `timeoutMs` passes; returns the last answer. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return check();
}

export interface Serving {
  child: ChildProcess;
  /** The `ready ...` line. */
  ready: string;
  output(): string;
}

/**
 * How long a start may take, in terms that hold on a busy machine: it fails when the command and
 * every process it started spent no CPU time and printed nothing for `stallMs` (stuck), or spent
 * `cpuBudgetMs` of CPU time in all without a ready line (lost); never after a fixed wall time.
 */
export const START_BOUNDS = { cpuBudgetMs: 600_000, stallMs: 30_000 };

/** CPU time spent so far by `pid` and the processes descended from it that still run. */
function treeCpuMilliseconds(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + (cpuMilliseconds(each) ?? 0), 0);
}

/**
 * Starts a command in a process group of its own and resolves with its `ready ...` line. When it
 * exits first or breaks a START_BOUNDS bound, the whole group is stopped before the start fails,
 * so nothing it started is left running. It is also stopped when the test process exits, if the
 * test has not stopped it (src/testkit/serve/children.ts).
 */
export function startServing(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  bounds: typeof START_BOUNDS = START_BOUNDS,
): Promise<Serving> {
  let progress = { at: Date.now(), cpu: 0 };
  const started = Date.now();
  const child = startChild(command, args, {
    cwd,
    env,
    ownGroup: true,
    onLine: (line) => {
      progress = { ...progress, at: Date.now() };
      if (isReadyLine(line)) ready(line);
    },
  });
  let ready: (line: string) => void = () => undefined;
  const readyLine = new Promise<string>((done) => (ready = done));
  let watch: NodeJS.Timeout | undefined;
  const broken = new Promise<never>((_, fail) => {
    watch = setInterval(() => {
      if (child.process.pid === undefined) return;
      const cpu = treeCpuMilliseconds(child.process.pid);
      if (cpu !== progress.cpu) progress = { at: Date.now(), cpu };
      const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
      if (cpu > bounds.cpuBudgetMs) fail(new Error(`no ready line after ${seconds(cpu)} of CPU time`));
      else if (Date.now() - progress.at > bounds.stallMs)
        fail(
          new Error(
            `no ready line, and no output or CPU time for ${seconds(bounds.stallMs)} (${seconds(Date.now() - started)} since the start)`,
          ),
        );
    }, 500);
  });
  const exited = child.finished.then((finished) =>
    Promise.reject(new Error(`exited with ${finished.code ?? finished.signal} before it was ready`)),
  );
  return Promise.race([readyLine, broken, exited])
    .then((line) => ({ child: child.process, ready: line, output: () => child.output() }))
    .catch(async (error: Error) => {
      await child.stop();
      throw new Error(`${command} ${args.join(" ")}: ${error.message}:\n${child.output()}`);
    })
    .finally(() => clearInterval(watch));
}

/** `payment-apis sandbox` from this checkout's sources, every listener on a free port: node's arguments. */
export const sandboxCliInTree: readonly string[] = [
  "-r",
  "ts-node/register/transpile-only",
  join("src", "testkit", "cli", "main.ts"),
  "sandbox",
  "--gateway-port",
  "0",
  "--merchant-port",
  "0",
  "--storage-port",
  "0",
];

/** The URLs of a ready line, by name (the parser the serving processes' callers share). */
export { parseReadyLine as readyUrls } from "../../src/testkit/serve/ready";
