/**
 * The sandbox in a process of its own, as a benchmark and `npm start` need it (its CPU and memory
 * apart from the load generator's): `payment-apis sandbox` on free loopback ports with a config
 * file, run from compiled JavaScript. ts-node in a serving process costs start-up time and memory
 * and keeps the TypeScript compiler loaded; the compiled form is what the package ships.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitProblem, startChild } from "../../src/testkit/serve/children";
import { cpuMilliseconds } from "../../src/testkit/serve/process-cpu";
import { isReadyLine, parseReadyLine, type StartBounds } from "../../src/testkit/serve/ready";
import { projectRoot } from "./apis";
import { runBin } from "./exec";
import { copyTestkitAssets } from "./testkit-assets";

/** Where `tsconfig.testkit.json` compiles the testkit for local serving (inside the checkout, so that generated/ is found). */
export const compiledTestkitDir = join(projectRoot, "dist", "testkit-serve");
export const compiledCli = join(compiledTestkitDir, "src", "testkit", "cli", "main.js");
const STAMP = join(compiledTestkitDir, ".sources-mtime");

/** Newest modification time of the sources the compiled testkit is made of. */
function newestSource(): number {
  let newest = 0;
  const visit = (path: string): void => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of ["src", "generated", "tsconfig.json", "tsconfig.testkit.json", "package-lock.json"])
    if (existsSync(join(projectRoot, path))) visit(join(projectRoot, path));
  return newest;
}

/** Compiles src/testkit (with its assets beside it: ./testkit-assets.ts) unless the compiled copy is newer than every source; returns the CLI's path. */
export function ensureCompiledTestkit(log: (line: string) => void = (line) => console.error(line)): string {
  const newest = newestSource();
  if (existsSync(compiledCli) && existsSync(STAMP) && Number(readFileSync(STAMP, "utf8")) >= newest) {
    // A copy compiled before an asset was added to the list gets it now.
    copyTestkitAssets(compiledTestkitDir, { overwrite: false });
    return compiledCli;
  }
  log("compiling the testkit (tsconfig.testkit.json) into dist/testkit-serve ...");
  rmSync(compiledTestkitDir, { recursive: true, force: true });
  // Emit only: type errors are `npm run typecheck`'s to report, and checking doubles the time.
  runBin("tsc", ["-p", "tsconfig.testkit.json", "--noCheck", "--outDir", compiledTestkitDir], { quiet: true });
  copyTestkitAssets(compiledTestkitDir);
  writeFileSync(STAMP, String(newest));
  return compiledCli;
}

export interface SandboxProcess {
  gateway: string;
  merchant: string;
  storage: string;
  child: ChildProcess;
  /** Lines the sandbox wrote to stderr (violations, errors). */
  stderr: string[];
  stop(): Promise<void>;
}

/** How long the sandbox may take to print its ready line: CPU time, and a stretch without any. */
const SANDBOX_START: StartBounds = { cpuBudgetMs: 60_000, stallMs: 30_000 };

/** A compiled `payment-apis` CLI and the checkout it runs in (another revision's, for a paired benchmark). */
export interface CompiledCli {
  cli: string;
  cwd: string;
}

/** The sandbox from a config file on free ports, strict response validation unless `extraEnv` says otherwise (benchmarks). */
export async function startSandboxProcess(
  config: unknown,
  extraEnv: NodeJS.ProcessEnv = {},
  compiled?: CompiledCli,
): Promise<SandboxProcess> {
  const dir = mkdtempSync(join(tmpdir(), "bench-sandbox-"));
  const configFile = join(dir, "sandbox.json");
  writeFileSync(configFile, JSON.stringify(config));
  const args = ["--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0", "--config", configFile];
  try {
    const sandbox = await spawnSandbox(args, { ...process.env, SANDBOX_RESPONSE_VALIDATION: "strict", ...extraEnv }, undefined, compiled);
    return { ...sandbox, stop: () => sandbox.stop().finally(() => rmSync(dir, { recursive: true, force: true })) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `payment-apis sandbox <args>` from the compiled CLI, resolved once it prints its `ready` line.
 * `onLine` receives every other line it prints (stdout and stderr); `stop` sends SIGTERM and waits
 * (SIGKILL after a bound). It is stopped with this process too (src/testkit/serve/children.ts).
 */
export async function spawnSandbox(
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine?: (line: string, stream: "stdout" | "stderr") => void,
  compiled: CompiledCli = { cli: ensureCompiledTestkit(), cwd: projectRoot },
): Promise<SandboxProcess> {
  const stderr: string[] = [];
  let ready: (line: string) => void = () => undefined;
  const readyLine = new Promise<string>((done) => (ready = done));
  const child = startChild(process.execPath, [compiled.cli, "sandbox", ...args], {
    cwd: compiled.cwd,
    env,
    keep: 100_000,
    onLine: (line, stream) => {
      if (stream === "stdout" && isReadyLine(line)) return ready(line);
      if (line === "") return;
      if (stream === "stderr") {
        stderr.push(line);
        if (stderr.length > 1000) stderr.splice(0, stderr.length - 1000);
      }
      onLine?.(line, stream);
    },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const line = await Promise.race([
      readyLine,
      child.finished.then((finished) => Promise.reject(new Error(exitProblem("the sandbox", finished)))),
      // Bounded by its CPU time, not wall time: a busy machine slows the start, it does not stall it.
      new Promise<never>((_, fail) => {
        let progress = { cpu: 0, at: Date.now() };
        timer = setInterval(() => {
          const cpu = child.process.pid === undefined ? undefined : cpuMilliseconds(child.process.pid);
          if (cpu !== undefined && cpu !== progress.cpu) progress = { cpu, at: Date.now() };
          const why =
            progress.cpu > SANDBOX_START.cpuBudgetMs
              ? `spent ${progress.cpu / 1000} s of CPU time`
              : Date.now() - progress.at > SANDBOX_START.stallMs
                ? `spent no CPU time for ${SANDBOX_START.stallMs / 1000} s`
                : undefined;
          if (why) fail(new Error(`the sandbox did not start: it ${why}:\n${child.output()}`));
        }, 500);
      }),
    ]);
    const urls = parseReadyLine(line);
    return {
      gateway: urls["gateway-sandbox"]!,
      merchant: urls["merchant-sandbox"]!,
      storage: urls.storage!,
      child: child.process,
      stderr,
      stop: () => child.stop(),
    };
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    clearInterval(timer);
  }
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}
