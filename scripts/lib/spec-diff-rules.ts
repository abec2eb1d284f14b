/**
 * This project's compatibility rules: which changes break a client or its generated code, which
 * need a reviewer's eye, checked on top of `redocly diff` (diff-recommended), which misses,
 * under-rates or over-rates some of them. docs/versioning.md explains each rule; keep the two in
 * step. Each rule has a default tier; openapi/diff-policy.yaml may set another one.
 *
 * A change that one of these rules matches takes the highest tier among them. A change that none
 * matches keeps redocly's rating: "major" is breaking under the id `redocly:<its rule id>`,
 * anything else informational.
 */
import { HTTP_METHODS } from "../../src/testkit/openapi-model/document";
import type { Witness } from "./spec-diff-witness";

/** Which side of the exchange a change is on: what the client sends, or what it receives. */
export type ChangeSide = "request" | "response" | "operation" | "component" | "document";

/** breaking fails the check; warning needs a reviewer's eye; info is listed only. */
export type Tier = "breaking" | "warning" | "info";
export const tiers: readonly Tier[] = ["breaking", "warning", "info"];

/** One change between two bundles, as redocly reports it, with where it is in words. */
export interface SpecChange {
  /** Redocly's operation-context JSON pointer (#/paths/~1orders/post/requestBody/...). */
  pointer: string;
  kind: "added" | "removed" | "modified";
  /** Redocly's name for the changed node's type: Schema, Parameter, Header, Encoding, Operation, ... */
  typeName?: string;
  /** The keyword that changed on a modified node (enum, pattern, maximum, required, type, ...). */
  property?: string;
  side: ChangeSide;
  /**
   * Every side of an exchange the changed node is part of: a node inside a component that both a
   * request and a response use is both, wherever redocly happened to report it.
   */
  sides: ("request" | "response")[];
  /** "POST /orders"; for a whole path item, just the path. Absent outside paths. */
  operation?: string;
  /** The field in words: "request body application/json › card.pan", "response 201 › status". */
  location: string;
  /** The value in the base and in the revision (the keyword's value for a modified node). */
  before?: unknown;
  after?: unknown;
  /** Redocly's own rating and verdicts (impact "patch" for entries this tool synthesises). */
  redocly: { impact: "major" | "minor" | "patch"; ruleIds: string[]; messages: string[] };
  /**
   * For a schema change at one place: the value found that one side accepts and the other
   * refuses (spec-diff-witness.ts), or `null` when the bounded search found none.
   */
  witness?: Witness | null;
}

export interface CompatibilityRule {
  id: string;
  tier: Tier;
  description: string;
  matches(change: SpecChange): boolean;
  /** Rules (or `redocly:` ids) whose match this one replaces, for the same change. */
  supersedes?: readonly string[];
}

// --- helpers --------------------------------------------------------------------------------

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number";

/** JSON Schema `type` as a set; "number" admits integers, so it covers "integer" too. */
function typeSet(value: unknown): Set<string> {
  const types = new Set((isArray(value) ? value : [value]).filter((t): t is string => typeof t === "string"));
  if (types.has("number")) types.add("integer");
  return types;
}

/** Every member of `inner` is in `outer`. */
const isSubset = (inner: Set<string>, outer: Set<string>) => [...inner].every((item) => outer.has(item));

/** Enum values present before and gone after (compared as JSON, so 1 and "1" differ). */
function removedValues(before: unknown, after: unknown): unknown[] {
  if (!isArray(before) || !isArray(after)) return [];
  const kept = new Set(after.map((value) => JSON.stringify(value)));
  return before.filter((value) => !kept.has(JSON.stringify(value)));
}

/** The changed node is part of what the client sends (or receives). */
const reaches = (change: SpecChange, side: "request" | "response") => change.sides.includes(side);

/** A constraint that did not exist before now exists: that restricts what was accepted. */
const introduced = (change: SpecChange) => change.before === undefined && change.after !== undefined;

/** The pointer's last segments, decoded; for shape checks such as ".../responses/404". */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Upper bounds (lowering one narrows a value) and lower bounds (raising one does), as data: one
 * entry per JSON Schema keyword.
 */
