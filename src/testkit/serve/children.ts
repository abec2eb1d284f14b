/**
 * The one way this project starts a child process. `startChild` spawns it, collects or streams
 * its output and registers it: `stop()` sends SIGTERM, then SIGKILL after STOP_BOUND_MS; the
 * owner's Lifecycle (./lifecycle.ts) stops every registered child on SIGTERM, SIGINT or SIGHUP;
 * and if the owner exits while one still runs, it gets SIGTERM (all a process can still send
 * then). `runChild` starts one and waits for it; `runChildSync` is for short commands only (git,
 * tar, npm view): the owner is blocked meanwhile and cannot stop it, so it is not registered.
 *
 * Why node:child_process and no library. Candidates in the npm registry, May 2026:
 * - execa 10 requires Node 22 (its engines), and this project supports Node 20.19.
 * - nano-spawn 2 and tinyexec 1 are ESM only, which CommonJS on Node 20.19+ loads with
 *   require(esm), as get-port already is here. But both always merge `process.env` under the
 *   environment they are given (tried: a variable the caller left out reaches the child all the
 *   same), and the contract runners leave some out on purpose (a caller's GATEWAY_BASE_URL, or
 *   FORCE_COLOR, must not reach the suite). Neither stops a child with escalation or ties it to
 *   its owner's signals, which is what this module is for; they would save the output collection,
 *   some thirty lines.
 * - cross-spawn makes commands resolve on Windows as on POSIX; it spawns nothing differently here
 *   (the testkit spawns `process.execPath` with a script path, the scripts run on Linux).
 */
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";

/** How long a child may take to stop after SIGTERM before it gets SIGKILL. */
export const STOP_BOUND_MS = 5_000;

type Stream = "stdout" | "stderr";

export interface ChildOptions {
  cwd?: string;
  /** The child's whole environment: nothing is merged in, so a variable left out stays out. Default: ours. */
  env?: NodeJS.ProcessEnv;
  /** As node:child_process takes it. Default: no stdin, stdout and stderr piped (collected, and given to onLine). */
  stdio?: StdioOptions;
  /** Receives each line of piped output as it comes, without its line break. */
  onLine?: (line: string, stream: Stream) => void;
  /** Keep only the last this many characters of output (a long-running server). Default: all of it. */
  keep?: number;
  /**
   * A process group of its own, and a stop reaches the whole group: for a child that starts
   * processes of its own which would not stop with it (`npm test`). It leaves the terminal's
   * process group, so Ctrl+C reaches it only through its owner.
   */
  ownGroup?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Finished extends Exit {
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as they came. */
  output: string;
}

export interface Child {
  readonly process: ChildProcess;
  /** Settles once the child has exited and its output is read; rejects when it could not be started. */
  readonly finished: Promise<Finished>;
  /** The output collected so far, stdout and stderr interleaved. */
  output(): string;
  running(): boolean;
  /** SIGTERM, then SIGKILL after STOP_BOUND_MS; resolves once the child has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

/** Children started through this module that have not exited, each with how to send it a signal. */
const registered = new Map<Child, (name: NodeJS.Signals) => void>();
/** Set once the owner stops: a child started from then on is stopped at once. */
let ownerStopping = false;

function terminateRegistered(): void {
  for (const [child, send] of registered) if (child.running()) send("SIGTERM");
}

function register(child: Child, send: (name: NodeJS.Signals) => void): void {
  // One `exit` listener for all of them, there only while some run.
  if (registered.size === 0) process.on("exit", terminateRegistered);
  registered.set(child, send);
  const unregister = () => {
    registered.delete(child);
    if (registered.size === 0) process.removeListener("exit", terminateRegistered);
  };
  child.process.once("exit", unregister);
  child.process.on("error", () => child.process.pid === undefined && unregister());
  if (ownerStopping) void child.stop();
}

/** Starts `command`; see the options. The child is stopped with its owner (see above). */
export function startChild(command: string, args: readonly string[], options: ChildOptions = {}): Child {
  const started = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.stdio ?? ["ignore", "pipe", "pipe"],
    detached: options.ownGroup === true,
  });
  const send = (name: NodeJS.Signals) => {
    try {
      if (options.ownGroup && started.pid !== undefined) process.kill(-started.pid, name);
      else started.kill(name);
    } catch {
      // it exited meanwhile
    }
  };
  const collected = { stdout: "", stderr: "", output: "" };
  const keep = (text: string) => (options.keep === undefined ? text : text.slice(-options.keep));
  const pending = { stdout: "", stderr: "" };
  const read = (stream: Stream, text: string) => {
    collected[stream] = keep(collected[stream] + text);
    collected.output = keep(collected.output + text);
    if (!options.onLine) return;
    const lines = (pending[stream] + text).split("\n");
    pending[stream] = lines.pop() ?? "";
    for (const line of lines) options.onLine(line.replace(/\r$/, ""), stream);
  };
  for (const stream of ["stdout", "stderr"] as const) {
    // Strings, decoded across chunk boundaries (a character split between two chunks stays whole).
    started[stream]?.setEncoding("utf8");
    started[stream]?.on("data", (text: string) => read(stream, text));
  }

