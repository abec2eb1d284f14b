/**
 * `npm run release`, run as a maintainer and the release workflow run it, on a copy of this
 * working tree committed into a temporary git repository (node_modules linked, not copied): the
 * dry run changes nothing, a release bumps every version in step, moves the changelog's
 * Unreleased entries under today's date, commits and tags; each refusal is one line; and the
 * publish dry run packs both packages and `npm publish --dry-run`s them with no token.
 * This checkout is only read.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import semver from "semver";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { releaseChangelog } from "../scripts/lib/release";
import { runWatched } from "./support/processes";

const packages = ["payment-apis-toolkit", "payment-apis-testkit"];
const manifests = ["package.json", ...packages.map((name) => `packages/${name}/package.json`)];
const current = (JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { version: string }).version;
const nextMinor = semver.inc(current, "minor")!;
const nextPatch = semver.inc(current, "patch")!;

/** The environment of a maintainer's shell: no registry token, and not inside a GitHub workflow. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(GITHUB_|NODE_AUTH_TOKEN$|NPM_TOKEN$|npm_config__?auth)/i.test(name)),
);

function git(repo: string, args: string[]): string {
  const result = spawnSync("git", args, { cwd: repo, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The files of this working tree that a commit would hold (tracked and new, not ignored), committed in a new repository. */
