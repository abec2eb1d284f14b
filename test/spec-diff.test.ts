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
import { parse } from "yaml";
import { changesOf, classify, diffBundles, type ClassifiedChange, type DiffOptions, type SpecDiffReport } from "../scripts/lib/spec-diff";
import { whatChangedMarkdown } from "../scripts/lib/spec-diff-history";
import {
  acceptanceTemplate,
  code,
  hasBreakingChange,
  inlineText,
  maxListedInformational,
  renderChangelogSection,
  renderSpecDiffJson,
  renderSpecDiffMarkdown,
  unusedAcceptances,
} from "../scripts/lib/spec-diff-markdown";
import { loadPolicy, type Acceptance, type DiffPolicy } from "../scripts/lib/spec-diff-policy";
import { checkRedoclyReport, runRedoclyDiff } from "../scripts/lib/spec-diff-redocly";
import { normalizeDocument } from "../scripts/lib/spec-diff-normalize";
import { compatibilityRules, type SpecChange } from "../scripts/lib/spec-diff-rules";

const fixturesDir = join(projectRoot, "test", "fixtures", "spec-diff");
const fixture = (name: string, side: "base" | "revision") => join(fixturesDir, name, `${side}.yaml`);

function diffFixture(name: string): { report: SpecDiffReport; markdown: string } {
  const report = diffBundles(fixture(name, "base"), fixture(name, "revision"), { api: name });
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
    expect(changesOf(report, "breaking").flatMap((change) => change.ruleIds)).toContain(rule);
    // The breaking table runs from its heading to the next heading or the folded list, if any.
    const table = markdown.slice(markdown.indexOf("#### Breaking")).split(/\n#### |<details>/)[0]!;
    expect(table).toContain(rule);
    expect(table).toContain(names);
  });

  it.each(nonBreakingCases)("$name is reported and not breaking", ({ name, names }) => {
    const { report, markdown } = diffFixture(name);
    expect(changesOf(report, "breaking")).toEqual([]);
    expect(changesOf(report, "info").length).toBeGreaterThan(0);
    expect(markdown).toContain("0 breaking changes");
    expect(markdown).toMatch(/<details><summary>\d+ informational change/);
    expect(markdown).toContain(names);
  });

  it("removing a response enum value is breaking here although redocly rates it a patch", () => {
    const [change] = changesOf(diffFixture("response-enum-value-removed").report, "breaking");
    expect(change).toMatchObject({ side: "response", property: "enum", redocly: { impact: "patch" } });
    expect(change?.before).toEqual(["pending", "approved", "declined"]);
  });

  it("identical specs report no changes", () => {
    const { report, markdown } = diffFixture("identical");
    expect(report).toEqual({ changes: [] });
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
      sides: ["request"],
      location: "request body application/json › field",
      redocly: { impact: "patch", ruleIds: [], messages: [] },
      ...change,
    };
    return compatibilityRules.filter((rule) => rule.tier === "breaking" && rule.matches(full)).map((rule) => rule.id);
  };

  it.each([
    ["a raised request minLength", { property: "minLength", before: 1, after: 2 }, ["request-bound-tightened"]],
    ["a lowered request minimum", { property: "minimum", before: 2, after: 1 }, []],
    ["a raised request maxItems", { property: "maxItems", before: 5, after: 10 }, []],
    ["a maxLength put on a request field", { property: "maxLength", before: undefined, after: 10 }, ["request-bound-tightened"]],
    ["a removed request pattern", { property: "pattern", before: "^a$", after: undefined }, []],
    ["a pattern put on a request field", { property: "pattern", before: undefined, after: "^a$" }, ["request-pattern-changed"]],
    [
      "a response pattern change (not a request rule)",
      { side: "response" as const, sides: ["response" as const], property: "pattern", before: "^a$", after: "^b$" },
      [],
    ],
    ["a request type widened to admit null", { property: "type", before: "string", after: ["string", "null"] }, []],
    ["a request type narrowed", { property: "type", before: ["string", "integer"], after: "string" }, ["type-changed"]],
    [
      "a response type widened to admit null",
      { side: "response" as const, sides: ["response" as const], property: "type", before: "string", after: ["string", "null"] },
      ["type-changed"],
    ],
    ["integer widened to number in a request", { property: "type", before: "integer", after: "number" }, []],
    ["an enum put on a free request field", { property: "enum", before: undefined, after: ["a"] }, ["request-enum-narrowed"]],
    [
      "a request parameter made required",
      { pointer: "#/paths/~1orders/get/parameters/0", property: "required", before: false, after: true },
      ["request-field-required"],
    ],
    [
      "a request property removed",
      { kind: "removed" as const, property: undefined, before: { type: "string" } },
      ["codegen:request-property-removed"],
    ],
  ])("%s", (_label, change, expected) => {
    expect(matchingRules(change)).toEqual(expected);
  });

  // The boundaries of the issue-29 rules, with every tier: what matches and what must not.
  const encoding = "#/paths/~1authorizations/post/requestBody/content/application~1x-www-form-urlencoded/encoding/card";
  const allMatching = (change: Partial<SpecChange>) => {
    const full: SpecChange = {
      pointer: encoding,
      kind: "modified",
      side: "request",
      sides: ["request"],
      location: "request body",
      redocly: { impact: "patch", ruleIds: [], messages: [] },
      ...change,
    };
    return compatibilityRules.filter((rule) => rule.matches(full)).map((rule) => `${rule.tier} ${rule.id}`);
  };
  it.each([
    [
      "an encoding entry added that spells out the defaults",
      { kind: "added" as const, before: undefined, after: { style: "form", explode: true } },
      [],
    ],
    [
      "an encoding entry removed that was deepObject",
      { kind: "removed" as const, before: { style: "deepObject", explode: true }, after: undefined },
      ["breaking request-encoding-changed"],
    ],
    ["an encoding's explode restated with the same value", { property: "explode", before: true, after: true }, []],
    [
      "a parameter's style changed",
      { pointer: "#/paths/~1orders/get/parameters/0", typeName: "Parameter", property: "style", before: "form", after: "spaceDelimited" },
      ["breaking request-encoding-changed"],
    ],
    [
      "a default put where there was none",
      { pointer: "#/paths/~1orders/get/parameters/0/schema", property: "default", before: undefined, after: 20 },
      [],
    ],
    [
      "a default removed",
      { pointer: "#/paths/~1orders/get/parameters/0/schema", property: "default", before: 20, after: undefined },
      ["breaking request-default-changed"],
    ],
    [
      "readOnly put on a field only answers use",
      { sides: ["response" as const], side: "response" as const, property: "readOnly", before: undefined, after: true },
      [],
    ],
    ["writeOnly put on a field only requests use", { property: "writeOnly", before: undefined, after: true }, []],
    [
      "a response header made required",
      { typeName: "Header", sides: ["response" as const], side: "response" as const, property: "required", before: false, after: true },
      [],
    ],
    [
      "a response pattern removed",
      { sides: ["response" as const], side: "response" as const, property: "pattern", before: "^a$", after: undefined },
      ["warning response-constraint-loosened"],
    ],
    [
      "a response maximum lowered",
      { sides: ["response" as const], side: "response" as const, property: "maximum", before: 10, after: 5 },
      ["info response-constraint-tightened"],
    ],
    [
      "a maximum lowered where requests and answers share the field",
      { sides: ["request" as const, "response" as const], property: "maximum", before: 10, after: 5 },
      ["breaking request-bound-tightened"],
    ],
    [
      "an operation removed whose sunset is ahead",
      { pointer: "#/paths/~1orders/get", kind: "removed" as const, before: { deprecated: true, "x-sunset": "2999-01-31" } },
      ["breaking operation-removed"],
    ],
    [
      "an operation removed that was never deprecated but has a sunset",
      { pointer: "#/paths/~1orders/get", kind: "removed" as const, before: { "x-sunset": "2020-01-31" } },
      ["breaking operation-removed"],
    ],
    [
      "a path removed whose operations were all deprecated with passed sunsets",
      {
        pointer: "#/paths/~1orders",
        kind: "removed" as const,
        before: { get: { deprecated: true, "x-sunset": "2020-01-31" }, post: { deprecated: true, "x-sunset": "2021-06-30" } },
      },
      ["breaking operation-removed", "warning removed-after-sunset"],
    ],
    [
      "a whole component removed",
      {
        pointer: "#/components/schemas/TemplatedLink",
        side: "component" as const,
        sides: [],
        kind: "removed" as const,
        before: "TemplatedLink",
      },
      ["breaking codegen:component-removed-or-renamed"],
    ],
    [
      "a $ref inside a component pointed elsewhere (TemplatedLink → CollectionLink)",
      {
        pointer: "#/components/schemas/Root/properties/_links/allOf/1/properties/ch:accounts/allOf/0",
        side: "component" as const,
        sides: [],
        kind: "removed" as const,
        before: { title: "TemplatedLink" },
      },
      [],
    ],
    [
      "a path removed with one operation not deprecated",
      { pointer: "#/paths/~1orders", kind: "removed" as const, before: { get: { deprecated: true, "x-sunset": "2020-01-31" }, post: {} } },
      ["breaking operation-removed"],
    ],
  ])("%s", (_label, change, expected) => {
    expect(allMatching(change)).toEqual(expected);
  });

  it("a removal after a passed sunset replaces the removal's own verdict", () => {
    const removal: SpecChange = {
      pointer: "#/paths/~1orders/get",
      kind: "removed",
      side: "operation",
      sides: [],
      location: "(operation)",
      before: { deprecated: true, "x-sunset": "2020-01-31" },
      redocly: { impact: "major", ruleIds: ["operation-removed"], messages: [] },
    };
    expect(classify(removal)).toMatchObject({ tier: "warning", ruleIds: ["removed-after-sunset"] });
  });
});