const bounds: Record<string, "upper" | "lower"> = {
  maximum: "upper",
  exclusiveMaximum: "upper",
  maxLength: "upper",
  maxItems: "upper",
  maxProperties: "upper",
  maxContains: "upper",
  minimum: "lower",
  exclusiveMinimum: "lower",
  minLength: "lower",
  minItems: "lower",
  minProperties: "lower",
  minContains: "lower",
};

export const httpMethods: ReadonlySet<string> = new Set(HTTP_METHODS);

/** OpenAPI component sections that openapi-typescript exports as `components["<section>"]`. */
export const codegenComponentSections = ["schemas", "responses", "parameters", "requestBodies", "headers", "pathItems"];

/** A bound moved the narrowing way (or appeared); `loosened` asks the opposite (or it went away). */
function boundMoved(change: SpecChange, way: "narrowed" | "loosened"): boolean {
  const direction = change.property === undefined ? undefined : bounds[change.property];
  if (direction === undefined) return false;
  const [before, after] = [change.before, change.after];
  if (way === "narrowed") {
    if (!isNumber(after)) return false;
    if (!isNumber(before)) return true;
    return direction === "upper" ? after < before : after > before;
  }
  if (!isNumber(before)) return false;
  if (!isNumber(after)) return true;
  return direction === "upper" ? after > before : after < before;
}

/** How a form body's field is serialized (an `encoding` entry), with OpenAPI's defaults filled in. */
function serialization(node: unknown): string {
  const value = (node ?? {}) as { style?: unknown; explode?: unknown; allowReserved?: unknown; contentType?: unknown };
  const style = typeof value.style === "string" ? value.style : "form";
  const explode = typeof value.explode === "boolean" ? value.explode : style === "form";
  return JSON.stringify([style, explode, value.allowReserved === true, value.contentType ?? null]);
}

/** `x-sunset` of a removed operation or parameter that was deprecated, else undefined; for a path, the latest of its operations'. */
function sunsetOf(node: unknown): string | undefined {
  const value = (node ?? {}) as Record<string, unknown>;
  const operations = Object.entries(value)
    .filter(([key]) => httpMethods.has(key))
    .map(([, operation]) => operation);
  if (operations.length > 0) {
    const sunsets = operations.map(sunsetOf);
    return sunsets.every((date) => date !== undefined) ? sunsets.sort().at(-1) : undefined;
  }
  const sunset = value["x-sunset"];
  if (value.deprecated !== true || (typeof sunset !== "string" && !(sunset instanceof Date))) return undefined;
  return sunset instanceof Date ? sunset.toISOString().slice(0, 10) : sunset;
}

/** Today as YYYY-MM-DD (UTC), for sunset dates. */
const today = () => new Date().toISOString().slice(0, 10);

// --- the rules --------------------------------------------------------------------------------