function copyOfWorkingTree(): string {
  const repo = mkdtempSync(join(tmpdir(), "payment-apis-release-"));
  const files = git(projectRoot, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]).split("\0").filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    try {
      copyFileSync(join(projectRoot, file), join(repo, file));
    } catch (error) {
      // Deleted in the working tree (or by a test running beside this one): not part of the copy.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  symlinkSync(join(projectRoot, "node_modules"), join(repo, "node_modules"));
  git(repo, ["init", "--quiet", "--initial-branch", "main"]);
  // .gitignore's "node_modules/" matches folders only, not the link.
  writeFileSync(join(repo, ".git", "info", "exclude"), "/node_modules\n");
  for (const [key, value] of [
    ["user.name", "Release Test"],
    ["user.email", "release-test@example.invalid"],
    ["commit.gpgsign", "false"],
    ["tag.gpgsign", "false"],
  ])
    git(repo, ["config", key!, value!]);
  git(repo, ["add", "--all"]);
  git(repo, ["commit", "--quiet", "-m", "the working tree"]);
  return repo;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe("releaseChangelog", () => {
  const released = "## [1.0.0] - 2026-01-01\n\n### Added\n\n- The first entry.\n";

  it("moves the Unreleased entries above the previous release and leaves Unreleased empty", () => {
    const text = `# Changelog\n\nIntro.\n\n## [Unreleased]\n\n### Fixed\n\n- A fix.\n- Another.\n\n${released}`;
    expect(releaseChangelog(text, "1.0.1", "2026-02-02")).toEqual({
      entries: 2,
      text: `# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [1.0.1] - 2026-02-02\n\n### Fixed\n\n- A fix.\n- Another.\n\n${released}`,
    });
  });

  it("refuses an Unreleased section with headings but no entries, and a version released before", () => {
    expect(() => releaseChangelog(`## [Unreleased]\n\n### Added\n\n${released}`, "1.0.1", "2026-02-02")).toThrow(
      "[Unreleased] has no entries",
    );
    expect(() => releaseChangelog(`## [Unreleased]\n\n- An entry.\n\n${released}`, "1.0.0", "2026-02-02")).toThrow(
      "already has a section for 1.0.0",
    );
  });
});

describe("npm run release", () => {
  let repo: string;
  let base: string;
  // Bounded by its progress (test/support/processes.ts), never by wall time.
  const releaseIn = async (environment: NodeJS.ProcessEnv, args: string[]): Promise<Run> => {
    const { code, stdout, stderr } = await runWatched(
      join(projectRoot, "node_modules", ".bin", "ts-node"),
      [join(repo, "scripts", "release.ts"), ...args],
      repo,
      environment,
    );
    return { status: code, stdout, stderr };
  };
  const release = (...args: string[]) => releaseIn(env, args);
  const read = (file: string) => readFileSync(join(repo, file), "utf8");
  const version = (file: string) => (JSON.parse(read(file)) as { version: string }).version;
  const commitAll = (message: string) => {
    git(repo, ["add", "--all"]);
    git(repo, ["commit", "--quiet", "-m", message]);
  };
  /** A refusal: exit code 1 and exactly one line on stderr, nothing done. */
  const expectRefusal = (run: Run, line: RegExp) => {
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(line);
  };
  const addUnreleasedEntry = (text: string) => {
    writeFileSync(
      join(repo, "CHANGELOG.md"),
      read("CHANGELOG.md").replace("## [Unreleased]\n", `## [Unreleased]\n\n### Fixed\n\n- ${text}\n`),
    );
    commitAll(text);
  };

  beforeAll(() => {
    repo = copyOfWorkingTree();
    base = git(repo, ["rev-parse", "HEAD"]);
  });
  afterAll(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
  });
  // Every test starts from the copied tree, with no tags.
  beforeEach(() => {
    git(repo, ["checkout", "--quiet", "--force", "main"]);
    git(repo, ["reset", "--quiet", "--hard", base]);
    git(repo, ["clean", "--quiet", "-d", "--force"]);
    rmSync(join(repo, "dist"), { recursive: true, force: true });
    const tags = git(repo, ["tag", "--list"]).split("\n").filter(Boolean);
    if (tags.length > 0) git(repo, ["tag", "--delete", ...tags]);
  });

  it("starts from versions in step and a changelog with unreleased entries", () => {
    for (const file of manifests) expect(version(file), file).toBe(current);
    expect(read("CHANGELOG.md")).toMatch(/## \[Unreleased\]\n+(###[^\n]*\n+)?- /);
  });

  it("names --level and its accepted values when the level is unknown", async () => {
    const run = await release("prepare", "--level", "huge");
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split("\n")).toEqual([
      "error: option '--level <level>' argument 'huge' is invalid. Allowed choices are major, minor, patch, auto.",
    ]);
  });

  it("prints the release with --dry-run and changes nothing", async () => {
    const run = await release("prepare", "--level", "minor", "--dry-run");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`release ${nextMinor} (minor: --level minor), from ${current}`);
    expect(run.stdout).toMatch(
      new RegExp(
        `would move \\d+ entries of \\[Unreleased\\] in CHANGELOG\\.md under "## \\[${nextMinor.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}"`,
      ),
    );
    expect(run.stdout).toContain(`would commit "Release ${nextMinor}" and tag it v${nextMinor}`);
    expect(git(repo, ["status", "--porcelain"])).toBe("");
    expect(git(repo, ["rev-parse", "HEAD"])).toBe(base);
    expect(git(repo, ["tag", "--list"])).toBe("");
  });

  it("sets one version everywhere, moves Unreleased under today's date, commits and tags", async () => {
    const unreleased = read("CHANGELOG.md").split("## [Unreleased]\n")[1]!.split(/\n## /)[0]!.trim();
    const before = new Date().toISOString().slice(0, 10);
    const run = await release("prepare", "--level", "minor");
    const after = new Date().toISOString().slice(0, 10);
    expect(run.status, run.stderr).toBe(0);

    for (const file of manifests) expect(version(file), file).toBe(nextMinor);
    const lock = JSON.parse(read("package-lock.json")) as { version: string; packages: Record<string, { version: string }> };
    expect([lock.version, lock.packages[""]!.version]).toEqual([nextMinor, nextMinor]);
    // test/packages.test.ts installs the tarball the README names: it must be this version's.
    for (const name of packages) expect(read("README.md")).toContain(`${name}-${nextMinor}.tgz`);
    expect(read("README.md")).not.toContain(`-${current}.tgz`);
    expect(read("docs/contract-tests-workflow.yml")).toContain(`payment-apis-testkit@${nextMinor}`);
    // Each manifest changes in its version line only.
    for (const file of manifests) expect(git(repo, ["diff", "--numstat", "HEAD~1", "--", file])).toMatch(/^1\t1\t/);

    const changelog = read("CHANGELOG.md");
    const date = [before, after].find((day) => changelog.includes(`## [${nextMinor}] - ${day}\n`));
    expect(date, changelog.slice(0, 600)).toBeDefined();
    expect(changelog).toContain(`## [Unreleased]\n\n## [${nextMinor}] - ${date}\n\n${unreleased}\n`);

    expect(git(repo, ["log", "-1", "--format=%s"])).toBe(`Release ${nextMinor}`);
    expect(git(repo, ["rev-parse", `v${nextMinor}^{commit}`])).toBe(git(repo, ["rev-parse", "HEAD"]));
    expect(git(repo, ["status", "--porcelain"])).toBe("");
    expect(run.stdout).toContain(`next: git push origin HEAD v${nextMinor}`);

    // The next release has nothing to say until an entry is added.
    expectRefusal(
      await release("prepare", "--level", "patch", "--dry-run"),
      /^CHANGELOG\.md: \[Unreleased\] has no entries: add what this release changes/,
    );
  });

  it("refuses a working tree with uncommitted changes", async () => {
    writeFileSync(join(repo, "notes.txt"), "not committed\n");
    expectRefusal(
      await release("prepare", "--level", "patch", "--dry-run"),
      /^the working tree has 1 uncommitted change\(s\) \(first: notes\.txt\): commit or remove them/,
    );
  });

  it("refuses versions out of step", async () => {
    const file = "packages/payment-apis-testkit/package.json";
    writeFileSync(join(repo, file), read(file).replace(`"version": "${current}"`, `"version": "${nextPatch}"`));
    commitAll("testkit ahead");
    expectRefusal(
      await release("prepare", "--level", "patch", "--dry-run"),
      new RegExp(
        `^versions out of step with package\\.json \\(${current.replaceAll(".", "\\.")}\\): ${file.replaceAll(".", "\\.")} is at ${nextPatch.replaceAll(".", "\\.")}; make them equal first`,
      ),
    );
  });

  it("refuses a version whose tag exists", async () => {
    git(repo, ["tag", `v${nextPatch}`]);
    expectRefusal(
      await release("prepare", "--level", "patch", "--dry-run"),
      new RegExp(`^tag v${nextPatch.replaceAll(".", "\\.")} already exists`),
    );
  });

  it("takes --level auto from the last release tag: none, then patch for tooling only", async () => {
    expectRefusal(
      await release("prepare", "--level", "auto", "--dry-run"),
      /^--level auto compares with the last release tag \(vX\.Y\.Z\), and HEAD contains none: pass --level major, minor or patch/,
    );
    git(repo, ["tag", `v${current}`]);
    addUnreleasedEntry("A script fixed.");
    const run = await release("prepare", "--level", "auto", "--dry-run");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`release ${nextPatch} (patch: redocly.yaml and openapi unchanged since v${current})`);
  });

  it("takes --level auto from npm run diff when the specs changed: minor, then major for a breaking change", async () => {
    git(repo, ["tag", `v${current}`]);
    addUnreleasedEntry("A spec change.");
    const pathsDir = join("openapi", "gateway", "paths");
    const file = join(
      pathsDir,
      readdirSync(join(repo, pathsDir))
        .filter((name) => read(join(pathsDir, name)).includes("operationId: "))
        .sort()[0]!,
    );
    const operationId = /^( *)operationId: (\w+)$/m;
    expect(read(file)).toMatch(operationId);
    // An extension is not breaking; a renamed operationId is (codegen:operation-id-changed).
    writeFileSync(join(repo, file), read(file).replace(operationId, "$1operationId: $2\n$1x-release-test: true"));
    commitAll("an extension");
    const minor = await release("prepare", "--level", "auto", "--dry-run");
    expect(minor.status, minor.stderr).toBe(0);
    expect(minor.stdout).toContain(`release ${nextMinor} (minor: the specs changed since v${current}, none of it breaking`);

    writeFileSync(join(repo, file), read(file).replace(operationId, "$1operationId: $2Renamed"));
    commitAll("a renamed operation");
    const major = await release("prepare", "--level", "auto", "--dry-run");
    expect(major.status, major.stderr).toBe(0);
    expect(major.stdout).toContain(
      `release ${semver.inc(current, "major")} (major: npm run diff -- v${current} reports a breaking change)`,
    );
  });

  it("refuses to publish a tag that is not the packages' version", async () => {
    git(repo, ["tag", "v99.0.0"]);
    expectRefusal(
      await release("publish", "--dry-run"),
      new RegExp(`^tag v99\\.0\\.0 does not match the packages' version ${current.replaceAll(".", "\\.")}`),
    );
    expect(existsSync(join(repo, "dist", "packages"))).toBe(false);
  });

  it("refuses to publish for real outside the release workflow", async () => {
    git(repo, ["tag", `v${current}`]);
    expectRefusal(await release("publish"), /^publish needs GitHub Actions \(provenance is signed with its OIDC token\)/);
  });

  it("refuses to publish from a workflow whose repository the packages' repository.url does not name", async () => {
    // The variables GitHub Actions sets on a tag push, for a repository that no manifest names.
    const workflow = {
      ...env,
      GITHUB_ACTIONS: "true",
      GITHUB_REF_TYPE: "tag",
      GITHUB_REF_NAME: `v${current}`,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "example/not-this-repository",
    };
    expectRefusal(
      await releaseIn(workflow, ["publish"]),
      /^packages\/payment-apis-toolkit\/package\.json: repository\.url is .+; npm accepts provenance only from https:\/\/github\.com\/example\/not-this-repository, so set it to that\n$/,
    );
    // The tag comes from the workflow: a mismatch with the packages' version is refused first.
    expectRefusal(
      await releaseIn({ ...workflow, GITHUB_REF_NAME: "v99.0.0" }, ["publish"]),
      /^tag v99\.0\.0 does not match the packages' version/,
    );
    expect(existsSync(join(repo, "dist", "packages"))).toBe(false);
  });

  it("publish --dry-run packs both packages at the tag's version and npm accepts both tarballs, with no token", async () => {
    const prepared = await release("prepare", "--level", "minor");
    expect(prepared.status, prepared.stderr).toBe(0);
    const run = await release("publish", "--dry-run");
    expect(run.status, `${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`).toBe(0);
    for (const name of packages) {
      expect(run.stdout).toContain(`dist/packages/${name}-${nextMinor}.tgz: ${name}@${nextMinor}, as tag v${nextMinor}`);
      // npm's own line for a publish it accepted.
      expect(`${run.stdout}${run.stderr}`).toContain(`+ ${name}@${nextMinor}`);
      expect(run.stdout).toContain(`dry run: npm would publish ${name}@${nextMinor}`);
    }
    expect(git(repo, ["status", "--porcelain"])).toBe("");
  });
});
