/** Fresh, installed clones of this repository's commits, for scripts that measure `npm test` as CI runs it. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "./apis";

export function git(args: string[], cwd = projectRoot): string {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A fresh clone of `commit` in a folder under `parent`, installed with `npm ci` (as `.ci/run` does). */
export function installedClone(commit: string, parent: string): string {
  const dir = join(parent, commit.slice(0, 12));
  git(["clone", "--quiet", projectRoot, dir]);
  git(["checkout", "--quiet", "--detach", commit], dir);
  const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (install.status !== 0) throw new Error(`npm ci failed in the clone of ${commit}`);
  return dir;
}
