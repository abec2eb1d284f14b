/**
 * The core of `npm run diff`: compares two bundled OpenAPI documents with `redocly diff`
 * (diff-recommended) and classifies every change as breaking or not with this project's rules
 * (spec-diff-rules.ts). Works on two files, no git involved, so the tests can drive it directly.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { runBin } from "./exec";
import {
  codegenComponentSections,
  compatibilityRules,
  httpMethods,
  pointerSegments,
  type ChangeSide,
  type SpecChange,
} from "./spec-diff-rules";

export interface ClassifiedChange extends SpecChange {
  breaking: boolean;
  /** Ids of this project's rules that matched, else `redocly:<id>` when redocly rated it major. */
  ruleIds: string[];
}

export interface SpecDiffReport {
  breaking: ClassifiedChange[];
  nonBreaking: ClassifiedChange[];
}

/** The parts of `redocly diff --format json` this tool reads (report version 1). */
interface RedoclyDiffLocation {
  pointer: string;
  value?: unknown;
}
interface RedoclyDiffChange {
  path: string;
  kind: "added" | "removed" | "modified";
  impact: "major" | "minor" | "patch";
  property?: string;
  verdicts?: { ruleId: string; message: string }[];
  base?: RedoclyDiffLocation;
  revision?: RedoclyDiffLocation;
}
interface RedoclyDiffReport {
  changes: RedoclyDiffChange[];
}

type Document = Record<string, unknown>;

