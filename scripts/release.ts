/**
 * `npm run release`: a release of both packages at one version, in two steps (docs/versioning.md,
 * "Releasing"):
 *
 *   npm run release -- prepare --level <major|minor|patch|auto> [--dry-run]
 *     On a clean checkout: the next version in package.json, both packages, the lockfile, the
 *     README's install lines and the CI template; CHANGELOG.md's [Unreleased] entries moved under
 *     `## [X.Y.Z] - <today>`; a commit and the annotated tag vX.Y.Z, for the maintainer to push.
 *     `auto` takes the level from the last vX.Y.Z tag (patch, minor, or major when
 *     `npm run diff` reports a breaking change).
 *   npm run release -- publish [--tag vX.Y.Z] [--dry-run]
 *     On the checked-out tag (.github/workflows/release.yml): packs both packages, checks that
 *     each tarball carries the tag's version, then `npm publish <tarball> --provenance --access
 *     public` for each. With --dry-run the same command gets `--dry-run`, which needs no token.
 *
 * --dry-run changes nothing on disk but dist/ (publish packs) and prints what it would do.
 * A refusal is one line on stderr and exit code 1; a command line that cannot run exits 2.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Command, Option } from "commander";
import semver from "semver";
import { packAll, packageNames } from "./pack";
import { projectRoot } from "./lib/apis";
import { exitProblem, runChildSync } from "../src/testkit/serve/children";
import { toolEnv } from "./lib/exec";
import { git } from "./lib/fresh-clone";
import {
  alreadyPublished,
  assertVersionsInStep,
  changelogPath,
  currentVersion,
  lastReleaseTag,
  levelSince,
  provenanceProblem,
  releaseChangelog,
  releaseLevels,
  ReleaseRefusal,
  releaseTagsAtHead,
  tagExists,
  tagOf,
  tarballManifest,
  today,
  uncommittedPaths,
  versionedFiles,
  writeVersion,
  type ReleaseLevel,
} from "./lib/release";

function refuseUncommitted(what: string): void {
  const dirty = uncommittedPaths();
  if (dirty.length > 0) {
    throw new ReleaseRefusal(
      `the working tree has ${dirty.length} uncommitted change(s) (first: ${dirty[0]!.slice(3)}): commit or remove them, then ${what}`,
    );
  }
}

function chosenLevel(level: ReleaseLevel | "auto"): { level: ReleaseLevel; why: string } {
  if (level !== "auto") return { level, why: `--level ${level}` };
  const tag = lastReleaseTag();
  if (tag === undefined)
    throw new ReleaseRefusal(
      "--level auto compares with the last release tag (vX.Y.Z), and HEAD contains none: pass --level major, minor or patch",
    );
  return levelSince(tag);
}

function prepare(options: { level: ReleaseLevel | "auto"; dryRun: boolean }): void {
  refuseUncommitted("prepare the release");
  const current = currentVersion();
  assertVersionsInStep(current);
  const { level, why } = chosenLevel(options.level);
  const next = semver.inc(current, level)!;
  const tag = tagOf(next);
  if (tagExists(tag))
    throw new ReleaseRefusal(
      `tag ${tag} already exists: ${next} is released; bump package.json past it or delete the tag if it was never pushed`,
    );
  const date = today();
  const changelog = releaseChangelog(readFileSync(join(projectRoot, changelogPath), "utf8"), next, date);
  const would = options.dryRun ? "would " : "";
  const files = versionedFiles();
  console.log(`release ${next} (${level}: ${why}), from ${current}`);
  if (!options.dryRun) {
    writeVersion(current, next);
    writeFileSync(join(projectRoot, changelogPath), changelog.text);
  }
  console.log(`${would}set version ${next} in: ${files.join(", ")}`);
  console.log(`${would}move ${changelog.entries} entries of [Unreleased] in ${changelogPath} under "## [${next}] - ${date}"`);
  if (options.dryRun) {
    console.log(`would commit "Release ${next}" and tag it ${tag}`);
    console.log("dry run: nothing changed");
    return;
  }
  git(["commit", "--quiet", "-m", `Release ${next}`, "--", ...files, changelogPath]);
  git(["tag", "--annotate", tag, "-m", `Release ${next}`]);
  console.log(`committed "Release ${next}" and tagged it ${tag}`);
  console.log(`next: git push origin HEAD ${tag}   (the tag starts .github/workflows/release.yml, which publishes both packages)`);
}

/** The tag being released: --tag, the tag that started the workflow, or the one on HEAD. */
function releaseTag(options: { tag?: string; dryRun: boolean }, version: string): string {
  const atHead = releaseTagsAtHead();
  if (options.tag !== undefined) {
    if (!options.dryRun && !atHead.includes(options.tag))
      throw new ReleaseRefusal(`--tag ${options.tag} is not on the checked-out commit: check out ${options.tag} and publish from there`);
    return options.tag;
  }
  if (process.env.GITHUB_REF_TYPE === "tag" && process.env.GITHUB_REF_NAME) return process.env.GITHUB_REF_NAME;
  if (atHead.length > 1)
    throw new ReleaseRefusal(
      `the checked-out commit carries ${atHead.length} release tags (${atHead.join(", ")}): pass --tag with the one to publish`,
    );
  if (atHead.length === 1) return atHead[0]!;
  if (options.dryRun) {
    console.log(`no release tag on the checked-out commit: dry run as ${tagOf(version)}`);
    return tagOf(version);
  }
  throw new ReleaseRefusal(`the checked-out commit carries no release tag (vX.Y.Z): publish the tag that npm run release -- prepare made`);
}