// --- the classes of issue 29, as changes to this repository's own specs ----------------------

// A parsed spec, edited freely by the cases below.
type Doc = Record<string, any>;
type Api = "gateway" | "merchant";

/** The committed bundle, parsed once: every case starts from the same document. */
const bundles = new Map<Api, Doc>();
function bundle(api: Api): Doc {
  if (!bundles.has(api)) bundles.set(api, parse(readFileSync(join(projectRoot, "generated", api, "openapi.yaml"), "utf8")) as Doc);
  return structuredClone(bundles.get(api)!);
}

/**
 * Compares the API's bundle (after `given`) with a copy that `mutate` changed, the way
 * `npm run diff` compares two bundles.
 */
function diffMutation(api: Api, mutate: (doc: Doc) => void, options: DiffOptions & { given?: (doc: Doc) => void } = {}): SpecDiffReport {
  const dir = mkdtempSync(join(tmpdir(), "spec-diff-case-"));
  try {
    const base = bundle(api);
    options.given?.(base);
    const revision = structuredClone(base);
    mutate(revision);
    writeFileSync(join(dir, "base.json"), JSON.stringify(base));
    writeFileSync(join(dir, "revision.json"), JSON.stringify(revision));
    return diffBundles(join(dir, "base.json"), join(dir, "revision.json"), { api, ...options });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A node of the document that must exist: a case whose target left the spec fails naming it. */
function at(doc: Doc, ...path: string[]): Doc {
  let node: unknown = doc;
  for (const key of path) {
    node = (node as Doc | undefined)?.[key];
    if (node === undefined) throw new Error(`the spec has no ${path.join(" › ")} any more: update this case`);
  }
  return node as Doc;
}
/** Sets `key` of a node from the value the case expects the spec to hold now; another value fails the case naming it. */
function change(node: Doc, key: string, from: unknown, to: unknown): void {
  if (node[key] !== from)
    throw new Error(`the spec's ${key} is ${JSON.stringify(node[key])}, not ${JSON.stringify(from)} as this case expects: update it`);
  node[key] = to;
}
const formBody = (doc: Doc, path: string) => at(doc, "paths", path, "post", "requestBody", "content", "application/x-www-form-urlencoded");

interface ClassCase {
  name: string;
  api: Api;
  /** What the base already holds before the change (applied to both sides). */
  given?: (doc: Doc) => void;
  mutate: (doc: Doc) => void;
  tier: "breaking" | "warning" | "info";
  rule: string;
  operation?: string;
  /** Text the change's field must contain. */
  field?: string;
}

// Sunset dates: one long past, one far ahead, so the verdict does not depend on today.
const pastSunset = "2020-01-31";
const futureSunset = "2999-01-31";

const classCases: ClassCase[] = [
  {
    name: "a form body field's encoding explode changes (card[...] no longer deepObject-exploded)",
    api: "gateway",
    mutate: (doc) => change(at(formBody(doc, "/authorizations"), "encoding", "card"), "explode", true, false),
    tier: "breaking",
    rule: "request-encoding-changed",
    operation: "POST /authorizations",
  },
  {
    name: "a form body field's encoding style changes (travel from deepObject to form)",
    api: "gateway",
    mutate: (doc) =>
      change(at(formBody(doc, "/authorizations/{authorization_id}/captures"), "encoding", "travel"), "style", "deepObject", "form"),
    tier: "breaking",
    rule: "request-encoding-changed",
    operation: "POST /authorizations/{authorization_id}/captures",
  },
  {
    name: "a response header goes from required to optional (RateLimit-Limit)",
    api: "merchant",
    mutate: (doc) => change(at(doc, "components", "headers", "RateLimitLimit"), "required", true, false),
    tier: "breaking",
    rule: "response-header-optional",
    field: "header ratelimit-limit",
  },
  {
    name: "a query parameter's default changes (per_page 20 → 10)",
    api: "merchant",
    mutate: (doc) => change(at(doc, "components", "parameters", "PerPage", "schema"), "default", 20, 10),
    tier: "breaking",
    rule: "request-default-changed",
    field: "query parameter per_page",
  },
  {
    name: "a form field's default changes (series[previous][mastercard][type])",
    api: "gateway",
    mutate: (doc) => {
      const series = (Object.values(at(doc, "components", "schemas")) as Doc[]).filter(
        (schema) => schema.properties?.type?.default === "recurring",
      );
      if (series.length === 0) throw new Error("the spec has no series type defaulting to recurring any more: update this case");
      for (const schema of series) change(schema.properties.type, "default", "recurring", "unscheduled");
    },
    tier: "breaking",
    rule: "request-default-changed",
    operation: "POST /authorizations",
  },
  {
    name: "a property that requests send becomes readOnly (an application's additional_information)",
    api: "merchant",
    mutate: (doc) =>
      change(
        at(doc, "components", "schemas", "ApplicationProperties", "properties", "additional_information"),
        "readOnly",
        undefined,
        true,
      ),
    tier: "breaking",
    rule: "request-property-read-only",
    field: "additional_information",
  },
  {
    name: "a property that answers carry becomes writeOnly (a comment's created_at)",
    api: "merchant",
    mutate: (doc) => change(at(doc, "components", "schemas", "Comment", "properties", "created_at"), "writeOnly", undefined, true),
    tier: "breaking",
    rule: "response-property-write-only",
    field: "created_at",
  },
  {
    name: "a bound tightened in a component both requests and answers use (signer.name gets a maxLength)",
    api: "merchant",
    mutate: (doc) => change(at(doc, "components", "schemas", "ApplicationSigner", "properties", "name"), "maxLength", undefined, 20),
    tier: "breaking",
    rule: "request-bound-tightened",
    field: "name",
  },
  {
    name: "an operation is deprecated",
    api: "merchant",
    mutate: (doc) => change(at(doc, "paths", "/transactions", "get"), "deprecated", undefined, true),
    tier: "warning",
    rule: "deprecated",
    operation: "GET /transactions",
  },
  ...(
    [
      ["passed", pastSunset, "warning", "removed-after-sunset"],
      ["still ahead", futureSunset, "breaking", "operation-removed"],
    ] as const
  ).map(([when, sunset, tier, rule]): ClassCase => ({
    name: `an operation deprecated with a sunset date ${when} is removed`,
    api: "merchant",
    given: (doc) => void Object.assign(at(doc, "paths", "/transactions", "get"), { deprecated: true, "x-sunset": sunset }),
    mutate: (doc) => void delete at(doc, "paths", "/transactions").get,
    tier,
    rule,
    operation: "GET /transactions",
  })),
  {
    name: "a parameter deprecated with a passed sunset date is removed (the transaction query)",
    api: "merchant",
    given: (doc) =>
      void Object.assign(at(doc, "components", "parameters", "TransactionQuery"), { deprecated: true, "x-sunset": pastSunset }),
    mutate: (doc) => {
      const operation = at(doc, "paths", "/transactions", "get");
      operation.parameters = (operation.parameters as Doc[]).filter(
        (parameter) => parameter.$ref !== "#/components/parameters/TransactionQuery",
      );
    },
    tier: "warning",
    rule: "removed-after-sunset",
    operation: "GET /transactions",
  },
  {
    name: "a response bound is loosened (per_page in a page's answer may exceed 50)",
    api: "merchant",
    mutate: (doc) => {
      const perPage = (Object.values(at(doc, "components", "schemas")) as Doc[]).find(
        (schema) => schema.properties?.per_page?.readOnly === true,
      );
      if (perPage === undefined) throw new Error("the spec has no page schema with a read-only per_page any more: update this case");
      perPage.properties.per_page.maximum = 100;
    },
    // The new schema lets the service send per_page 51..100, which the old schema refused: a witness.
    tier: "breaking",
    rule: "response-value-unexpected",
    field: "per_page",
  },
];

const diffCase = (testCase: ClassCase, options: DiffOptions = {}) =>
  diffMutation(testCase.api, testCase.mutate, { ...options, given: testCase.given });

const findChange = (report: SpecDiffReport, testCase: Pick<ClassCase, "rule" | "operation" | "field">): ClassifiedChange | undefined =>
  report.changes.find(
    (change) =>
      change.ruleIds.includes(testCase.rule) &&
      (testCase.operation === undefined || change.operation === testCase.operation) &&
      (testCase.field === undefined || change.location.includes(testCase.field)),
  );

describe("classes of change on this repository's specs", () => {
  it.each(classCases)("$name: $tier under $rule", (testCase) => {
    const report = diffCase(testCase);
    const change = findChange(report, testCase);
    expect(
      change,
      JSON.stringify(report.changes.map(({ ruleIds, operation, location, property }) => ({ ruleIds, operation, location, property }))),
    ).toBeDefined();
    expect(change!.tier).toBe(testCase.tier);
    // Nothing else in the same change set is rated worse than the case's tier.
    if (testCase.tier !== "breaking") expect(changesOf(report, "breaking")).toEqual([]);
  });
});

describe("every place a change reaches", () => {
  it("a path-level parameter's component changed: one row listing every operation under the paths that use it, each a request, with a witness", () => {
    const report = diffMutation("merchant", (doc) =>
      change(at(doc, "components", "parameters", "ApplicationId", "schema"), "minLength", 1, 2),
    );
    const rows = changesOf(report, "breaking");
    expect(rows).toHaveLength(1);
    const [row] = rows as [ClassifiedChange];
    expect(row.ruleIds).toEqual(expect.arrayContaining(["request-bound-tightened", "request-value-refused"]));
    // Every operation of every path whose path-level parameters name ApplicationId.
    const doc = bundle("merchant");
    const expected = Object.entries(doc.paths as Doc)
      .filter(([, item]) =>
        ((item as Doc).parameters as Doc[] | undefined)?.some((p) => p.$ref === "#/components/parameters/ApplicationId"),
      )
      .flatMap(([path, item]) =>
        Object.keys(item as Doc)
          .filter((key) => key !== "parameters")
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(expected.length).toBeGreaterThan(10);
    expect(row.places!.map((place) => place.operation).sort()).toEqual(expected.sort());
    expect(row.places!.every((place) => place.side === "request" && place.tier === "breaking" && place.witness)).toBe(true);
    const markdown = renderSpecDiffMarkdown([{ api: "merchant", status: "compared", report }], "base", "revision");
    expect(markdown).toContain(`**${expected.length} places:**`);
    expect(markdown).toMatch(/`path application_id: [^`]?` valid before, refused now/);
  });

  it("a schema both sides use: each place classified by its own direction", () => {
    // Currency: in authorization and capture requests, and in the transactions the answers carry.
    const report = diffMutation("gateway", (doc) =>
      change(at(doc, "components", "schemas", "Currency"), "pattern", "^[A-Z]{3}$", "^(EUR|DKK)$"),
    );
    const places = report.changes.flatMap((row) => row.places ?? []).filter((place) => place.location.endsWith("currency"));
    const requests = places.filter((place) => place.side === "request");
    const responses = places.filter((place) => place.side === "response");
    expect(requests.length).toBeGreaterThan(1);
    expect(responses.length).toBeGreaterThan(1);
    // A narrower pattern breaks what clients send (a witness such as AAA) and only narrows what they receive.
    expect(requests.every((place) => place.tier === "breaking" && place.witness)).toBe(true);
    expect(responses.every((place) => place.tier !== "breaking" && place.witness === null)).toBe(true);
  });

  it("a witness belongs to its own change: an x- table added beside a real loosening gets none and breaks nothing", () => {
    // As in round 3: Timestamp's pattern dropped (answers may carry Z and fractions) in the same
    // change that added an object-valued extension to Currency, in the same answers.
    const timestampPattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$";
    const report = diffMutation(
      "gateway",
      (doc) => {
        change(at(doc, "components", "schemas", "Timestamp"), "pattern", timestampPattern, undefined);
        change(at(doc, "components", "schemas", "Currency"), "x-display-hint", undefined, { letters: 3 });
      },
      { given: (doc) => change(at(doc, "components", "schemas", "Timestamp"), "pattern", undefined, timestampPattern) },
    );
    const hintRows = report.changes.filter((row) => `${row.pointer}/${row.property ?? ""}`.includes("x-display-hint"));
    expect(hintRows.length).toBeGreaterThan(0);
    expect(hintRows.every((row) => row.tier !== "breaking" && !row.witness && (row.places ?? []).every((place) => !place.witness))).toBe(
      true,
    );
    // Every witness shown is refused where its own row's change is.
    const witnessed = report.changes.flatMap((row) => (row.places ?? []).filter((place) => place.witness));
    expect(witnessed.length).toBeGreaterThan(0);
    for (const place of witnessed) expect(place.witness!.refusal, place.location).toContain("/processed_at");
  });

  it("a field of a form body: the witness is the form body a gateway client sends", () => {
    const report = diffMutation("gateway", (doc) => change(at(doc, "components", "schemas", "Pan"), "maxLength", 19, 18));
    const row = changesOf(report, "breaking").find((change) => change.location.endsWith("card.pan"))!;
    expect(row.places!.map((place) => place.operation)).toEqual(expect.arrayContaining(["POST /authorizations", "POST /debits"]));
    // Shown as the gateway's bracket form (with the body's required members), the card-like digits masked.
    expect(row.witness!.shown).toMatch(/(^|&)card\[pan\]=\*+[0-9]{4}(&|$)/);
    expect(row.witness!.refusal).toContain("/card/pan");
  });
});

/** Refactors that change nothing on the wire: after normalization, no change at all. */
const refactors: { name: string; api: Api; mutate: (doc: Doc) => void }[] = [
  {
    name: "an allOf wrapper around a single $ref with siblings replaced by the $ref (token[m4m], deprecated)",
    api: "gateway",
    mutate: (doc) => {
      for (const schema of Object.values(at(doc, "components", "schemas")) as Doc[]) {
        const m4m = schema.properties?.m4m as Doc | undefined;
        if (m4m?.allOf?.length === 1) {
          const [{ $ref }] = m4m.allOf as [{ $ref: string }];
          delete m4m.allOf;
          m4m.$ref = $ref;
        }
      }
    },
  },
  {
    name: "every property that is a bare $ref wrapped in a one-member allOf",
    api: "merchant",
    mutate: (doc) => {
      for (const schema of Object.values(at(doc, "components", "schemas")) as Doc[]) {
        for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Doc>)) {
          if (typeof property === "object" && Object.keys(property).length === 1 && property.$ref !== undefined)
            schema.properties[name] = { allOf: [property] };
        }
      }
    },
  },
  {
    name: "a path-level parameter moved into its only operation (authorization_id of captures)",
    api: "gateway",
    mutate: (doc) => {
      const pathItem = at(doc, "paths", "/authorizations/{authorization_id}/captures");
      pathItem.post.parameters = [...(pathItem.parameters as unknown[]), ...((pathItem.post.parameters as unknown[] | undefined) ?? [])];
      delete pathItem.parameters;
    },
  },
  {
    name: "path-level parameters moved into each operation of their paths, in reverse order",
    api: "merchant",
    mutate: (doc) => {
      for (const pathItem of Object.values(at(doc, "paths")) as Doc[]) {
        if (pathItem.parameters === undefined) continue;
        for (const method of ["get", "put", "post", "patch", "delete", "options", "head", "trace"]) {
          if (pathItem[method] !== undefined)
            pathItem[method].parameters = [
              ...((pathItem[method].parameters as unknown[] | undefined) ?? []),
              ...(pathItem.parameters as unknown[]),
            ].reverse();
        }
        delete pathItem.parameters;
      }
    },
  },
  {
    name: "a response header's name spelled in another case (Location → location)",
    api: "merchant",
    mutate: (doc) => {
      const headers = at(doc, "components", "responses", "ApplicationCreated", "headers");
      headers.location = headers.Location;
      delete headers.Location;
    },
  },
];

describe("refactors that change nothing on the wire", () => {
  it.each(refactors)("$name: no change reported", ({ api, mutate }) => {
    const report = diffMutation(api, mutate);
    expect(
      report.changes.map(({ tier, ruleIds, operation, location, property }) => ({ tier, ruleIds, operation, location, property })),
    ).toEqual([]);
  });
});

// --- allOf merged into one schema (the merchant answers' TopLevelHal wrapper) -----------------

const topLevelHal = "#/components/schemas/TopLevelHal";
/** Every hal+json answer whose schema is `allOf: [X, TopLevelHal]`, as [content, X]. */
function wrappedAnswers(doc: Doc): [Doc, Doc][] {
  const found: [Doc, Doc][] = [];
  for (const pathItem of Object.values(at(doc, "paths")) as Doc[]) {
    for (const operation of Object.values(pathItem) as Doc[]) {
      for (const response of Object.values((operation?.responses ?? {}) as Record<string, Doc>)) {
        const content = response.content?.["application/hal+json"] as Doc | undefined;
        const members = content?.schema?.allOf as Doc[] | undefined;
        if (members?.length === 2 && members[1]!.$ref === topLevelHal) found.push([content!, members[0]!]);
      }
    }
  }
  if (found.length < 10)
    throw new Error(`the merchant spec wraps ${found.length} answers in TopLevelHal, not most of them: update these cases`);
  return found;
}
/**
 * Compares the merchant spec as it was before the wrapper (each wrapped answer its resource schema
 * alone) with the spec as it is, after `mutate`.
 */
function diffWrapping(mutate: (doc: Doc) => void = () => undefined): SpecDiffReport {
  let wrappedPaths: Doc = {};
  return diffMutation(
    "merchant",
    (doc) => {
      doc.paths = structuredClone(wrappedPaths);
      mutate(doc);
    },
    {
      given: (doc) => {
        wrappedPaths = structuredClone(at(doc, "paths"));
        wrappedAnswers(doc).forEach(([content, resource]) => void (content.schema = resource));
      },
    },
  );
}
const rows = (changes: ClassifiedChange[]) =>
  changes.map(({ tier, ruleIds, operation, location, property }) => ({ tier, ruleIds, operation, location, property }));

describe("allOf merged into one schema before comparing", () => {
  it("the TopLevelHal wrapper around every merchant answer is a response tightening: informational only", () => {
    const report = diffWrapping();
    expect(rows(changesOf(report, "breaking"))).toEqual([]);
    expect(rows(changesOf(report, "warning"))).toEqual([]);
    // What the wrapper adds (its `not`: _links carries curies) is still listed, on the answers.
    expect(
      changesOf(report, "info").filter((change) => change.side === "response" && change.location.endsWith("› not")).length,
    ).toBeGreaterThan(10);
  });

  it("a member removed from the resource behind the wrapper is still breaking, and nothing else is", () => {
    const report = diffWrapping((doc) => {
      const application = at(doc, "components", "schemas", "Application");
      at(application, "properties", "metadata");
      delete application.properties.metadata;
      application.required = (at(application, "required") as unknown as string[]).filter((name) => name !== "metadata");
    });
    const breaking = changesOf(report, "breaking");
    expect(
      breaking.some((change) => change.operation === "GET /applications/{application_id}" && change.location.includes("metadata")),
    ).toBe(true);
    expect(rows(breaking.filter((change) => !change.location.includes("metadata")))).toEqual([]);
  });

  it("the token answer becoming OAuthToken plus exactly `Bearer` (Token) is a tightening: token_type's const is informational", () => {
    const tokenAnswer = (doc: Doc) => at(doc, "paths", "/oauth/token", "post", "responses", "200", "content", "application/json");
    const report = diffMutation(
      "merchant",
      (doc) => change(tokenAnswer(doc), "schema", tokenAnswer(doc).schema, { $ref: "#/components/schemas/Token" }),
      {
        given: (doc) => void (tokenAnswer(doc).schema = { $ref: "#/components/schemas/OAuthToken" }),
      },
    );
    expect(rows(report.changes.filter((change) => change.tier !== "info"))).toEqual([]);
    expect(report.changes).toContainEqual(
      expect.objectContaining({ tier: "info", property: "const", after: "Bearer", location: expect.stringContaining("token_type") }),
    );
  });

  it("a keyword the members disagree on stays in an allOf, so a change to it is still reported (CollectionLink's href pattern)", () => {
    const report = diffMutation("merchant", (doc) => {
      const [, own] = at(doc, "components", "schemas", "CollectionLink", "allOf") as unknown as [Doc, Doc];
      const href = at(own, "properties", "href");
      change(href, "pattern", href.pattern, "\\{[?&]per_page\\}");
    });
    const patterns = report.changes.filter((change) => change.property === "pattern" && change.location.includes("href"));
    expect(patterns.length).toBeGreaterThan(0);
    expect(patterns.every((change) => change.after === "\\{[?&]per_page\\}" && String(change.before).includes("per_page"))).toBe(true);
  });
});

describe("allOf merging on its own", () => {
  const normalizedSchemas = (schemas: Record<string, unknown>) =>
    (normalizeDocument({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, components: { schemas } }).components as Doc)
      .schemas as Doc;

  it("unites properties and required, keeps the first member's documentation and a disagreeing keyword in an allOf", () => {
    const { B } = normalizedSchemas({
      A: { title: "A", type: "object", required: ["a"], properties: { a: { type: "string", pattern: "^a" } } },
      B: {
        allOf: [
          { $ref: "#/components/schemas/A" },
          { title: "B", type: "object", required: ["b"], properties: { a: { pattern: "^b" }, b: { type: "integer" } } },
        ],
      },
    });
    expect(B).toEqual({
      title: "A",
      type: "object",
      required: ["a", "b"],
      properties: { a: { type: "string", pattern: "^a", allOf: [{ pattern: "^b" }] }, b: { type: "integer" } },
    });
  });

  it("leaves a member whose additionalProperties would start to admit the others' properties in the allOf", () => {
    const closed = { properties: { a: { type: "string" } }, additionalProperties: false };
    const { C } = normalizedSchemas({ C: { allOf: [closed, { properties: { b: { type: "string" } } }] } });
    expect(C).toEqual({ ...closed, allOf: [{ properties: { b: { type: "string" } } }] });
  });

  it("makes an allOf with a false member false, and takes the strictest additionalProperties", () => {
    const { D, E } = normalizedSchemas({
      D: { properties: { x: { allOf: [{ type: "string" }, false] } } },
      E: {
        allOf: [
          { properties: { a: { type: "string" } }, additionalProperties: { type: "string" } },
          { properties: { a: { minLength: 1 } }, additionalProperties: false },
        ],
      },
    });
    expect(D).toEqual({ properties: { x: false } });
    expect(E).toEqual({ properties: { a: { type: "string", minLength: 1 } }, additionalProperties: false });
  });
});

describe("the policy: severities and accepted breaks", () => {
  const encodingCase = classCases[0]!;
  const review = {
    reason: "The gateway parses card fields in both spellings since 2026-11 (confirmed with the service).",
    reviewedBy: "A. Reviewer",
    date: "2026-11-26",
  };
  /** The entry a reviewer pastes from the report for this change. */
  const acceptanceOf = (api: string, change: ClassifiedChange): Acceptance => ({ ...acceptanceTemplate(api, change), ...review });
  let encodingChange: ClassifiedChange;
  beforeAll(() => void (encodingChange = findChange(diffCase(encodingCase), encodingCase)!));

  it("a severity setting moves a rule to another tier", () => {
    const report = diffCase(encodingCase, { policy: { severity: { "request-encoding-changed": "warning" }, accepted: [] } });
    expect(findChange(report, encodingCase)?.tier).toBe("warning");
    expect(changesOf(report, "breaking")).toEqual([]);
  });

  it("an acceptance keeps the change breaking but lets the check pass, and a stale one is listed with its lines", () => {
    const acceptance = acceptanceOf("gateway", encodingChange);
    const stale: Acceptance = {
      ...acceptance,
      operation: "POST /credits",
      lines: { file: "openapi/diff-policy.yaml", first: 30, last: 38 },
    };
    const policy: DiffPolicy = { severity: {}, accepted: [acceptance, stale] };
    const report = diffCase(encodingCase, { policy });
    const change = findChange(report, encodingCase)!;
    expect(change).toMatchObject({ tier: "breaking", accepted: acceptance });
    const sections = [{ api: "gateway", status: "compared" as const, report }];
    expect(hasBreakingChange(sections)).toBe(true);
    expect(hasBreakingChange(sections, { unaccepted: true })).toBe(false);
    expect(unusedAcceptances(sections, policy)).toEqual([stale]);
    const markdown = renderSpecDiffMarkdown(sections, "base", "revision", { unused: [stale] });
    expect(markdown).toContain("**Breaking changes, each accepted by a reviewer**");
    expect(markdown).toContain("confirmed with the service). (A. Reviewer, 2026-11-26)");
    expect(markdown).toMatch(/### Stale acceptances[\s\S]*POST \/credits.*delete `openapi\/diff-policy\.yaml:30-38`/);
  });

  it("an old acceptance cannot pass a new break of the same rule and operation", () => {
    // Accepted: card's explode true → false. The new break: card's style, on the same operation.
    const old = acceptanceOf("gateway", encodingChange);
    const newBreak = (doc: Doc) => change(at(formBody(doc, "/authorizations"), "encoding", "card"), "style", "deepObject", "form");
    const report = diffMutation("gateway", newBreak, { policy: { severity: {}, accepted: [old] } });
    const [breaking] = changesOf(report, "breaking");
    expect(breaking).toMatchObject({ ruleIds: ["request-encoding-changed"], operation: "POST /authorizations" });
    expect(breaking?.accepted).toBeUndefined();
    // Nor with the same keyword on the same field, when the values differ (explode false → true is another change).
    const reverse = diffMutation(
      "gateway",
      (doc) => change(at(formBody(doc, "/authorizations"), "encoding", "card"), "explode", false, true),
      {
        given: (doc) => void (at(formBody(doc, "/authorizations"), "encoding", "card").explode = false),
        policy: { severity: {}, accepted: [old] },
      },
    );
    expect(changesOf(reverse, "breaking", { accepted: false })).toHaveLength(1);
  });

  it("an acceptance for a change outside operations names operation none (a renamed component)", () => {
    const base = fixture("component-renamed", "base");
    const revision = fixture("component-renamed", "revision");
    const [rename] = changesOf(diffBundles(base, revision, { api: "component-renamed" }), "breaking");
    const acceptance = acceptanceOf("component-renamed", rename!);
    expect(acceptance).toMatchObject({ operation: "none", location: "components.schemas.Order" });
    const report = diffBundles(base, revision, { api: "component-renamed", policy: { severity: {}, accepted: [acceptance] } });
    expect(changesOf(report, "breaking")).toEqual([
      expect.objectContaining({ ruleIds: ["codegen:component-removed-or-renamed"], accepted: acceptance }),
    ]);
  });

  it.each([
    ["another API", { api: "merchant" }],
    ["another operation", { operation: "POST /credits" }],
    ["another location", { location: "request body application/x-www-form-urlencoded › encoding.card3ds" }],
    ["another rule", { rule: "request-bound-tightened" }],
    ["another before", { before: false }],
    ["another after", { after: null }],
  ])("an acceptance with %s does not cover the change", (_label, difference) => {
    const report = diffCase(encodingCase, {
      policy: { severity: {}, accepted: [{ ...acceptanceOf("gateway", encodingChange), ...difference }] },
    });
    expect(findChange(report, encodingCase)?.accepted).toBeUndefined();
  });
});

describe("policy file validation", () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "spec-diff-policy-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (text: string) => {
    const path = join(dir, "diff-policy.yaml");
    writeFileSync(path, text);
    return () => loadPolicy(path);
  };
  const entry = [
    "  - api: gateway",
    "    rule: request-pattern-changed",
    "    operation: POST /authorizations",
    "    location: request body application/x-www-form-urlencoded › card.pan",
    "    before: ^[0-9]{12,19}$",
    "    after: ^[0-9]{8,19}$",
    "    reviewedBy: A. Reviewer",
    "    date: 2026-11-26",
    "",
  ].join("\n");
  const reason = "    reason: A reason long enough.\n";

  it("reads the project's own file", () => {
    expect(loadPolicy()).toMatchObject({ severity: expect.any(Object), accepted: expect.any(Array) });
  });

  it.each([
    [
      "an acceptance without a reason",
      `accepted:\n${entry}`,
      /diff-policy\.yaml:2: accepted\.0: missing "reason" \(say why the break is acceptable\)\.$/,
    ],
    ...["operation", "location", "before", "after"].map((field): [string, string, RegExp] => [
      `an acceptance without ${field}`,
      `accepted:\n${entry.replace(new RegExp(`^    ${field}: .*\n`, "m"), "")}${reason}`,
      new RegExp(`diff-policy\\.yaml:2: accepted\\.0: missing "${field}" \\(`),
    ]),
    [
      "an unknown rule in severity",
      "severity:\n  request-patern-changed: warning\n",
      /severity\.request-patern-changed: names no rule; use one of .*request-pattern-changed/,
    ],
    [
      "an unknown tier",
      "severity:\n  request-pattern-changed: fatal\n",
      /severity\.request-pattern-changed: must be one of breaking, warning, info\.$/,
    ],
    [
      "a date in another form",
      `accepted:\n${entry.replace("2026-11-26", "26.11.2026")}${reason}`,
      /accepted\.0\.date: must be a date, YYYY-MM-DD\.$/,
    ],
    ["an unknown key", "acepted: []\n", /\(top level\): unknown key "acepted"\.$/],
    [
      "the old form, an operation and a field to search for",
      `accepted:\n${entry.replace("    location:", "    field:")}${reason}`,
      /diff-policy\.yaml:2: accepted\.0: missing "location" \(the report's Field column/,
    ],
  ])("refuses %s with one line naming the field", (_label, text, message) => {
    const attempt = load(text);
    expect(attempt).toThrow(message);
    expect(() => attempt()).toThrow(/^[^\n]+$/);
  });
});

describe("report formats", () => {
  const change = (overrides: Partial<ClassifiedChange>): ClassifiedChange => ({
    pointer: "#/paths/~1orders/post/requestBody/content/application~1json/schema/properties/note",
    kind: "modified",
    side: "request",
    sides: ["request"],
    operation: "POST /orders",
    location: "request body application/json › note",
    redocly: { impact: "patch", ruleIds: [], messages: [] },
    tier: "info",
    ruleIds: [],
    ...overrides,
  });

  it("keeps multi-line values, backticks, pipes and HTML on their list line and in their cell", () => {
    const report: SpecDiffReport = {
      changes: [
        change({ tier: "breaking", ruleIds: ["request-pattern-changed"], property: "pattern", before: "^a|b$", after: "^a\n|c`$" }),
        change({ property: "description", before: "Line one.\n\n- not a list item\n<details>", after: "One `line` | with a pipe" }),
      ],
    };
    const markdown = renderSpecDiffMarkdown([{ api: "gateway", status: "compared", report }], "base", "revision");
    const row = markdown.split("\n").find((line) => line.startsWith("| `request-pattern-changed`"))!;
    expect(row).toContain("pattern: `^a\\|b$` → ``^a\\n\\|c`$``");
    expect(row.split(/(?<!\\)\|/)).toHaveLength(9);
    const item = markdown.split("\n").find((line) => line.startsWith("- POST /orders"))!;
    expect(item).toBe(
      "- POST /orders · request body application/json › note: description: `Line one.\\n\\n- not a list item\\n<details>` → ``One `line` | with a pipe``",
    );
    // The folded list holds exactly one item: the multi-line value did not open another.
    const folded = markdown.slice(markdown.indexOf("<details>"), markdown.indexOf("</details>"));
    expect(folded.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(1);
  });

  it("lists informational changes up to a bound, and says how many more the JSON report holds", () => {
    const many = Array.from({ length: maxListedInformational + 3 }, (_, i) =>
      change({ property: "description", before: `a${i}`, after: `b${i}` }),
    );
    const markdown = renderSpecDiffMarkdown([{ api: "gateway", status: "compared", report: { changes: many } }], "base", "revision");
    expect(markdown.split("\n").filter((line) => line.startsWith("- POST /orders"))).toHaveLength(maxListedInformational);
    expect(markdown).toContain("- … and 3 more, listed in the JSON report (`--json`).");
  });

  it("escapes text that Markdown or HTML would read", () => {
    expect(inlineText("a *b*\n<i>|c_d _e_")).toBe("a \\*b\\* &lt;i&gt;\\|c_d \\_e\\_");
    expect(code("``")).toBe("``` `` ```");
  });

  it("writes the same data as JSON, with tiers, rules and the verdict", () => {
    const report: SpecDiffReport = {
      changes: [change({ tier: "warning", ruleIds: ["deprecated"], property: "deprecated", before: undefined, after: true })],
    };
    const json = JSON.parse(
      renderSpecDiffJson(
        [
          { api: "gateway", status: "compared", report },
          { api: "merchant", status: "added" },
        ],
        "main",
        "working tree",
      ),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      reportVersion: 1,
      verdict: "warning",
      apis: [
        {
          api: "gateway",
          status: "compared",
          changes: [
            { tier: "warning", rules: ["deprecated"], operation: "POST /orders", property: "deprecated", before: null, after: true },
          ],
        },
        { api: "merchant", status: "added" },
      ],
    });
  });

  it("renders a changelog section with breaking changes first and documentation changes counted", () => {
    const report: SpecDiffReport = {
      changes: [
        change({ tier: "breaking", ruleIds: ["request-bound-tightened"], property: "maxLength", before: 200, after: 100 }),
        change({ property: "description", before: "a", after: "b" }),
        change({ kind: "added", property: undefined, location: "request body application/json › reference" }),
      ],
    };
    const section = renderChangelogSection("1.1.0 - 2026-11-26", [
      { api: "gateway", status: "compared", report, versions: { base: "0.10.0", revision: "0.11.0" } },
    ]);
    expect(section).toBe(
      [
        "## 1.1.0 - 2026-11-26",
        "",
        "### gateway 0.10.0 → 0.11.0",
        "",
        "#### Breaking",
        "",
        "- **POST /orders** request body application/json › note: maxLength: `200` → `100` (`request-bound-tightened`)",
        "",
        "#### Other changes",
        "",
        "- **POST /orders** request body application/json › reference: added",
        "",
        "1 documentation change (descriptions, summaries, examples, `x-` notes).",
        "",
      ].join("\n"),
    );
  });
});

describe("redocly diff's report format", () => {
  const recorded = join(fixturesDir, "redocly-report", "expected.json");
  /** The report without what depends on where the files are (paths, lines, columns). */
  const portable = (report: unknown) =>
    JSON.parse(
      JSON.stringify(report, (key, value: unknown) => (["file", "files", "line", "col"].includes(key) ? undefined : value)),
    ) as unknown;

  it("is still what this tool reads, for one fixture pair (an upgrade that changes it fails here)", () => {
    const raw = runRedoclyDiff(fixture("optional-field-made-required", "base"), fixture("optional-field-made-required", "revision"));
    expect(portable(raw)).toEqual(JSON.parse(readFileSync(recorded, "utf8")));
  });

  it.each([
    ["another report version", { reportVersion: "2", changes: [] }, /report format changed \(\/reportVersion must be equal to constant\)/],
    [
      "a change without typeName",
      { reportVersion: "1", changes: [{ path: "#/paths", kind: "added", impact: "minor", verdicts: [] }] },
      /\/changes\/0 must have required property 'typeName'/,
    ],
    [
      "an unknown impact",
      { reportVersion: "1", changes: [{ path: "#/paths", typeName: "Paths", kind: "added", impact: "breaking", verdicts: [] }] },
      /\/changes\/0\/impact must be equal to one of the allowed values/,
    ],
  ])("fails loudly on %s", (_label, report, message) => {
    expect(() => checkRedoclyReport(report)).toThrow(message);
  });
});

// The CLI tests start npm, ts-node and redocly. Each runs processes of its own and writes only to
// its own temporary folder, so they run side by side.
describe.concurrent("npm run diff with two bundles", () => {
  it("exits 1 on a breaking change and names the field", async () => {
    const result = await runDiffCli([
      "--base",
      fixture("response-enum-value-removed", "base"),
      "--revision",
      fixture("response-enum-value-removed", "revision"),
    ]);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toContain("response-enum-value-removed");
    expect(result.stdout).toContain("response 201 application/json › status");
  });

  it("exits 0 on identical specs and writes --output", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "spec-diff-out-"));
    try {
      const output = join(outDir, "diff.md");
      const result = await runDiffCli([
        "--base",
        fixture("identical", "base"),
        "--revision",
        fixture("identical", "revision"),
        "--output",
        output,
      ]);
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

  describe("with a policy file", () => {
    let dir: string;
    let accepting: string;
    const enumRemoved = [
      "--base",
      fixture("response-enum-value-removed", "base"),
      "--revision",
      fixture("response-enum-value-removed", "revision"),
      "--api",
      "orders",
    ];
    const policyFile = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "spec-diff-cli-policy-"));
      accepting = policyFile(
        "accepting.yaml",
        [
          "accepted:",
          "  - api: orders",
          "    rule: response-enum-value-removed",
          "    operation: POST /orders",
          "    location: response 201 application/json › status",
          "    before: [pending, approved, declined]",
          "    after: [pending, approved]",
          "    reason: No client of the orders API handles declined yet.",
          "    reviewedBy: A. Reviewer",
          "    date: 2026-11-26",
          "",
        ].join("\n"),
      );
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("passes an accepted break with --fail-on unaccepted, shows who accepted it and writes --json", async () => {
      const json = join(dir, "report.json");
      const result = await runDiffCli([...enumRemoved, "--policy", accepting, "--fail-on", "unaccepted", "--json", json]);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain("No client of the orders API handles declined yet. (A. Reviewer, 2026-11-26)");
      expect(JSON.parse(readFileSync(json, "utf8"))).toMatchObject({
        verdict: "breaking-accepted",
        apis: [
          {
            api: "orders",
            changes: [{ tier: "breaking", rules: ["response-enum-value-removed"], accepted: { reviewedBy: "A. Reviewer" } }],
          },
        ],
      });
    });

    it("fails the check on a stale acceptance, naming the lines to delete", async () => {
      const accepted = readFileSync(accepting, "utf8");
      const staleEntry = accepted.split("\n").slice(1).join("\n").replace("operation: POST /orders", "operation: GET /orders");
      const stale = policyFile("stale.yaml", `${accepted}${staleEntry}`);
      const result = await runDiffCli([...enumRemoved, "--policy", stale, "--fail-on", "unaccepted"]);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        /stale\.yaml:11-19: stale acceptance \(orders, response-enum-value-removed on GET \/orders › response 201 application\/json › status\) matches no change between .*; delete these lines\./,
      );
      expect(result.stdout).toContain("### Stale acceptances");
    });

    it("still exits 1 on the accepted break by default: the release is major", async () => {
      const result = await runDiffCli([...enumRemoved, "--policy", accepting]);
      expect(result.status, result.stderr).toBe(1);
    });

    it("exits 2 with one line naming the field of a wrong policy file", async () => {
      const wrong = policyFile("wrong.yaml", "severity:\n  response-enum-value-removed: never\n");
      const result = await runDiffCli([...enumRemoved, "--policy", wrong]);
      expect(result.status).toBe(2);
      expect(result.stderr.trim()).toMatch(
        /^spec-diff: .*wrong\.yaml: severity\.response-enum-value-removed: must be one of breaking, warning, info\.$/,
      );
    });
  });
});

