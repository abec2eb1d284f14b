/**
 * The spec diff over git: every API of one commit (or the working tree) against the same API at
 * another, and the changelog of released versions built from those comparisons (one section per
 * release tag `vX.Y.Z`, against the release before it), which the docs show as "What changed".
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import semver from "semver";
import { LineCounter, parse, parseDocument } from "yaml";
import { runChildSync } from "../../src/testkit/serve/children";
import { listApis } from "./apis";
import { bundleApi } from "./bundle-api";
import { extractSpecSources, resolveCommit } from "./git-snapshot";
import { diffBundles } from "./spec-diff";
import { sourceLocator } from "./spec-diff-source";
import { renderChangelogSection, type ApiDiffSection } from "./spec-diff-markdown";
import { emptyPolicy, loadPolicy, type DiffPolicy } from "./spec-diff-policy";

export interface Comparison {
  sections: ApiDiffSection[];
  policy: DiffPolicy;
  /** The revision's policy file could not be read: its one-line error (the comparison ran without acceptances). */
  policyError?: string;
}

/** A checkout's policy file, relative to its root. */
export const policyFileIn = (root: string) => join(root, "openapi", "diff-policy.yaml");

/** An API counts as present when redocly.yaml lists it and its root document exists (early commits list an API before its spec is written). */
const presentApis = (root: string) =>
  listApis(root)
    .filter((api) => existsSync(api.root))
    .map((api) => api.name);

const infoVersion = (bundle: string) => {
  const version = (parse(readFileSync(bundle, "utf8")) as { info?: { version?: unknown } }).info?.version ?? "?";
  return typeof version === "string" ? version : JSON.stringify(version);
};

/**
 * Every API at `revision` (a commit of `repo`, or its working tree when undefined) against the
 * same API at `baseCommit`, under the revision's policy unless `policy` is given.
 */
