/**
 * Helpers for tests that start serving processes as users do (npm, npx, the CLI) and check that
 * they stop completely: ready lines, free ports, no processes left.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { startChild, type Child, type Finished } from "../../src/testkit/serve/children";
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

/** `pid: command line` of a process (Linux /proc), or undefined once it has ended. */
function commandLineOf(pid: number): string | undefined {
  try {
    return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ")}`;
  } catch {
    return undefined;
  }
}

/** Processes whose command line contains `text` (Linux /proc), as `pid: command line`. */
export function processesMentioning(text: string): string[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => commandLineOf(Number(pid)))
    .filter((line): line is string => line?.includes(text) === true);
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

export interface Serving {
  child: ChildProcess;
  /** The `ready ...` line. */
  ready: string;
  output(): string;
}

/**
 * How long a command may work, in terms that hold on a busy machine: it is stuck when it and
 * every process it started spent no CPU time and printed nothing for `stallMs`, and lost when they
 * spent `cpuBudgetMs` of CPU time in all; never after a fixed wall time. (A starved process takes
 * longer in wall time, not in CPU time.)
 */
export interface ProgressBounds {
  cpuBudgetMs: number;
  stallMs: number;
}

/** A serving command's start: a ready line within this. */
export const START_BOUNDS: ProgressBounds = { cpuBudgetMs: 600_000, stallMs: 30_000 };
/** A command run to its end (npm install, pack, a generator, a suite). */
export const RUN_BOUNDS: ProgressBounds = { cpuBudgetMs: 1_800_000, stallMs: 60_000 };

/**
 * Polls `check` until it holds, with no deadline: for a state the test's own processes reach by
 * their progress, where `check` also holds once the process waited on has exited (the caller then
 * fails at once, with its output). One that never gets there meets vitest's hang guard.
 */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((done) => setTimeout(done, 100));
}

/**
 * Resolves once none of `pids` runs (each has exited, however long a busy machine takes to run
 * its stopping). Bounded by progress, not wall time: it rejects, naming the processes left, once
 * they have spent no CPU time for `stallMs`: idle, so nothing is stopping them.
 */
export async function ended(pids: readonly number[], stallMs = RUN_BOUNDS.stallMs): Promise<void> {
  let progress = { at: Date.now(), cpu: -1 };
  for (let left = pids.filter(processRuns); left.length > 0; left = left.filter(processRuns)) {
    // One that exits leaves the sum: that is progress too.
    const cpu = left.reduce((sum, pid) => sum + (cpuMilliseconds(pid) ?? 0), 0);
    if (cpu !== progress.cpu) progress = { at: Date.now(), cpu };
    else if (Date.now() - progress.at > stallMs)
      throw new Error(`left running, with no CPU time for ${stallMs / 1000} s:\n${left.map(commandLineOf).join("\n")}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The commands started by runWatched or startServing that still run. */
const running = new Set<Child>();

/**
 * Stops (with their process groups) the commands started by runWatched or startServing that
 * still run: at the end of each test file (test/support/stop-left-children.ts), for those a
 * failed test left, its clean-up never reached (an assertion thrown before it, or the hang guard).
 */
export async function stopLeftChildren(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** CPU time spent so far by `pid` and the processes descended from it that still run. */
function treeCpuMilliseconds(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + (cpuMilliseconds(each) ?? 0), 0);
}

/**
 * Starts a command in a process group of its own, watched against `bounds`: `broken` rejects,
 * saying which bound, once it breaks one (the caller stops it); `stop` ends the watch.
 */
function startWatched(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; bounds: ProgressBounds; onLine?: (line: string) => void },
): { child: Child; broken: Promise<never>; stop(): void } {
  let progress = { at: Date.now(), cpu: 0 };
  const started = Date.now();
  const child = startChild(command, args, {
    cwd: options.cwd,
    env: options.env,
    ownGroup: true,
    onLine: (line) => {
      progress = { ...progress, at: Date.now() };
      options.onLine?.(line);
    },
  });
  running.add(child);
  const forget = () => running.delete(child);
  void child.finished.then(forget, forget);
  let watch: NodeJS.Timeout | undefined;
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  const broken = new Promise<never>((_, fail) => {
    watch = setInterval(() => {
      if (child.process.pid === undefined) return;
      const cpu = treeCpuMilliseconds(child.process.pid);
      if (cpu !== progress.cpu) progress = { at: Date.now(), cpu };
      if (cpu > options.bounds.cpuBudgetMs) fail(new Error(`it spent ${seconds(cpu)} of CPU time`));
      else if (Date.now() - progress.at > options.bounds.stallMs)
        fail(new Error(`no output or CPU time for ${seconds(options.bounds.stallMs)} (${seconds(Date.now() - started)} since the start)`));
    }, 500);
  });
  broken.catch(() => undefined);
  return { child, broken, stop: () => clearInterval(watch) };
}

/**
 * Runs a command to its end, bounded by progress (RUN_BOUNDS) instead of wall time; when it
 * breaks a bound, its whole process group is stopped and the run rejects, saying why.
 */
export async function runWatched(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  bounds: ProgressBounds = RUN_BOUNDS,
): Promise<Finished> {
  const watched = startWatched(command, args, { cwd, env, bounds });
  try {
    return await Promise.race([watched.child.finished, watched.broken]);
  } catch (error) {
    await watched.child.stop();
    throw new Error(`${command} ${args.join(" ")}: ${(error as Error).message}:\n${watched.child.output().slice(-4000)}`, { cause: error });
  } finally {
    watched.stop();
  }
}

/**
 * Starts a command in a process group of its own and resolves with its `ready ...` line. When it
 * exits first or breaks a START_BOUNDS bound, the whole group is stopped before the start fails,
 * so nothing it started is left running. It is also stopped when the test process exits, if the
 * test has not stopped it (src/testkit/serve/children.ts).
 */
export async function startServing(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  bounds: ProgressBounds = START_BOUNDS,
): Promise<Serving> {
  let ready: (line: string) => void = () => undefined;
  const readyLine = new Promise<string>((done) => (ready = done));
  const watched = startWatched(command, args, { cwd, env, bounds, onLine: (line) => isReadyLine(line) && ready(line) });
  const { child } = watched;
  const exited = child.finished.then((finished) =>
    Promise.reject(new Error(`exited with ${finished.code ?? finished.signal} before it was ready`)),
  );
  try {
    const line = await Promise.race([
      readyLine,
      watched.broken.catch((error: Error) => Promise.reject(new Error(`no ready line: ${error.message}`))),
      exited,
    ]);
    return { child: child.process, ready: line, output: () => child.output() };
  } catch (error) {
    await child.stop();
    throw new Error(`${command} ${args.join(" ")}: ${(error as Error).message}:\n${child.output()}`, { cause: error });
  } finally {
    watched.stop();
  }
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