describe.concurrent("npm run diff against a git ref", () => {
  // A throw-away repository with one API, so the test neither depends on nor disturbs this one.
  let repo: string;
  const git = (...args: string[]) => {
    const result = spawnSync("git", ["-C", repo, "-c", "user.name=spec-diff test", "-c", "user.email=spec-diff@example.invalid", ...args], {
      encoding: "utf8",
    });
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
    // The row points at the source file and line of the changed enum, not into the bundle.
    const enumLine =
      readFileSync(specInRepo(), "utf8")
        .split("\n")
        .findIndex((line) => line.includes("enum: [pending, approved]")) + 1;
    expect(edited.stdout).toContain(`\`openapi/orders/openapi.yaml:${enumLine}\``);
  });

  it("exits 2 naming an unknown ref", async () => {
    const result = await runDiffCli(["no-such-branch", "--repo", repo]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown git ref 'no-such-branch'");
  });
});

describe("npm run diff on specs that do not parse", () => {
  let repo: string;
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "spec-diff-broken-"));
    const spec = join(repo, "openapi", "orders", "openapi.yaml");
    mkdirSync(join(repo, "openapi", "orders"), { recursive: true });
    writeFileSync(join(repo, "redocly.yaml"), "apis:\n  orders:\n    root: openapi/orders/openapi.yaml\n");
    copyFileSync(fixture("response-enum-value-removed", "base"), spec);
    const run = (...args: string[]) =>
      spawnSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { encoding: "utf8" });
    run("init", "--quiet");
    run("add", ".");
    run("commit", "--quiet", "-m", "Orders API");
    // Line 3 of the working tree's spec breaks: an unclosed flow sequence.
    const lines = readFileSync(spec, "utf8").split("\n");
    lines.splice(2, 0, "broken: [unclosed");
    writeFileSync(spec, lines.join("\n"));
    // And a policy file with an acceptance that lacks its location: the report still comes.
    writeFileSync(
      join(repo, "openapi", "diff-policy.yaml"),
      "accepted:\n  - api: orders\n    rule: operation-removed\n    operation: GET /orders\n    before: null\n    after: null\n    reason: A reason long enough.\n    reviewedBy: A. Reviewer\n    date: 2026-11-26\n",
    );
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("still writes the comment, with the error at the source file and line, and annotates that line", async () => {
    const output = join(repo, "diff.md");
    const result = await runDiffCli(["HEAD", "--repo", repo, "--output", output, "--fail-on", "unaccepted", "--github-annotations"]);
    expect(result.status, result.stderr).toBe(2);
    const comment = readFileSync(output, "utf8");
    expect(comment).toContain("**The specs could not be compared:**");
    expect(comment).toMatch(/\*\*Not compared:\*\* the revision's specs do not bundle at `openapi\/orders\/openapi\.yaml:\d+`/);
    expect(result.stdout).toMatch(/^::error file=openapi\/orders\/openapi\.yaml,line=\d+,title=orders%3A specs do not bundle::/m);
    expect(comment).toMatch(/### Policy file\n\n\*\*Not read:\*\* openapi\/diff-policy\.yaml:2: accepted\.0: missing "location"/);
    expect(result.stdout).toMatch(/^::error file=openapi\/diff-policy\.yaml,line=2,title=Diff policy::accepted\.0: missing "location"/m);
  });
});

