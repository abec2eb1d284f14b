/**
 * A revision of this repository as a paired benchmark needs it: checked out into a temporary git
 * worktree (the checkout and its index stay as they are, other work goes on in them) with this
 * checkout's node_modules, and its testkit compiled there as the package ships it. Only the
 * compiled CLI and the worktree's own files are used, so an older folder layout still runs; the
 * seed keys sit at src/testkit/sandbox/seed in every revision measured so far.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "./apis";
import { exitProblem, runChild, runChildSync } from "../../src/testkit/serve/children";
import { bin } from "./exec";
import { ensureCompiledTestkit, type CompiledCli } from "./sandbox-process";

export interface Revision {
  /** As the reader sees it: `e383d59`, `HEAD (e383d59)` or `work tree on e383d59`. */
  label: string;
  /** The checkout the revision's files are in: its contract suite runs there. */
  dir: string;
  compiled: CompiledCli;
  /** Removes the worktree (nothing for the work tree itself). */
  remove(): void;
}

function git(...args: string[]): string {
  const finished = runChildSync("git", args, { cwd: projectRoot });
  if (finished.code !== 0) throw new Error(exitProblem(`git ${args.join(" ")}`, finished));
  return finished.stdout;
}

/** The short hash of `ref`, for labels (a branch name moves, the hash does not). */
export function shortHash(ref: string): string {
  return git("rev-parse", "--short", ref).trim();
}

/** This checkout as it is, uncommitted changes included, compiled into dist/testkit-serve when its sources are newer. */
export function workTreeRevision(): Revision {
  // Named with the commit it stands on: the figures of a work tree mean little without it.
  return {
    label: `work tree on ${shortHash("HEAD")}`,
    dir: projectRoot,
    compiled: { cli: ensureCompiledTestkit(), cwd: projectRoot },
    remove: () => undefined,
  };
}

/** `ref` in a worktree of its own, compiled (a child stopped with this process on a signal); the caller removes it. */
export async function checkOutRevision(ref: string): Promise<Revision> {
  const hash = shortHash(ref);
  const dir = mkdtempSync(join(tmpdir(), "bench-paired-"));
  git("worktree", "add", "--detach", dir, hash);
  const remove = () => {
    git("worktree", "remove", "--force", dir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
    const out = join(dir, "dist", "testkit-serve");
    // Emit only, as ensureCompiledTestkit does: an old revision's type errors against today's dependencies are not this run's concern.
    const compiled = await runChild(bin("tsc"), ["-p", "tsconfig.testkit.json", "--noCheck", "--outDir", out], { cwd: dir });
    if (compiled.code !== 0) throw new Error(exitProblem(`compiling ${ref}`, compiled));
    cpSync(join(dir, "src", "testkit", "sandbox", "seed"), join(out, "src", "testkit", "sandbox", "seed"), { recursive: true });
    const label = ref === hash ? hash : `${ref} (${hash})`;
    return { label, dir, compiled: { cli: join(out, "src", "testkit", "cli", "main.js"), cwd: dir }, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