function publish(options: { tag?: string; dryRun: boolean }): void {
  const version = currentVersion();
  assertVersionsInStep(version);
  const tag = releaseTag(options, version);
  if (tag !== tagOf(version))
    throw new ReleaseRefusal(
      `tag ${tag} does not match the packages' version ${version}: publish ${tagOf(version)}, or prepare a release with npm run release -- prepare`,
    );
  const provenanceProblems = packageNames.map((name) => provenanceProblem(name)).filter((problem) => problem !== undefined);
  if (options.dryRun) {
    for (const problem of provenanceProblems) console.warn(`warning: the real publish would be refused: ${problem}`);
  } else {
    // Provenance is signed with the workflow's OIDC identity, which only GitHub Actions has.
    if (process.env.GITHUB_ACTIONS !== "true")
      throw new ReleaseRefusal("publish needs GitHub Actions (provenance is signed with its OIDC token): push the tag, or add --dry-run");
    refuseUncommitted("publish");
    if (provenanceProblems.length > 0) throw new ReleaseRefusal(provenanceProblems[0]);
  }
  const tarballs = packAll();
  for (const [name, tarball] of Object.entries(tarballs)) {
    const manifest = tarballManifest(tarball);
    if (manifest.name !== name || manifest.version !== version) {
      throw new ReleaseRefusal(
        `${relative(projectRoot, tarball)} holds ${manifest.name}@${manifest.version}, not ${name}@${version} of tag ${tag}`,
      );
    }
    console.log(`${relative(projectRoot, tarball)}: ${name}@${version}, as tag ${tag}`);
  }
  for (const [name, tarball] of Object.entries(tarballs)) {
    // A re-run after a partial publish goes on with the package that is missing.
    if (alreadyPublished(name, version)) {
      console.log(`${name}@${version} is already on the registry: skipped`);
      continue;
    }
    const args = ["publish", tarball, "--provenance", "--access", "public", ...(options.dryRun ? ["--dry-run"] : [])];
    const result = runChildSync("npm", args, { cwd: projectRoot, env: toolEnv, stdio: "inherit" });
    if (result.code !== 0) throw new Error(exitProblem(`npm ${args.join(" ")}`, result));
    console.log(`${options.dryRun ? "dry run: npm would publish" : "published"} ${name}@${version}`);
  }
}

const program = new Command("release")
  .description("Release both packages at one version: prepare (version, changelog, commit, tag), then publish from the tag.")
  // Exit code 2 for a command line that cannot run, as the testkit's CLI; 1 is a refusal.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

program
  .command("prepare")
  .description("set the next version everywhere, move CHANGELOG.md's [Unreleased] under it, commit and tag vX.Y.Z")
  .addOption(
    new Option("--level <level>", "the bump (auto: from npm run diff against the last vX.Y.Z tag)")
      .choices([...releaseLevels, "auto"])
      .makeOptionMandatory(),
  )
  .option("--dry-run", "print what would change, change nothing", false)
  .action((options: { level: ReleaseLevel | "auto"; dryRun: boolean }) => prepare(options));

program
  .command("publish")
  .description("pack both packages and npm publish them with provenance, from the checked-out tag vX.Y.Z")
  .option("--tag <tag>", "the release tag (default: the workflow's tag, or the one on the checked-out commit)")
  .option("--dry-run", "npm publish --dry-run: needs no token, publishes nothing", false)
  .action((options: { tag?: string; dryRun: boolean }) => publish(options));

try {
  program.parse(process.argv);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
