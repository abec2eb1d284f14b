/**
 * What `npm run release` (scripts/release.ts) reads and writes: the one version of the
 * repository and its two packages, wherever it is written down, the changelog's Unreleased
 * section, the release tags, and the checks that refuse a release that would not be what it says.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { packageNames } from "../pack";
import { runChildSync } from "../../src/testkit/serve/children";
import { projectRoot } from "./apis";
import { bin, toolEnv } from "./exec";
import { git } from "./fresh-clone";
import { specSourcePaths } from "./git-snapshot";

export const releaseLevels = ["major", "minor", "patch"] as const;
export type ReleaseLevel = (typeof releaseLevels)[number];

/** A release that must not go ahead: printed as its one line, exit code 1. */
export class ReleaseRefusal extends Error {}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

interface Lockfile {
  version: string;
  packages: Record<string, { version?: string }>;
}

const rootManifestPath = "package.json";
const lockfilePath = "package-lock.json";
const manifestPaths = [rootManifestPath, ...packageNames.map((name) => `packages/${name}/package.json`)];

/**
 * The version in prose and config, which nothing would update otherwise: the README's install
 * lines (test/packages.test.ts installs the tarball they name, so they must name this version)
 * and the testkit pinned in the CI template for users.
 */
const versionMentions = (version: string) => [
  ...packageNames.map((name) => ({ file: "README.md", text: `${name}-${version}.tgz` })),
  { file: "docs/contract-tests-workflow.yml", text: `payment-apis-testkit@${version}` },
];

const readText = (path: string) => readFileSync(join(projectRoot, path), "utf8");
const readJson = <T>(path: string): T => JSON.parse(readText(path)) as T;
/** npm's own layout (two spaces, final newline): a rewrite changes the version lines only. */
const writeJson = (path: string, value: unknown) => writeFileSync(join(projectRoot, path), `${JSON.stringify(value, null, 2)}\n`);

/** The repository's version (root package.json), which the packages and every mention must equal. */
export function currentVersion(): string {
  const { version } = readJson<Manifest>(rootManifestPath);
  if (semver.valid(version) === null)
    throw new ReleaseRefusal(`package.json: version "${version}" is not a semantic version: set it to X.Y.Z`);
  return version;
}

/** Every place whose version differs from the root package.json's, one phrase each. */
export function versionsOutOfStep(version: string = currentVersion()): string[] {
  const problems: string[] = [];
  for (const path of manifestPaths) {
    const manifest = readJson<Manifest>(path);
    if (manifest.version !== version) problems.push(`${path} is at ${manifest.version}`);
    // A package that depends on its sibling must depend on this very release of it.
    for (const sibling of packageNames) {
      const range = manifest.dependencies?.[sibling];
      if (range !== undefined && range !== version) problems.push(`${path} depends on ${sibling}@${range}`);
    }
  }
  const lock = readJson<Lockfile>(lockfilePath);
  if (lock.version !== version || lock.packages[""]?.version !== version) problems.push(`${lockfilePath} is at ${lock.version}`);
  for (const { file, text } of versionMentions(version)) {
    if (!readText(file).includes(text)) problems.push(`${file} does not mention ${text}`);
  }
  return problems;
}

export function assertVersionsInStep(version: string): void {
  const problems = versionsOutOfStep(version);
  if (problems.length > 0)
    throw new ReleaseRefusal(`versions out of step with package.json (${version}): ${problems.join("; ")}; make them equal first`);
}

/** Every file that writes the version down. */
export const versionedFiles = (): string[] => [
  ...new Set([...manifestPaths, lockfilePath, ...versionMentions("").map(({ file }) => file)]),
];

/** Writes `next` everywhere the version `current` is written. */
export function writeVersion(current: string, next: string): void {
  for (const path of manifestPaths) {
    const manifest = readJson<Manifest>(path);
    manifest.version = next;
    for (const sibling of packageNames) if (manifest.dependencies?.[sibling] !== undefined) manifest.dependencies[sibling] = next;
    writeJson(path, manifest);
  }
  const lock = readJson<Lockfile>(lockfilePath);
  lock.version = next;
  lock.packages[""]!.version = next;
  writeJson(lockfilePath, lock);
  const nextMentions = versionMentions(next);
  versionMentions(current).forEach(({ file, text }, index) => {
    writeFileSync(join(projectRoot, file), readText(file).replaceAll(text, nextMentions[index]!.text));
  });
}

export const changelogPath = "CHANGELOG.md";
const unreleasedHeading = "## [Unreleased]";

/**
 * The changelog with the entries under [Unreleased] moved into `## [version] - date`, above the
 * previous release, and an empty [Unreleased] left for the next one.
 */