  // `error` comes when it cannot be started (no pid then), or when a signal or message cannot be sent.
  const finished = new Promise<Finished>((done, fail) => {
    started.on("error", (error) => {
      if (started.pid === undefined) fail(new Error(`cannot run ${command}: ${error.message}`));
    });
    started.once("close", (code, signalName) => {
      for (const stream of ["stdout", "stderr"] as const) if (pending[stream] !== "") options.onLine?.(pending[stream], stream);
      done({ code, signal: signalName, ...collected });
    });
  });
  // A caller that waits for readiness another way may never await it; its failure is still seen there.
  finished.catch(() => undefined);

  const exited = new Promise<void>((done) => {
    started.once("exit", () => done());
    started.on("error", () => started.pid === undefined && done());
  });
  let stopping: Promise<void> | undefined;
  const child: Child = {
    process: started,
    finished,
    output: () => collected.output,
    running: () => started.pid !== undefined && started.exitCode === null && started.signalCode === null,
    stop: () =>
      (stopping ??= (async () => {
        if (!child.running()) return exited;
        send("SIGTERM");
        const kill = setTimeout(() => send("SIGKILL"), STOP_BOUND_MS);
        await exited;
        clearTimeout(kill);
      })()),
  };
  register(child, send);
  return child;
}

/** Starts `command` and waits until it has exited; resolves whatever its exit code (rejects only when it cannot start). */
export function runChild(command: string, args: readonly string[], options: ChildOptions = {}): Promise<Finished> {
  return startChild(command, args, options).finished;
}

export interface SyncOptions {
  cwd?: string;
  /** The child's whole environment (see ChildOptions.env). */
  env?: NodeJS.ProcessEnv;
  /** Default: no stdin, stdout and stderr collected. */
  stdio?: StdioOptions;
  /** Most output collected; past it the run fails (node:child_process's maxBuffer). Default 64 MiB. */
  maxBytes?: number;
}

/**
 * Runs a short command to its end, blocking: for quick tools only (git, tar, npm view, npm pack).
 * Resolves whatever its exit code; throws, naming the command, when it cannot be run.
 */
export function runChildSync(command: string, args: readonly string[], options: SyncOptions = {}): Finished {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.stdio ?? ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: options.maxBytes ?? 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`cannot run ${command}: ${result.error.message}`);
  const stdout = result.stdout ?? "";
  const stderr = result.stderr ?? "";
  return { code: result.status, signal: result.signal, stdout, stderr, output: stdout + stderr };
}

/**
 * Stops every registered child that still runs (each as `stop()` does) and marks the owner as
 * stopping, so that a child started from now on is stopped at once. For the owner's Lifecycle.
 */
export async function stopRegisteredChildren(): Promise<void> {
  ownerStopping = true;
  await Promise.all([...registered.keys()].map((child) => child.stop()));
}

/** `command args` exited other than with 0: one line naming it and how, then the tail of its output. */
export function exitProblem(what: string, finished: Exit & { output?: string }, tail = 3000): string {
  const how = finished.signal !== null ? `was stopped by ${finished.signal}` : `exited with ${finished.code}`;
  const output = finished.output?.trim().slice(-tail);
  return `${what} ${how}${output ? `:\n${output}` : ""}`;
}
