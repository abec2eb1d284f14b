/**
 * Materialises the spec sources of a past commit (redocly.yaml and openapi/) in a directory,
 * without touching the working tree, the index or any branch: `git archive` into a tarball,
 * then tar extracts it.
 */
import { join } from "node:path";
import { runChildSync } from "../../src/testkit/serve/children";

/** What a commit must hold for its specs to be bundled, exactly as the working tree does. */
export const specSourcePaths = ["redocly.yaml", "openapi"];

function git(repo: string, args: string[]) {
  return runChildSync("git", ["-C", repo, ...args]);
}

/** The commit a ref names in `repo`; throws naming the ref when git does not know it. */
export function resolveCommit(repo: string, ref: string): string {
  // Throws `cannot run git: ...` when there is no git.
  const topLevel = git(repo, ["rev-parse", "--show-toplevel"]);
  if (topLevel.code !== 0) throw new Error(`${repo} is not inside a git repository.`);
  // ^{commit} also rejects refs that name a tree or blob; --end-of-options stops "--foo" refs.
  const commit = git(repo, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (commit.code !== 0) {
    throw new Error(`unknown git ref '${ref}' in ${repo} (in CI, check out with fetch-depth: 0 so base branches exist).`);
  }
  return commit.stdout.trim();
}

/** Writes the commit's redocly.yaml and openapi/ under `targetDir` (which must exist). */
export function extractSpecSources(repo: string, commit: string, targetDir: string): void {
  const tarball = join(targetDir, ".spec-sources.tar");
  const archive = git(repo, ["archive", "--format=tar", `--output=${tarball}`, commit, "--", ...specSourcePaths]);
  if (archive.code !== 0) {
    throw new Error(`commit ${commit.slice(0, 12)} has no ${specSourcePaths.join(" or ")} to compare against: ${archive.stderr.trim()}`);
  }
  const extract = runChildSync("tar", ["-x", "-f", tarball, "-C", targetDir]);
  if (extract.code !== 0) throw new Error(`cannot extract the spec sources of ${commit.slice(0, 12)}: ${extract.stderr.trim()}`);
}