describe("What changed: the changelog of the release tags", () => {
  // Its own throw-away repository: the tags and commits here must not race the tests above.
  let repo: string;
  const git = (...args: string[]) => {
    const result = spawnSync("git", ["-C", repo, "-c", "user.name=spec-diff test", "-c", "user.email=spec-diff@example.invalid", ...args], {
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  };
  const commitSpec = (text: string, message: string) => {
    writeFileSync(join(repo, "openapi", "orders", "openapi.yaml"), text);
    git("add", ".");
    git("commit", "--quiet", "-m", message);
  };

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "spec-diff-releases-"));
    mkdirSync(join(repo, "openapi", "orders"), { recursive: true });
    writeFileSync(join(repo, "redocly.yaml"), "apis:\n  orders:\n    root: openapi/orders/openapi.yaml\n");
    git("init", "--quiet");
    commitSpec(readFileSync(fixture("response-enum-value-removed", "base"), "utf8"), "Orders API");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("says that nothing is released before the first tag, then gives a section per release, newest first", () => {
    expect(whatChangedMarkdown(repo)).toMatch(/^No version has been released yet\./);

    git("tag", "v1.0.0");
    commitSpec(
      readFileSync(fixture("response-enum-value-removed", "revision"), "utf8").replace("version: 1.0.0", "version: 2.0.0"),
      "Declined orders are gone",
    );
    git("tag", "-a", "v2.0.0", "-m", "Release 2.0.0");
    git("tag", "not-a-release");

    const page = whatChangedMarkdown(repo);
    const headings = page.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual([
      expect.stringMatching(/^## 2\.0\.0 - \d{4}-\d{2}-\d{2} \(since 1\.0\.0\)$/),
      expect.stringMatching(/^## 1\.0\.0 - \d{4}-\d{2}-\d{2}$/),
    ]);
    expect(page).toContain(
      "### orders 1.0.0 → 2.0.0\n\n#### Breaking\n\n- **POST /orders** response 201 application/json › status: enum: `pending`, `approved`, `declined` → `pending`, `approved` (`response-enum-value-removed`)",
    );
    expect(page).toContain("The first release: orders 1.0.0.");
  });
});