/** Runs `redocly diff` with a throw-away config: diff needs `extends: [diff-recommended]`. */
function runRedoclyDiff(basePath: string, revisionPath: string): RedoclyDiffReport {
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-"));
  try {
    const configPath = join(workDir, "redocly.yaml");
    writeFileSync(configPath, "extends:\n  - diff-recommended\n");
    const reportPath = join(workDir, "diff.json");
    // --fail-on none: the verdict is this tool's, not redocly's. --output keeps the JSON clear
    // of whatever the CLI prints (its Node 20 deprecation box, progress lines).
    runBin(
      "redocly",
      ["diff", basePath, revisionPath, "--config", configPath, "--lint-config", "off", "--format", "json", "--fail-on", "none", "--output", reportPath],
      { quiet: true },
    );
    return JSON.parse(readFileSync(reportPath, "utf8")) as RedoclyDiffReport;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function loadDocument(path: string): Document {
  const doc = parse(readFileSync(path, "utf8")) as unknown;
  if (doc === null || typeof doc !== "object") throw new Error(`${path} is not an OpenAPI document (no top-level object).`);
  return doc as Document;
}

/** Walks `segments` from the document root, following local `$ref`s on the way. */
function resolveSegments(doc: Document, segments: readonly string[]): unknown {
  const followRef = (node: unknown, depth = 0): unknown => {
    const ref = (node as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 20) return node;
    return followRef(resolveSegments(doc, pointerSegments(ref)), depth + 1);
  };
  let node: unknown = doc;
  for (const segment of segments) {
    node = followRef(node);
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return followRef(node);
}

/** "card.pan", "lines[]", "oneOf[1].token": the schema keywords after `schema` in a pointer, in words. */
function describeSchemaPath(segments: readonly string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const keyword = segments[i]!;
    const next = segments[i + 1];
    if (keyword === "properties" && next !== undefined) {
      parts.push(next);
      i++;
    } else if (keyword === "items") {
      parts.push((parts.pop() ?? "") + "[]");
    } else if (keyword === "allOf" && next !== undefined) {
      // allOf parts merge into one object: "card.pan" reads better than "allOf[0].card.pan".
      i++;
    } else if (["oneOf", "anyOf", "prefixItems"].includes(keyword) && next !== undefined) {
      parts.push(`${keyword}[${next}]`);
      i++;
    } else if (keyword === "additionalProperties") {
      parts.push((parts.pop() ?? "") + "{*}");
    } else {
      parts.push(keyword);
    }
  }
  return parts.join(".");
}

/** "request body application/json", plus " › field" when the change is inside the schema. */
function withField(prefix: string, rest: readonly string[]): string {
  const schemaAt = rest.indexOf("schema");
  const field = schemaAt < 0 ? "" : describeSchemaPath(rest.slice(schemaAt + 1));
  return field === "" ? prefix : `${prefix} › ${field}`;
}

/** Media type and schema part of a request body or response: ["content", mt, "schema", ...]. */
function describeContent(prefix: string, rest: readonly string[]): string {
  if (rest[0] === "content" && rest[1] !== undefined) return withField(`${prefix} ${rest[1]}`, rest.slice(2));
  if (rest[0] === "headers" && rest[1] !== undefined) return withField(`${prefix} header ${rest[1]}`, rest.slice(2));
  return rest.length === 0 ? prefix : `${prefix} ${rest.join(".")}`;
}

/** Side, operation and field in words for one operation-context pointer. */
function describePointer(pointer: string, doc: Document): { side: ChangeSide; operation?: string; location: string } {
  const segments = pointerSegments(pointer);
  const [root, path, maybeMethod] = segments;
  if (root === "components") return { side: "component", location: `components.${segments.slice(1).join(".")}` };
  if (root !== "paths" || path === undefined) return { side: "document", location: segments.join(".") || "(document)" };

  const isOperation = maybeMethod !== undefined && httpMethods.has(maybeMethod);
  const operation = isOperation ? `${maybeMethod.toUpperCase()} ${path}` : path;
  const operationSegments = segments.slice(0, isOperation ? 3 : 2);
  const rest = segments.slice(operationSegments.length);
  const [section, key, ...inner] = rest;

  if (section === "parameters" && key !== undefined) {
    const parameter = resolveSegments(doc, [...operationSegments, "parameters", key]) as { name?: string; in?: string } | undefined;
    const name = parameter?.name === undefined ? `#${key}` : `${parameter.in ?? ""} parameter ${parameter.name}`.trim();
    return { side: "request", operation, location: withField(name, inner) };
  }
  if (section === "requestBody") {
    return { side: "request", operation, location: describeContent("request body", rest.slice(1)) };
  }
  if (section === "responses" && key !== undefined) {
    return { side: "response", operation, location: describeContent(`response ${key}`, inner) };
  }
  if (section === "responses") return { side: "response", operation, location: "responses" };
  if (!isOperation && rest.length === 0) {
    // A whole path item: name the operations it holds, so a removal says what went with it.
    const pathItem = (resolveSegments(doc, operationSegments) ?? {}) as Record<string, unknown>;
    const methods = Object.keys(pathItem).filter((field) => httpMethods.has(field));
    return { side: "operation", operation, location: `path with ${methods.map((m) => m.toUpperCase()).join(", ") || "no operations"}` };
  }
  return { side: "operation", operation, location: rest.length === 0 ? "(operation)" : rest.join(".") };
}

/** For a changed `required` list, the properties whose status changed: the fields concerned. */
function requiredListFields(before: unknown, after: unknown): string[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const [was, is] = [list(before), list(after)];
  return [...is.filter((name) => !was.includes(name)), ...was.filter((name) => !is.includes(name))];
}

function toSpecChange(change: RedoclyDiffChange, baseDoc: Document, revisionDoc: Document): SpecChange {
  // A removed node only exists in the base; everything else is described from the revision.
  const described = describePointer(change.path, change.kind === "removed" ? baseDoc : revisionDoc);
  // Redocly reports a required-list change on the object; name the properties it concerns.
  const requiredFields = change.property === "required" ? requiredListFields(change.base?.value, change.revision?.value) : [];
  if (requiredFields.length > 0) described.location += ` › ${requiredFields.join(", ")}`;
  return {
    pointer: change.path,
    kind: change.kind,
    ...(change.property === undefined ? {} : { property: change.property }),
    ...described,
    before: change.base?.value,
    after: change.revision?.value,
    redocly: {
      impact: change.impact,
      ruleIds: (change.verdicts ?? []).map((verdict) => verdict.ruleId),
      messages: (change.verdicts ?? []).map((verdict) => verdict.message),
    },
  };
}

const escapePointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Component removals and renames, from the documents themselves: redocly reports them
 * inconsistently (a removed component as "patch", a whole removed section as one entry, a
 * rename only when the content is similar enough to pair up), and for generated code every
 * exported name matters. Replaces redocly's entries for the same names.
 */
function reconcileComponentChanges(changes: SpecChange[], baseDoc: Document, revisionDoc: Document): SpecChange[] {
  const componentsOf = (doc: Document) => (doc.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const removed: SpecChange[] = [];
  const replacedPointers = new Set<string>();
  for (const section of codegenComponentSections) {
    const before = Object.keys(componentsOf(baseDoc)[section] ?? {});
    const after = new Set(Object.keys(componentsOf(revisionDoc)[section] ?? {}));
    if (before.length > 0 && after.size === 0) replacedPointers.add(`#/components/${section}`);
    for (const name of before.filter((component) => !after.has(component))) {
      const pointer = `#/components/${section}/${escapePointerSegment(name)}`;
      // Redocly pairs a rename as a "key" change on the new name; keep the new name for the report.
      const rename = changes.find((change) => change.property === "key" && change.before === name && pointerSegments(change.pointer)[1] === section);
      if (rename !== undefined) replacedPointers.add(rename.pointer);
      replacedPointers.add(pointer);
      removed.push({
        pointer,
        kind: "removed",
        side: "component",
        location: `components.${section}.${name}`,
        before: name,
        after: rename?.after,
        redocly: rename?.redocly ?? { impact: "patch", ruleIds: [], messages: [] },
      });
    }
  }
  const isReplaced = (change: SpecChange) =>
    replacedPointers.has(change.pointer) && (change.kind === "removed" || change.property === "key");
  return [...changes.filter((change) => !isReplaced(change)), ...removed];
}

function classify(change: SpecChange): ClassifiedChange {
  const projectRules = compatibilityRules.filter((rule) => rule.breaks(change)).map((rule) => rule.id);
  const redoclyRules =
    change.redocly.impact === "major"
      ? (change.redocly.ruleIds.length > 0 ? change.redocly.ruleIds : ["major"]).map((id) => `redocly:${id}`)
      : [];
  const ruleIds = projectRules.length > 0 ? projectRules : redoclyRules;
  return { ...change, breaking: ruleIds.length > 0, ruleIds };
}

/** Compares two bundled documents (YAML or JSON) and classifies every change. */
export function diffBundles(baseBundlePath: string, revisionBundlePath: string): SpecDiffReport {
  const baseDoc = loadDocument(baseBundlePath);
  const revisionDoc = loadDocument(revisionBundlePath);
  const redoclyReport = runRedoclyDiff(baseBundlePath, revisionBundlePath);
  const changes = reconcileComponentChanges(
    redoclyReport.changes.map((change) => toSpecChange(change, baseDoc, revisionDoc)),
    baseDoc,
    revisionDoc,
  ).map(classify);
  return {
    breaking: changes.filter((change) => change.breaking),
    nonBreaking: changes.filter((change) => !change.breaking),
  };
}