export const compatibilityRules: readonly CompatibilityRule[] = [
  {
    id: "response-enum-value-removed",
    tier: "breaking",
    description:
      "A value was removed from an enum in a response. Generated types narrow, so client code that handles the value stops compiling (redocly rates this only a patch).",
    matches: (change) => reaches(change, "response") && change.property === "enum" && removedValues(change.before, change.after).length > 0,
  },
  {
    id: "request-enum-narrowed",
    tier: "breaking",
    description: "A request field accepts fewer values: an enum value was removed, or an enum was put on a free field.",
    matches: (change) =>
      reaches(change, "request") &&
      change.property === "enum" &&
      (removedValues(change.before, change.after).length > 0 || introduced(change)),
  },
  {
    id: "request-pattern-changed",
    tier: "breaking",
    description:
      "The pattern of a request field was added or changed. Whether one regular expression accepts everything another does cannot be decided in general, so any textual change counts as narrowing; removing a pattern does not.",
    matches: (change) =>
      reaches(change, "request") && change.property === "pattern" && change.after !== undefined && change.after !== change.before,
  },
  {
    id: "request-bound-tightened",
    tier: "breaking",
    description:
      "A request field's maximum, maxLength, maxItems (or exclusive/property/contains variant) was lowered or introduced, or its minimum, minLength, minItems was raised or introduced.",
    matches: (change) => reaches(change, "request") && boundMoved(change, "narrowed"),
  },
  {
    id: "request-field-required",
    tier: "breaking",
    description:
      "A request property, parameter or body that was optional (or did not exist) is now required: requests that omit it are refused, and generated types demand it.",
    matches: (change) => {
      if (!reaches(change, "request") || change.property !== "required") return false;
      if (isArray(change.after)) return removedValues(change.after, isArray(change.before) ? change.before : []).length > 0;
      return change.after === true && change.before !== true;
    },
  },
  {
    id: "request-encoding-changed",
    tier: "breaking",
    description:
      "How a form field or a parameter is serialized changed (`style`, `explode`, `allowReserved` or `contentType` of a body's `encoding`, or of a parameter): every request a client builds the old way is spelled differently on the wire.",
    matches: (change) => {
      const segments = pointerSegments(change.pointer);
      const encodingAt = segments.lastIndexOf("encoding");
      if (encodingAt >= 0 && segments[encodingAt - 2] === "content") {
        // A whole encoding entry added or removed matters only if it differs from the defaults.
        if (change.property === undefined) return serialization(change.before) !== serialization(change.after);
        return ["style", "explode", "allowReserved", "contentType"].includes(change.property) && change.before !== change.after;
      }
      return (
        change.typeName === "Parameter" &&
        change.kind === "modified" &&
        ["style", "explode", "allowReserved"].includes(change.property ?? "") &&
        change.before !== change.after
      );
    },
  },
  {
    id: "request-default-changed",
    tier: "breaking",
    description:
      "The default of a request parameter or field changed or was removed: clients that leave it out relied on the old value and now get other results (AIP-180 rates this breaking). Adding a default where there was none documents behaviour and does not match.",
    matches: (change) =>
      reaches(change, "request") &&
      change.property === "default" &&
      change.before !== undefined &&
      JSON.stringify(change.before) !== JSON.stringify(change.after),
  },
  {
    id: "request-property-read-only",
    tier: "breaking",
    description:
      "A property that requests use became `readOnly`: it is no longer part of what a client may send, and generated request types drop it.",
    matches: (change) => reaches(change, "request") && change.property === "readOnly" && change.after === true && change.before !== true,
  },
  {
    id: "response-property-write-only",
    tier: "breaking",
    description: "A property that responses use became `writeOnly`: answers no longer carry it, so clients that read it break.",
    matches: (change) => reaches(change, "response") && change.property === "writeOnly" && change.after === true && change.before !== true,
  },
  {
    id: "response-header-optional",
    tier: "breaking",
    description: "A response header that was required is now optional: clients that read it find it missing.",
    matches: (change) =>
      change.typeName === "Header" &&
      reaches(change, "response") &&
      change.property === "required" &&
      change.before === true &&
      change.after !== true,
  },
  {
    id: "operation-removed",
    tier: "breaking",
    description: "An operation (or a whole path with its operations) was removed.",
    matches: (change) => {
      const [root, , method, ...rest] = pointerSegments(change.pointer);
      return change.kind === "removed" && root === "paths" && rest.length === 0 && (method === undefined || httpMethods.has(method));
    },
  },
  {
    id: "response-removed",
    tier: "breaking",
    description: "A documented response status was removed from an operation.",
    matches: (change) => {
      const segments = pointerSegments(change.pointer);
      return change.kind === "removed" && segments.length === 5 && segments[3] === "responses";
    },
  },
  {
    id: "media-type-removed",
    tier: "breaking",
    description: "A media type was removed from a request body or a response.",
    matches: (change) => change.kind === "removed" && pointerSegments(change.pointer).at(-2) === "content",
  },
  {
    id: "type-changed",
    tier: "breaking",
    description:
      "The type of a field changed so that a valid request is refused (a request type lost a member) or a response carries a value the client's types do not admit (a response type gained one).",
    matches: (change) => {
      if (change.property !== "type" || change.kind !== "modified") return false;
      // No type means any type: adding one narrows a request, dropping one widens a response.
      if (change.before === undefined) return reaches(change, "request");
      if (change.after === undefined) return reaches(change, "response");
      const before = typeSet(change.before);
      const after = typeSet(change.after);
      return (reaches(change, "request") && !isSubset(before, after)) || (reaches(change, "response") && !isSubset(after, before));
    },
  },
  // --- decided by meaning: a value one side accepts and the other refuses ----------------------
  {
    id: "request-value-refused",
    tier: "breaking",
    description:
      "A request schema changed so that a value the old schema accepted is refused: the report shows that value (the witness), as the body or parameter a client sends.",
    matches: (change) => change.witness != null && change.side === "request",
  },
  {
    id: "response-value-unexpected",
    tier: "breaking",
    description:
      "A response schema changed so that the service may now send a value the old schema refused: the report shows that value (the witness), as the body or header a client receives.",
    matches: (change) => change.witness != null && change.side === "response",
  },
  // --- what breaks downstream code generation specifically -----------------------------------
  {
    id: "codegen:operation-id-changed",
    tier: "breaking",
    description:
      'An operationId changed or was removed. Generators name functions and types after it (openapi-typescript\'s `operations["<id>"]`), so code that uses the old name stops compiling even though the wire format is the same.',
    matches: (change) => change.property === "operationId" && change.before !== undefined && change.before !== change.after,
  },
  {
    id: "codegen:component-removed-or-renamed",
    tier: "breaking",
    description:
      'A named component (schema, response, parameter, request body, header, path item) was removed or renamed. Generated code exports each under its name (`components["schemas"]["Card"]`), so imports of the old name break even when the wire format is unchanged.',
    matches: (change) => {
      // The component itself, not a node inside one: a `$ref` inside a component that now names
      // another component (TemplatedLink → CollectionLink) removes no exported name.
      const [root, section, name, ...inside] = pointerSegments(change.pointer);
      return (
        change.side === "component" &&
        change.kind === "removed" &&
        root === "components" &&
        name !== undefined &&
        inside.length === 0 &&
        codegenComponentSections.includes(section ?? "")
      );
    },
  },
  {
    id: "codegen:request-property-removed",
    tier: "breaking",
    description:
      "A property was removed from a request schema. The service may ignore it if still sent, but generated types reject object literals that set it, so client code stops compiling.",
    matches: (change) => reaches(change, "request") && change.kind === "removed" && pointerSegments(change.pointer).at(-2) === "properties",
  },
  // --- what needs a reviewer's eye -------------------------------------------------------------
  {
    id: "removed-after-sunset",
    tier: "warning",
    description:
      "An operation or parameter that was `deprecated` with an `x-sunset` date (YYYY-MM-DD) that has passed was removed: the removal was announced, so it is not a break, but integrators should hear of it.",
    matches: (change) => {
      if (change.kind !== "removed") return false;
      const sunset = sunsetOf(change.before);
      return sunset !== undefined && sunset <= today();
    },
    supersedes: ["operation-removed", "redocly:operation-removed", "redocly:parameter-removed", "codegen:request-property-removed"],
  },
  {
    id: "deprecated",
    tier: "warning",
    description:
      "An operation, parameter, header or field was marked `deprecated` (or given an `x-sunset` date): clients should plan to stop using it.",
    matches: (change) =>
      (change.property === "deprecated" && change.after === true) || (change.property === "x-sunset" && change.after !== undefined),
  },
  {
    id: "response-constraint-loosened",
    tier: "warning",
    description:
      "A response field's bound was widened or removed, or its pattern changed or was removed: answers the old spec ruled out may come, which breaks clients that validate answers strictly; redocly rates it major, AIP-180 does not, so a reviewer decides.",
    matches: (change) =>
      reaches(change, "response") &&
      (boundMoved(change, "loosened") || (change.property === "pattern" && change.before !== undefined && change.before !== change.after)),
  },
  {
    id: "response-constraint-tightened",
    tier: "info",
    description:
      "A response field's bound was narrowed or introduced: answers stay within what the old spec allowed (redocly rates it major).",
    matches: (change) => reaches(change, "response") && !reaches(change, "request") && boundMoved(change, "narrowed"),
  },
];

/** Every id a policy may name: this project's rules; redocly's are named `redocly:<id>`. */
export const ruleIds: readonly string[] = compatibilityRules.map((rule) => rule.id);
