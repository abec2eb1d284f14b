import { join } from "node:path";
import { exitProblem, runChild, runChildSync } from "../../src/testkit/serve/children";
import { projectRoot } from "./apis";

/** Environment for the tools: no telemetry or update checks (CI is offline but for the registry). */
export const toolEnv: NodeJS.ProcessEnv = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
};

/**
 * Redocly CLI (2.61 and later) writes a 12-line boxed Node.js 20 end-of-life notice to stderr on
 * every run under Node 20, and has no option or variable that turns it off
 * (REDOCLY_SUPPRESS_UPDATE_NOTICE covers update notices only): its lines are dropped from every
 * tool output these helpers return or show. Node 20.19 stays supported here until the engines say otherwise.
 */
export function withoutNoticeBox(text: string): string {
  return text.replace(/^ *[║╔╚].*\n?/gm, "").replace(/^\n+/, "");
}

const cleaned = <T extends { stdout: string; stderr: string; output?: string }>(result: T): T => ({
  ...result,
  stderr: withoutNoticeBox(result.stderr),
  ...(result.output === undefined ? {} : { output: withoutNoticeBox(result.output) }),
});

/** Path of a binary installed in node_modules/.bin. */
export function bin(name: string): string {
  return join(projectRoot, "node_modules", ".bin", name);
}

/** Runs a local binary with inherited output; throws (failing the script) on a non-zero exit. */
export function runBin(name: string, args: string[], options: { quiet?: boolean } = {}): string {
  const result = cleaned(runChildSync(bin(name), args, { cwd: projectRoot, env: toolEnv, stdio: options.quiet ? undefined : "inherit" }));
  if (result.code !== 0) throw new Error(exitProblem(`${name} ${args.join(" ")}`, result, Infinity));
  return result.stdout;
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
export async function runCollected(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CollectedRun> {
  const { code, stdout, stderr } = cleaned(await runChild(command, args, { cwd: projectRoot, env: options.env }));
  return { status: code, stdout, stderr };
}

/**
 * Runs a local binary in the background; resolves with its stdout, rejects (with the output) on
 * a non-zero exit. Lets independent tool runs overlap.
 */
export async function runBinAsync(name: string, args: string[]): Promise<string> {
  const finished = cleaned(await runChild(bin(name), args, { cwd: projectRoot, env: toolEnv }));
  if (finished.code !== 0) throw new Error(exitProblem(`${name} ${args.join(" ")}`, finished, Infinity));
  return finished.stdout;
}
