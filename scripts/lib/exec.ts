import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "./apis";

/** Environment for the tools: no telemetry or update checks (CI is offline but for the registry). */
export const toolEnv: NodeJS.ProcessEnv = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
};

/** Path of a binary installed in node_modules/.bin. */
export function bin(name: string): string {
  return join(projectRoot, "node_modules", ".bin", name);
}

/** Runs a local binary with inherited output; throws (failing the script) on a non-zero exit. */
export function runBin(name: string, args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(bin(name), args, {
    cwd: projectRoot,
    env: toolEnv,
    encoding: "utf8",
    stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = options.quiet ? `\n${result.stdout}${result.stderr}` : "";
    throw new Error(`${name} ${args.join(" ")} exited with ${result.status}${output}`);
  }
  return result.stdout ?? "";
}

export interface CollectedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a local binary in the background with its output collected, whatever its exit status. */
export function runBinCollected(name: string, args: string[]): Promise<CollectedRun> {
  return runCollected(bin(name), args, { env: toolEnv });
}

/** Runs a command in the background from the project root, with its output collected, whatever its exit status. */
export function runCollected(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CollectedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs a local binary in the background; resolves with its stdout, rejects (with the output) on
 * a non-zero exit. Lets independent tool runs overlap.
 */
export async function runBinAsync(name: string, args: string[]): Promise<string> {
  const { status, stdout, stderr } = await runBinCollected(name, args);
  if (status !== 0) throw new Error(`${name} ${args.join(" ")} exited with ${status}\n${stdout}${stderr}`);
  return stdout;
}
