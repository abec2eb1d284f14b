/**
 * Helpers for tests that start serving processes as users do (npm, npx, the CLI) and check that
 * they stop completely: ready lines, free ports, no processes left.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";

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

/** Starts a command in the background and resolves with its `ready ...` line (60 s at most). */
export function startServing(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Serving> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ready line within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^ready .*$/m.exec(output);
      if (ready) {
        clearTimeout(timer);
        done({ child, ready: ready[0], output: () => output });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** The URLs of a ready line, by name (the parser the serving processes' callers share). */
export { parseReadyLine as readyUrls } from "../../src/testkit/serve/ready";
