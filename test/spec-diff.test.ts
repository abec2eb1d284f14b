/**
 * `npm run diff`: one pair of fixture specs per kind of change (test/fixtures/spec-diff/<case>/),
 * the Markdown it renders, the CLI's exit codes, and the git path against a throw-away repository.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { runCollected, type CollectedRun } from "../scripts/lib/exec";
import { diffBundles, type SpecDiffReport } from "../scripts/lib/spec-diff";
import { renderSpecDiffMarkdown } from "../scripts/lib/spec-diff-markdown";
import { compatibilityRules, type SpecChange } from "../scripts/lib/spec-diff-rules";

const fixturesDir = join(projectRoot, "test", "fixtures", "spec-diff");
const fixture = (name: string, side: "base" | "revision") => join(fixturesDir, name, `${side}.yaml`);

function diffFixture(name: string): { report: SpecDiffReport; markdown: string } {
  const report = diffBundles(fixture(name, "base"), fixture(name, "revision"));
  const markdown = renderSpecDiffMarkdown([{ api: name, status: "compared", report }], "base", "revision");
  return { report, markdown };
}

/** Runs `npm run diff -- ...args` as a contributor or CI would (in the background: the CLI tests overlap). */
function runDiffCli(args: string[]): Promise<CollectedRun> {
  return runCollected("npm", ["run", "--silent", "diff", "--", ...args]);
}

interface BreakingCase {
  name: string;
  rule: string;
  /** Text the Markdown table must show: the field (or operation, or component) concerned. */
  names: string;
}

const breakingCases: BreakingCase[] = [
  { name: "response-enum-value-removed", rule: "response-enum-value-removed", names: "status" },
  { name: "pattern-narrowed", rule: "request-pattern-changed", names: "currency" },
  { name: "maximum-lowered", rule: "request-bound-tightened", names: "amount" },
  { name: "optional-field-made-required", rule: "request-field-required", names: "note" },
  { name: "operation-removed", rule: "operation-removed", names: "/orders/{order_id}" },
  { name: "operation-id-changed", rule: "codegen:operation-id-changed", names: "getOrder" },
  { name: "component-renamed", rule: "codegen:component-removed-or-renamed", names: "components.schemas.Order" },
];

const nonBreakingCases = [
  { name: "request-enum-value-added", names: "channel" },
  { name: "optional-request-field-added", names: "reference" },
  { name: "response-field-added", names: "created_at" },
  { name: "description-only", names: "description" },
];

describe("spec diff classification", () => {
  it.each(breakingCases)("$name is breaking under $rule", ({ name, rule, names }) => {
    const { report, markdown } = diffFixture(name);
    expect(report.breaking.flatMap((change) => change.ruleIds)).toContain(rule);
    // The breaking table runs from its header to the folded non-breaking list, if any.
    const detailsAt = markdown.indexOf("<details>");
    const table = markdown.slice(markdown.indexOf("| Rule |"), detailsAt < 0 ? undefined : detailsAt);
    expect(table).toContain(rule);
    expect(table).toContain(names);
  });

  it.each(nonBreakingCases)("$name is reported and not breaking", ({ name, names }) => {
    const { report, markdown } = diffFixture(name);
    expect(report.breaking).toEqual([]);
    expect(report.nonBreaking.length).toBeGreaterThan(0);
    expect(markdown).toContain("0 breaking changes");
    expect(markdown).toMatch(/<details><summary>\d+ non-breaking change/);
    expect(markdown).toContain(names);
  });

  it("removing a response enum value is breaking here although redocly rates it a patch", () => {
    const [change] = diffFixture("response-enum-value-removed").report.breaking;
    expect(change).toMatchObject({ side: "response", property: "enum", redocly: { impact: "patch" } });
    expect(change?.before).toEqual(["pending", "approved", "declined"]);
  });

  it("identical specs report no changes", () => {
    const { report, markdown } = diffFixture("identical");
    expect(report).toEqual({ breaking: [], nonBreaking: [] });
    expect(markdown).toContain("No changes.");
    expect(markdown).toContain("No breaking changes.");
  });
});

