/** Fresh, installed clones of this repository's commits, for scripts that measure `npm test` as CI runs it. */
import { join } from "node:path";
import { runChildSync } from "../../src/testkit/serve/children";
import { projectRoot } from "./apis";

export function git(args: string[], cwd = projectRoot): string {
  const result = runChildSync("git", args, { cwd });
  if (result.code !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A fresh clone of `commit` in a folder under `parent`, installed with `npm ci` (as `.ci/run` does). */
export function installedClone(commit: string, parent: string): string {
  const dir = join(parent, commit.slice(0, 12));
  git(["clone", "--quiet", projectRoot, dir]);
  git(["checkout", "--quiet", "--detach", commit], dir);
  const install = runChildSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (install.code !== 0) throw new Error(`npm ci failed in the clone of ${commit}`);
  return dir;
}
