/**
 * The core of `npm run diff`: puts two bundled OpenAPI documents into one canonical form
 * (spec-diff-normalize.ts), compares them with `redocly diff` (spec-diff-redocly.ts) and sorts
 * every change into a tier with this project's rules (spec-diff-rules.ts) and policy
 * (openapi/diff-policy.yaml). Works on two files, no git involved, so the tests can drive it directly.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { normalizeDocument, referenceSides, walkPointer } from "./spec-diff-normalize";
import { emptyPolicy, noOperation, sameValue, tierOf, type Acceptance, type DiffPolicy } from "./spec-diff-policy";
import { placesOf } from "./spec-diff-places";
import type { SourceLine, SourceLocator } from "./spec-diff-source";
import { runRedoclyDiff, type RedoclyDiffChange } from "./spec-diff-redocly";
import { concretePointer, findWitness, type Witness, type WitnessQuery } from "./spec-diff-witness";
import {
  codegenComponentSections,
  compatibilityRules,
  httpMethods,
  pointerSegments,
  tiers,
  type ChangeSide,
  type SpecChange,
  type Tier,
} from "./spec-diff-rules";

/** One place a change reaches, classified by its own direction. */
export interface ChangePlace {
  operation?: string;
  location: string;
  side: ChangeSide;
  pointer: string;
  tier: Tier;
  ruleIds: string[];
  /** The value that shows the break here; `null` when the search found none; absent where none was searched. */
  witness?: Witness | null;
}

export interface ClassifiedChange extends SpecChange {
  tier: Tier;
  /** Ids of this project's rules that matched, else `redocly:<id>` when redocly rated it major. */
  ruleIds: string[];
  /** The reviewed acceptance that covers this breaking change, if any. */
  accepted?: Acceptance;
  /** Every place the change reaches (the first is the one the row names), each with its own verdict. */
  places?: ChangePlace[];
  /** Where the change is written under openapi/ (the revision's file, or the base's for a removal). */
  source?: SourceLine;
}

export interface SpecDiffReport {
  /** Every change, breaking first, then warnings, then informational ones. */
  changes: ClassifiedChange[];
}

/** The changes of one tier; `accepted` false leaves out those a reviewer accepted. */
export function changesOf(report: SpecDiffReport, tier: Tier, options: { accepted?: boolean } = {}): ClassifiedChange[] {
  const includeAccepted = options.accepted ?? true;
  return report.changes.filter((change) => change.tier === tier && (includeAccepted || change.accepted === undefined));
}

type Document = Record<string, unknown>;

const escapePointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

function loadDocument(path: string): Document {
  const doc = parse(readFileSync(path, "utf8")) as unknown;
  if (doc === null || typeof doc !== "object") throw new Error(`${path} is not an OpenAPI document (no top-level object).`);
  return doc as Document;
}

const resolveSegments = (doc: Document, segments: readonly string[]) => walkPointer(doc, segments).node;

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

/** The sides of an exchange that the node at `pointer` is part of, in one document. */
function sidesIn(
  doc: Document,
  sides: Map<string, Set<"request" | "response">>,
  pointer: string,
  ownSide: ChangeSide,
): Set<"request" | "response"> {
  const segments = pointerSegments(pointer);
  const found = new Set<"request" | "response">(ownSide === "request" || ownSide === "response" ? [ownSide] : []);
  const references = [walkPointer(doc, segments).reference];
  if (segments[0] === "components" && segments.length >= 3)
    references.push(`#/components/${segments[1]}/${escapePointerSegment(segments[2]!)}`);
  for (const reference of references)
    for (const side of (reference === undefined ? undefined : sides.get(reference)) ?? []) found.add(side);
  return found;
}

interface Compared {
  doc: Document;
  sides: Map<string, Set<"request" | "response">>;
}

/** Side, operation and field of a change at one pointer, with the properties a `required` change concerns. */
function describeAt(pointer: string, doc: Document, change: Pick<SpecChange, "property" | "before" | "after">) {
  const described = describePointer(pointer, doc);
  // Redocly reports a required-list change on the object; name the properties it concerns.
  const requiredFields = change.property === "required" ? requiredListFields(change.before, change.after) : [];
  if (requiredFields.length > 0) described.location += ` › ${requiredFields.join(", ")}`;
  return described;
}