export function releaseChangelog(text: string, version: string, date: string): { text: string; entries: number } {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.trimEnd() === unreleasedHeading);
  if (start < 0) throw new ReleaseRefusal(`${changelogPath} has no "${unreleasedHeading}" heading: add it above the releases`);
  if (lines.some((line) => line.startsWith(`## [${version}]`)))
    throw new ReleaseRefusal(`${changelogPath} already has a section for ${version}: a version is released once`);
  const next = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  const end = next < 0 ? lines.length : next;
  const body = lines.slice(start + 1, end);
  // An entry is a list item; a "### Added" heading with nothing under it is not one.
  const entries = body.filter((line) => /^[-*] /.test(line)).length;
  if (entries === 0)
    throw new ReleaseRefusal(`${changelogPath}: [Unreleased] has no entries: add what this release changes before releasing it`);
  while (body[0]?.trim() === "") body.shift();
  while (body.at(-1)?.trim() === "") body.pop();
  const released = [unreleasedHeading, "", `## [${version}] - ${date}`, "", ...body, ""];
  return { text: [...lines.slice(0, start), ...released, ...lines.slice(end)].join("\n"), entries };
}

/** Today in UTC, as the changelog dates releases (ISO 8601, as Keep a Changelog asks). */
export const today = () => new Date().toISOString().slice(0, 10);

export const tagOf = (version: string) => `v${version}`;

export function tagExists(tag: string): boolean {
  return runChildSync("git", ["rev-parse", "--verify", "--quiet", `refs/tags/${tag}`], { cwd: projectRoot }).code === 0;
}

/** Paths with changes that a commit would not include, as `git status --porcelain` lists them. */
export function uncommittedPaths(): string[] {
  return git(["status", "--porcelain"]).split("\n").filter(Boolean);
}

/** The highest release tag (vX.Y.Z) that HEAD contains, if any. */
export function lastReleaseTag(): string | undefined {
  const tags = git(["tag", "--merged", "HEAD", "--list", "v*"])
    .split("\n")
    .filter((tag) => semver.valid(tag) !== null && tag.startsWith("v"));
  return semver.rsort(tags)[0];
}

/** The release tags on the checked-out commit. */
export function releaseTagsAtHead(): string[] {
  return git(["tag", "--points-at", "HEAD", "--list", "v*"]).split("\n").filter(Boolean);
}

/**
 * The bump that docs/versioning.md asks for since `tag`: patch when the spec sources did not
 * change, major when `npm run diff` reports a breaking change (exit code 1), minor otherwise.
 */
export function levelSince(tag: string): { level: ReleaseLevel; why: string } {
  // The diff policy (severities, accepted breaks) sits beside the specs but changes no API.
  const changed = runChildSync("git", ["diff", "--quiet", tag, "--", ...specSourcePaths, ":(exclude)openapi/diff-policy.yaml"], {
    cwd: projectRoot,
  });
  if (changed.code === 0) return { level: "patch", why: `${specSourcePaths.join(" and ")} unchanged since ${tag}` };
  if (changed.code !== 1) throw new Error(`git diff ${tag} failed with exit code ${changed.code}`);
  const diff = runChildSync(bin("ts-node"), [join("scripts", "spec-diff.ts"), tag], { cwd: projectRoot, env: toolEnv });
  if (diff.code === 1) return { level: "major", why: `npm run diff -- ${tag} reports a breaking change` };
  if (diff.code === 0) return { level: "minor", why: `the specs changed since ${tag}, none of it breaking (npm run diff -- ${tag})` };
  throw new Error(`npm run diff -- ${tag} could not compare (exit code ${diff.code}): ${diff.output.trim().slice(-2000)}`);
}

/** The manifest inside a packed tarball, as the registry will read it. */
export function tarballManifest(tarball: string): Manifest {
  const result = runChildSync("tar", ["-xOzf", tarball, "package/package.json"]);
  if (result.code !== 0) throw new Error(`cannot read package/package.json in ${tarball}: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout) as Manifest;
}

/**
 * Why npm would reject the provenance of a package published from this workflow run, if it
 * would: the registry requires `repository.url` to name the repository the workflow ran in.
 * Outside GitHub Actions there is no such repository to compare with.
 */
export function provenanceProblem(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY) return undefined;
  const expected = `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}`;
  const path = `packages/${name}/package.json`;
  const { repository } = readJson<{ repository?: string | { url?: string } }>(path);
  const url = typeof repository === "string" ? repository : repository?.url;
  if (url?.replace(/^git\+/, "").replace(/\.git$/, "") === expected) return undefined;
  return `${path}: repository.url is ${url === undefined ? "missing" : `"${url}"`}; npm accepts provenance only from ${expected}, so set it to that`;
}

/** Whether the registry already has this version of the package (a re-run after a partial publish). */
export function alreadyPublished(name: string, version: string): boolean {
  const result = runChildSync("npm", ["view", `${name}@${version}`, "version", "--json"], { env: toolEnv });
  if (result.code === 0) return result.stdout.includes(`"${version}"`);
  if (/"code":\s*"E404"/.test(result.stdout)) return false;
  throw new Error(`npm view ${name}@${version} failed: ${result.output.trim().slice(-1000)}`);
}