describe("compatibility rules on their own", () => {
  // Edge cases of single rules, without running redocly: a change as redocly would report it.
  const matchingRules = (change: Partial<SpecChange>) => {
    const full: SpecChange = {
      pointer: "#/paths/~1orders/post/requestBody/content/application~1json/schema/properties/field",
      kind: "modified",
      side: "request",
      location: "request body application/json › field",
      redocly: { impact: "patch", ruleIds: [], messages: [] },
      ...change,
    };
    return compatibilityRules.filter((rule) => rule.breaks(full)).map((rule) => rule.id);
  };

  it.each([
    ["a raised request minLength", { property: "minLength", before: 1, after: 2 }, ["request-bound-tightened"]],
    ["a lowered request minimum", { property: "minimum", before: 2, after: 1 }, []],
    ["a raised request maxItems", { property: "maxItems", before: 5, after: 10 }, []],
    ["a maxLength put on a request field", { property: "maxLength", before: undefined, after: 10 }, ["request-bound-tightened"]],
    ["a removed request pattern", { property: "pattern", before: "^a$", after: undefined }, []],
    ["a pattern put on a request field", { property: "pattern", before: undefined, after: "^a$" }, ["request-pattern-changed"]],
    ["a response pattern change (left to redocly)", { side: "response" as const, property: "pattern", before: "^a$", after: "^b$" }, []],
    ["a request type widened to admit null", { property: "type", before: "string", after: ["string", "null"] }, []],
    ["a request type narrowed", { property: "type", before: ["string", "integer"], after: "string" }, ["type-changed"]],
    ["a response type widened to admit null", { side: "response" as const, property: "type", before: "string", after: ["string", "null"] }, ["type-changed"]],
    ["integer widened to number in a request", { property: "type", before: "integer", after: "number" }, []],
    ["an enum put on a free request field", { property: "enum", before: undefined, after: ["a"] }, ["request-enum-narrowed"]],
    ["a request parameter made required", { pointer: "#/paths/~1orders/get/parameters/0", property: "required", before: false, after: true }, ["request-field-required"]],
    ["a request property removed", { kind: "removed" as const, property: undefined, before: { type: "string" } }, ["codegen:request-property-removed"]],
  ])("%s", (_label, change, expected) => {
    expect(matchingRules(change)).toEqual(expected);
  });
});

// The CLI tests start npm, ts-node and redocly: seconds each, more on a busy machine. Each runs
// processes of its own and writes only to its own temporary folder, so they run side by side.
const cliTimeout = { timeout: 90_000 };

describe.concurrent("npm run diff with two bundles", cliTimeout, () => {
  it("exits 1 on a breaking change and names the field", async () => {
    const result = await runDiffCli(["--base", fixture("response-enum-value-removed", "base"), "--revision", fixture("response-enum-value-removed", "revision")]);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toContain("response-enum-value-removed");
    expect(result.stdout).toContain("response 201 application/json › status");
  });

  it("exits 0 on identical specs and writes --output", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "spec-diff-out-"));
    try {
      const output = join(outDir, "diff.md");
      const result = await runDiffCli(["--base", fixture("identical", "base"), "--revision", fixture("identical", "revision"), "--output", output]);
      expect(result.status, result.stderr).toBe(0);
      expect(readFileSync(output, "utf8")).toContain("No changes.");
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("exits 2 naming the problem on a usage error", async () => {
    const result = await runDiffCli(["--base", fixture("identical", "base")]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--base and --revision go together");
  });
});

describe.concurrent("npm run diff against a git ref", cliTimeout, () => {
  // A throw-away repository with one API, so the test neither depends on nor disturbs this one.
  let repo: string;
  const git = (...args: string[]) => {
    const result = spawnSync("git", ["-C", repo, "-c", "user.name=spec-diff test", "-c", "user.email=spec-diff@example.invalid", ...args], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  };
  const specInRepo = () => join(repo, "openapi", "orders", "openapi.yaml");

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "spec-diff-repo-"));
    mkdirSync(join(repo, "openapi", "orders"), { recursive: true });
    writeFileSync(join(repo, "redocly.yaml"), "apis:\n  orders:\n    root: openapi/orders/openapi.yaml\n");
    copyFileSync(fixture("response-enum-value-removed", "base"), specInRepo());
    git("init", "--quiet");
    git("add", ".");
    git("commit", "--quiet", "-m", "Orders API");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("reports no changes for an unchanged working tree, then the breaking change once edited", async () => {
    const clean = await runDiffCli(["HEAD", "--repo", repo]);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("### orders");
    expect(clean.stdout).toContain("No changes.");

    copyFileSync(fixture("response-enum-value-removed", "revision"), specInRepo());
    const edited = await runDiffCli(["HEAD", "--repo", repo]);
    expect(edited.status, edited.stderr).toBe(1);
    expect(edited.stdout).toContain("response-enum-value-removed");
    expect(edited.stdout).toContain("› status");
  });

  it("exits 2 naming an unknown ref", async () => {
    const result = await runDiffCli(["no-such-branch", "--repo", repo]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown git ref 'no-such-branch'");
  });
});