export function compareTrees(repo: string, baseCommit: string, revisionCommit: string | undefined, policy?: DiffPolicy): Comparison {
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-ref-"));
  try {
    const snapshot = (commit: string, name: string) => {
      const dir = join(workDir, name);
      mkdirSync(dir);
      extractSpecSources(repo, commit, dir);
      return dir;
    };
    const baseRoot = snapshot(baseCommit, "base");
    const revisionRoot = revisionCommit === undefined ? repo : snapshot(revisionCommit, "revision");
    // A wrong policy file must not cost the pull request its report: compare without it, say why.
    let effectivePolicy = policy ?? emptyPolicy;
    let policyError: string | undefined;
    if (policy === undefined) {
      try {
        effectivePolicy = loadPolicy(policyFileIn(revisionRoot), revisionRoot);
      } catch (error: unknown) {
        policyError = error instanceof Error ? error.message : String(error);
      }
    }
    const baseApis = new Set(presentApis(baseRoot));
    const revisionApis = presentApis(revisionRoot);
    const sections = [...new Set([...revisionApis, ...baseApis])].map((api): ApiDiffSection => {
      if (!baseApis.has(api)) return { api, status: "added" };
      if (!revisionApis.includes(api)) return { api, status: "removed" };
      let basePath: string;
      let revisionPath: string;
      try {
        basePath = bundleApi(baseRoot, api, join(workDir, `${api}.base.yaml`));
      } catch (error: unknown) {
        return failedSection(api, "base", baseRoot, error);
      }
      try {
        revisionPath = bundleApi(revisionRoot, api, join(workDir, `${api}.revision.yaml`));
      } catch (error: unknown) {
        return failedSection(api, "revision", revisionRoot, error);
      }
      const rootOf = (root: string) => listApis(root).find((entry) => entry.name === api)!.root;
      const sources = {
        base: sourceLocator(baseRoot, rootOf(baseRoot)),
        revision: sourceLocator(revisionRoot, rootOf(revisionRoot)),
      };
      const report = diffBundles(basePath, revisionPath, { api, policy: effectivePolicy, sources });
      return { api, status: "compared", report, versions: { base: infoVersion(basePath), revision: infoVersion(revisionPath) } };
    });
    return { sections, policy: effectivePolicy, ...(policyError === undefined ? {} : { policyError }) };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * An API whose specs do not bundle on one side: the report still comes, with the error and,
 * when a source file does not parse as YAML, that file and line.
 */
function failedSection(api: string, side: "base" | "revision", root: string, error: unknown): ApiDiffSection {
  const message = (error instanceof Error ? error.message : String(error))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/[║╔╚]/.test(line));
  const entry = listApis(root).find((candidate) => candidate.name === api);
  const source = entry === undefined ? undefined : firstYamlError(root, dirname(entry.root));
  return {
    api,
    status: "failed",
    side,
    error: source?.message ?? message.slice(0, 3).join(" ") ?? "redocly bundle failed",
    ...(source === undefined ? {} : { source: { file: source.file, line: source.line } }),
  };
}

/** The first YAML syntax error among the spec's source files, with its file (relative to `root`) and line. */
function firstYamlError(root: string, specDir: string): { file: string; line: number; message: string } | undefined {
  const files = (readdirSync(specDir, { recursive: true }) as string[]).filter((file) => /\.ya?ml$/.test(file)).sort();
  for (const file of files) {
    const path = join(specDir, file);
    const lines = new LineCounter();
    const [problem] = parseDocument(readFileSync(path, "utf8"), { lineCounter: lines, prettyErrors: false }).errors;
    if (problem !== undefined) {
      return { file: relative(root, path), line: lines.linePos(problem.pos[0]).line, message: problem.message.split("\n")[0]! };
    }
  }
  return undefined;
}

/** Every API of the working tree of `repo` against `ref`. */
export function compareWithRef(repo: string, ref: string, policy?: DiffPolicy): Comparison & { commit: string } {
  const commit = resolveCommit(repo, ref);
  return { ...compareTrees(repo, commit, undefined, policy), commit };
}

export interface Release {
  tag: string;
  commit: string;
  /** YYYY-MM-DD of the tagged commit. */
  date: string;
}

/** The release tags `vX.Y.Z` that HEAD contains, oldest first. */
export function releasesOf(repo: string): Release[] {
  const listed = runChildSync("git", [
    "-C",
    repo,
    "tag",
    "--list",
    "v*",
    "--merged",
    "HEAD",
    "--format=%(refname:short) %(creatordate:short)",
  ]);
  if (listed.code !== 0) throw new Error(`cannot list the release tags of ${repo}: ${listed.stderr.trim()}`);
  return listed.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" "))
    .filter(([tag]) => tag!.startsWith("v") && semver.valid(tag!.slice(1)) !== null)
    .map(([tag, date]) => ({ tag: tag!, commit: resolveCommit(repo, tag!), date: date! }))
    .sort((a, b) => semver.compare(a.tag.slice(1), b.tag.slice(1)));
}

/**
 * The "What changed" page's content: one changelog section per release, newest first, each
 * against the release before it; the first release has nothing to compare with.
 */
export function whatChangedMarkdown(repo: string): string {
  const releases = releasesOf(repo);
  if (releases.length === 0) {
    return "No version has been released yet. Each release (a `vX.Y.Z` tag, see [Releasing](versioning.md#releasing)) adds a section here.\n";
  }
  const sections = releases.map((release, index) => {
    const heading = `${release.tag.slice(1)} - ${release.date}`;
    const previous = releases[index - 1];
    if (previous === undefined) {
      const apis = presentApisAt(repo, release.commit);
      return `## ${heading}\n\nThe first release: ${apis.map((api) => `${api.name} ${api.version}`).join(", ")}.\n`;
    }
    const { sections: apiSections } = compareTrees(repo, previous.commit, release.commit);
    return `${renderChangelogSection(`${heading} (since ${previous.tag.slice(1)})`, apiSections)}\n`;
  });
  return sections.reverse().join("\n");
}

/** The APIs of a commit with their `info.version`, bundled. */
function presentApisAt(repo: string, commit: string): { name: string; version: string }[] {
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-release-"));
  try {
    extractSpecSources(repo, commit, workDir);
    return presentApis(workDir).map((name) => ({
      name,
      version: infoVersion(bundleApi(workDir, name, join(workDir, `${name}.bundle.yaml`))),
    }));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