function toSpecChange(change: RedoclyDiffChange, base: Compared, revision: Compared): SpecChange {
  // A removed node only exists in the base; everything else is described from the revision.
  const described = describeAt(change.path, change.kind === "removed" ? base.doc : revision.doc, {
    property: change.property,
    before: change.base?.value,
    after: change.revision?.value,
  });
  const sides = new Set([
    ...(change.kind === "added" ? [] : sidesIn(base.doc, base.sides, change.path, described.side)),
    ...(change.kind === "removed" ? [] : sidesIn(revision.doc, revision.sides, change.path, described.side)),
  ]);
  return {
    pointer: change.path,
    kind: change.kind,
    typeName: change.typeName,
    ...(change.property === undefined ? {} : { property: change.property }),
    ...described,
    sides: (["request", "response"] as const).filter((side) => sides.has(side)),
    before: change.base?.value,
    after: change.revision?.value,
    redocly: {
      impact: change.impact,
      ruleIds: change.verdicts.map((verdict) => verdict.ruleId),
      messages: change.verdicts.map((verdict) => verdict.message),
    },
  };
}

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
      const rename = changes.find(
        (change) => change.property === "key" && change.before === name && pointerSegments(change.pointer)[1] === section,
      );
      if (rename !== undefined) replacedPointers.add(rename.pointer);
      replacedPointers.add(pointer);
      removed.push({
        pointer,
        kind: "removed",
        side: "component",
        sides: [],
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

const tierRank = (tier: Tier) => tiers.length - tiers.indexOf(tier);

/** The rules that match a change, and its tier under the policy. */
export function classify(change: SpecChange, policy: DiffPolicy = emptyPolicy): Omit<ClassifiedChange, "accepted"> {
  const matched = compatibilityRules.filter((rule) => rule.matches(change));
  const superseded = new Set(matched.flatMap((rule) => rule.supersedes ?? []));
  const redoclyIds =
    change.redocly.impact === "major"
      ? (change.redocly.ruleIds.length > 0 ? change.redocly.ruleIds : ["major"]).map((id) => `redocly:${id}`)
      : [];
  const ids = (matched.length > 0 ? matched.map((rule) => rule.id) : redoclyIds).filter((id) => !superseded.has(id));
  const defaultTier = (id: string): Tier => compatibilityRules.find((rule) => rule.id === id)?.tier ?? "breaking";
  const tier = ids
    .map((id) => tierOf(policy, id, defaultTier(id)))
    .reduce<Tier>((worst, next) => (tierRank(next) > tierRank(worst) ? next : worst), "info");
  return { ...change, tier, ruleIds: ids };
}

/** Keywords that change what people read, not what a value may be: no witness to search for. */
const annotationKeywords = new Set([
  "description",
  "title",
  "summary",
  "example",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "default",
  "externalDocs",
  "discriminator",
  "contentMediaType",
  "contentEncoding",
  "$comment",
]);

/** Keywords whose next segment is a name (a member, a definition), not a keyword. */
const namingKeywords = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependentRequired"]);

/** Whether a path of schema keywords leads into an annotation or an `x-` extension, which no value can break. */
function insideAnnotation(focus: readonly string[]): boolean {
  return focus.some(
    (segment, i) => !namingKeywords.has(focus[i - 1] ?? "") && (annotationKeywords.has(segment) || segment.startsWith("x-")),
  );
}

/** The top schema and how its value travels, for a pointer inside a request or response schema. */
function schemaPlace(
  segments: readonly string[],
  doc: Document,
): { top: string[]; focus: string[]; carrier: WitnessQuery["carrier"] } | undefined {
  const [root, , , section, key, kind, name] = segments;
  if (root !== "paths") return undefined;
  const split = (at: number, carrier: WitnessQuery["carrier"]) =>
    segments[at] === "schema" ? { top: segments.slice(0, at + 1), focus: segments.slice(at + 1), carrier } : undefined;
  if (section === "requestBody" && key === "content" && kind !== undefined) return split(6, { mediaType: kind });
  if (section === "parameters" && key !== undefined) {
    const parameter = resolveSegments(doc, segments.slice(0, 5)) as { name?: string; in?: string } | undefined;
    return split(5, { parameter: parameter?.name ?? key, in: parameter?.in ?? "parameter" });
  }
  if (section === "responses" && kind === "content" && name !== undefined) return split(7, { mediaType: name });
  if (section === "responses" && kind === "headers" && name !== undefined) return split(7, { parameter: name, in: "header" });
  return undefined;
}

/** The examples a media type or parameter (or its schema) gives for the whole value. */
function examplesAt(doc: Document, segments: readonly string[]): unknown[] {
  const holder = resolveSegments(doc, segments) as { example?: unknown; examples?: Record<string, unknown>; schema?: unknown } | undefined;
  const schema = resolveSegments(doc, [...segments, "schema"]) as { examples?: unknown; example?: unknown } | undefined;
  const named = Object.values(holder?.examples ?? {}).map((example) => dereferenceExample(doc, example));
  return [
    ...(holder?.example === undefined ? [] : [holder.example]),
    ...named.filter((value) => value !== undefined),
    ...(Array.isArray(schema?.examples) ? (schema.examples as unknown[]) : []),
    ...(schema?.example === undefined ? [] : [schema.example]),
  ];
}

/** The value of an Example Object, through its `$ref`. */
function dereferenceExample(doc: Document, example: unknown): unknown {
  const ref = (example as { $ref?: unknown } | undefined)?.$ref;
  const resolved = typeof ref === "string" ? resolveSegments(doc, pointerSegments(ref)) : example;
  return (resolved as { value?: unknown } | undefined)?.value;
}

/**
 * The witness search for one change at one place: undefined where there is nothing to search
 * (not a schema, an annotation, a schema present on one side only), else the witness or null.
 * Places that share a schema share the search.
 */
function witnessAt(change: SpecChange, base: Compared, revision: Compared, cache: Map<string, Witness | null>): Witness | null | undefined {
  if (change.side !== "request" && change.side !== "response") return undefined;
  if (change.property !== undefined && (annotationKeywords.has(change.property) || change.property.startsWith("x-"))) return undefined;
  const segments = pointerSegments(change.pointer);
  const place = schemaPlace(segments, revision.doc) ?? schemaPlace(segments, base.doc);
  if (place === undefined || insideAnnotation(place.focus)) return undefined;
  const basePointer = concretePointer(base.doc, place.top);
  const revisionPointer = concretePointer(revision.doc, place.top);
  if (basePointer === undefined || revisionPointer === undefined) return undefined;
  const key = JSON.stringify([change.side, basePointer, revisionPointer, place.focus, place.carrier]);
  if (!cache.has(key)) {
    const query: WitnessQuery = {
      direction: change.side,
      base: { doc: base.doc, pointer: basePointer },
      revision: { doc: revision.doc, pointer: revisionPointer },
      focus: place.focus,
      carrier: place.carrier,
      examples: [revision, base].flatMap((side) => examplesAt(side.doc, place.top.slice(0, -1))),
    };
    cache.set(key, findWitness(query) ?? null);
  }
  return cache.get(key);
}

/**
 * A change at every place it reaches (every use of the component that holds it), each place
 * classified by its own direction and decided by its witness; the row takes the worst tier and
 * the union of the rules, and names the first place.
 */
function classifyAtEveryPlace(
  change: SpecChange,
  base: Compared,
  revision: Compared,
  policy: DiffPolicy,
  witnesses: Map<string, Witness | null>,
): Omit<ClassifiedChange, "accepted"> {
  const doc = change.kind === "removed" ? base.doc : revision.doc;
  const pointers = change.side === "request" || change.side === "response" ? placesOf(doc, change.pointer) : [change.pointer];
  const places = pointers.map((pointer): ChangePlace => {
    const described = pointer === change.pointer ? change : { ...change, ...describeAt(pointer, doc, change), pointer };
    const sides = described.side === "request" || described.side === "response" ? [described.side] : change.sides;
    const atPlace: SpecChange = { ...described, sides };
    const witness = witnessAt(atPlace, base, revision, witnesses);
    const classified = classify(witness === undefined ? atPlace : { ...atPlace, witness }, policy);
    return {
      ...(classified.operation === undefined ? {} : { operation: classified.operation }),
      location: classified.location,
      side: classified.side,
      pointer,
      tier: classified.tier,
      ruleIds: classified.ruleIds,
      ...(witness === undefined ? {} : { witness }),
    };
  });
  const [first] = places as [ChangePlace, ...ChangePlace[]];
  const tier = places.map((place) => place.tier).reduce<Tier>((worst, next) => (tierRank(next) > tierRank(worst) ? next : worst), "info");
  const ruleIds = [...new Set(places.flatMap((place) => place.ruleIds))];
  const sides = [...new Set(places.flatMap((place) => (place.side === "request" || place.side === "response" ? [place.side] : [])))];
  const witness = places.find((place) => place.witness)?.witness ?? first.witness;
  return {
    ...change,
    sides: sides.length > 0 ? sides : change.sides,
    tier,
    ruleIds,
    ...(witness === undefined ? {} : { witness }),
    places,
  };
}

/**
 * The policy's acceptance of a breaking change in `api`, if a reviewer gave one: the same rule,
 * operation and location, and the same values before and after. Any difference is another change,
 * which needs its own review.
 */
export function acceptanceFor(change: Omit<ClassifiedChange, "accepted">, api: string, policy: DiffPolicy): Acceptance | undefined {
  if (change.tier !== "breaking") return undefined;
  return policy.accepted.find(
    (entry) =>
      entry.api === api &&
      change.ruleIds.includes(entry.rule) &&
      (change.places ?? [change]).some(
        (place) => entry.operation === (place.operation ?? noOperation) && entry.location === place.location,
      ) &&
      sameValue(entry.before, change.before) &&
      sameValue(entry.after, change.after),
  );
}

/**
 * The source line of a change: in the revision's files (where a reviewer edits and the workflow
 * annotates), or the base's for a removal, whose lines are gone from the revision.
 */
function sourceOf(change: SpecChange, side: Compared, sources: DiffOptions["sources"]): SourceLine | undefined {
  const locate = change.kind === "removed" ? sources?.base : sources?.revision;
  if (locate === undefined) return undefined;
  const segments = pointerSegments(change.pointer);
  const parameter =
    segments[3] === "parameters" ? (resolveSegments(side.doc, segments.slice(0, 5)) as { name?: string; in?: string }) : undefined;
  try {
    return locate(change.pointer, change.property, parameter);
  } catch {
    return undefined;
  }
}

export interface DiffOptions {
  /** The API's name, which acceptances in the policy name. */
  api?: string;
  policy?: DiffPolicy;
  /** Source lines of each side's specs (none for two bundles given directly). */
  sources?: { base?: SourceLocator; revision?: SourceLocator };
}

/** Each document in canonical form, written beside the work files for redocly to read. */
function prepare(path: string, workDir: string, name: string): Compared & { path: string } {
  const doc = normalizeDocument(loadDocument(path));
  const normalizedPath = join(workDir, `${name}.json`);
  writeFileSync(normalizedPath, JSON.stringify(doc));
  return { doc, sides: referenceSides(doc), path: normalizedPath };
}

/** Compares two bundled documents (YAML or JSON) in canonical form and classifies every change. */
export function diffBundles(baseBundlePath: string, revisionBundlePath: string, options: DiffOptions = {}): SpecDiffReport {
  const policy = options.policy ?? emptyPolicy;
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-normalized-"));
  try {
    const base = prepare(baseBundlePath, workDir, "base");
    const revision = prepare(revisionBundlePath, workDir, "revision");
    const redoclyReport = runRedoclyDiff(base.path, revision.path);
    const witnesses = new Map<string, Witness | null>();
    const changes = reconcileComponentChanges(
      redoclyReport.changes.map((change) => toSpecChange(change, base, revision)),
      base.doc,
      revision.doc,
    )
      .map((change) => classifyAtEveryPlace(change, base, revision, policy, witnesses))
      .map((change): ClassifiedChange => {
        const accepted = acceptanceFor(change, options.api ?? "", policy);
        const source = sourceOf(change, change.kind === "removed" ? base : revision, options.sources);
        return { ...change, ...(accepted === undefined ? {} : { accepted }), ...(source === undefined ? {} : { source }) };
      })
      .sort((a, b) => tierRank(b.tier) - tierRank(a.tier));
    return { changes };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
