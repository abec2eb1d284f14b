/**
 * Materialises the spec sources of a past commit (redocly.yaml and openapi/) in a directory,
 * without touching the working tree, the index or any branch: `git archive` into a tarball,
 * then tar extracts it.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** What a commit must hold for its specs to be bundled, exactly as the working tree does. */
export const specSourcePaths = ["redocly.yaml", "openapi"];

function git(repo: string, args: string[]) {
  return spawnSync("git", ["-C", repo, ...args], { encoding: "utf8" });
}

/** The commit a ref names in `repo`; throws naming the ref when git does not know it. */
export function resolveCommit(repo: string, ref: string): string {
  const topLevel = git(repo, ["rev-parse", "--show-toplevel"]);
  if (topLevel.error) throw new Error(`cannot run git: ${topLevel.error.message}`);
  if (topLevel.status !== 0) throw new Error(`${repo} is not inside a git repository.`);
  // ^{commit} also rejects refs that name a tree or blob; --end-of-options stops "--foo" refs.
  const commit = git(repo, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (commit.status !== 0) {
    throw new Error(`unknown git ref '${ref}' in ${repo} (in CI, check out with fetch-depth: 0 so base branches exist).`);
  }
  return commit.stdout.trim();
}

/** Writes the commit's redocly.yaml and openapi/ under `targetDir` (which must exist). */
export function extractSpecSources(repo: string, commit: string, targetDir: string): void {
  const tarball = join(targetDir, ".spec-sources.tar");
  const archive = git(repo, ["archive", "--format=tar", `--output=${tarball}`, commit, "--", ...specSourcePaths]);
  if (archive.status !== 0) {
    throw new Error(`commit ${commit.slice(0, 12)} has no ${specSourcePaths.join(" or ")} to compare against: ${archive.stderr.trim()}`);
  }
  const extract = spawnSync("tar", ["-x", "-f", tarball, "-C", targetDir], { encoding: "utf8" });
  if (extract.error || extract.status !== 0) {
    throw new Error(`cannot extract the spec sources of ${commit.slice(0, 12)}: ${extract.error?.message ?? extract.stderr.trim()}`);
  }
}
