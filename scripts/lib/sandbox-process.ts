/**
 * The sandbox in a process of its own, as a benchmark needs it (its CPU and memory apart from
 * the load generator's): `payment-apis sandbox` on free loopback ports with a config file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseReadyLine } from "../../src/testkit/serve/ready";
import { projectRoot } from "./apis";

export interface SandboxProcess {
  gateway: string;
  merchant: string;
  storage: string;
  child: ChildProcess;
  /** Lines the sandbox wrote to stderr (violations, errors). */
  stderr: string[];
  stop(): Promise<void>;
}

export async function startSandboxProcess(config: unknown, extraEnv: NodeJS.ProcessEnv = {}): Promise<SandboxProcess> {
  const dir = mkdtempSync(join(tmpdir(), "bench-sandbox-"));
  const configFile = join(dir, "sandbox.json");
  writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    ["-r", "ts-node/register/transpile-only", join(projectRoot, "src", "testkit", "cli", "main.ts"), "sandbox", "--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0", "--config", configFile],
    { cwd: projectRoot, env: { ...process.env, SANDBOX_RESPONSE_VALIDATION: "strict", ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const stderr: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(...chunk.toString().split("\n").filter(Boolean)));
  const ready = await new Promise<string>((done, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`the sandbox did not start within 60 s:\n${output}${stderr.join("\n")}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^ready .*$/m.exec(output);
      if (line) {
        clearTimeout(timer);
        done(line[0]);
      }
    });
    child.once("exit", (code) => fail(new Error(`the sandbox exited with ${code}:\n${output}${stderr.join("\n")}`)));
  });
  const urls = parseReadyLine(ready);
  return {
    gateway: urls["gateway-sandbox"]!,
    merchant: urls["merchant-sandbox"]!,
    storage: urls.storage!,
    child,
    stderr,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}
