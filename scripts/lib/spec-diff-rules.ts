/**
 * This project's compatibility rules: the changes that break a client or its generated code,
 * checked on top of `redocly diff` (diff-recommended), which misses or under-rates some of them.
 * docs/versioning.md explains each rule; keep the two in step.
 *
 * A rule only ever marks a change as breaking. It never downgrades what redocly rates "major":
 * those stay breaking under the id `redocly:<its rule id>`.
 */
import { HTTP_METHODS } from "../../src/testkit/spec/document";

/** Which side of the exchange a change is on: what the client sends, or what it receives. */
export type ChangeSide = "request" | "response" | "operation" | "component" | "document";

/** One change between two bundles, as redocly reports it, with where it is in words. */
export interface SpecChange {
  /** Redocly's operation-context JSON pointer (#/paths/~1orders/post/requestBody/...). */
  pointer: string;
  kind: "added" | "removed" | "modified";
  /** The keyword that changed on a modified node (enum, pattern, maximum, required, type, ...). */
  property?: string;
  side: ChangeSide;
  /** "POST /orders"; for a whole path item, just the path. Absent outside paths. */
  operation?: string;
  /** The field in words: "request body application/json › card.pan", "response 201 › status". */
  location: string;
  /** The value in the base and in the revision (the keyword's value for a modified node). */
  before?: unknown;
  after?: unknown;
  /** Redocly's own rating and verdicts (impact "patch" for entries this tool synthesises). */
  redocly: { impact: "major" | "minor" | "patch"; ruleIds: string[]; messages: string[] };
}

export interface CompatibilityRule {
  id: string;
  description: string;
  breaks(change: SpecChange): boolean;
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
 * Upper bounds (lowering one narrows a request) and lower bounds (raising one does), as data:
 * one entry per JSON Schema keyword.
 */
const requestBounds: Record<string, "upper" | "lower"> = {
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

// --- the rules --------------------------------------------------------------------------------

export const compatibilityRules: readonly CompatibilityRule[] = [
  {
    id: "response-enum-value-removed",
    description:
      "A value was removed from an enum in a response. Generated types narrow, so client code that handles the value stops compiling (redocly rates this only a patch).",
    breaks: (change) => change.side === "response" && change.property === "enum" && removedValues(change.before, change.after).length > 0,
  },
  {
    id: "request-enum-narrowed",
    description: "A request field accepts fewer values: an enum value was removed, or an enum was put on a free field.",
    breaks: (change) =>
      change.side === "request" &&
      change.property === "enum" &&
      (removedValues(change.before, change.after).length > 0 || introduced(change)),
  },
  {
    id: "request-pattern-changed",
    description:
      "The pattern of a request field was added or changed. Whether one regular expression accepts everything another does cannot be decided in general, so any textual change counts as narrowing; removing a pattern does not.",
    breaks: (change) =>
      change.side === "request" && change.property === "pattern" && change.after !== undefined && change.after !== change.before,
  },
  {
    id: "request-bound-tightened",
    description:
      "A request field's maximum, maxLength, maxItems (or exclusive/property/contains variant) was lowered or introduced, or its minimum, minLength, minItems was raised or introduced.",
    breaks: (change) => {
      const direction = change.property === undefined ? undefined : requestBounds[change.property];
      if (change.side !== "request" || direction === undefined || !isNumber(change.after)) return false;
      if (!isNumber(change.before)) return true;
      return direction === "upper" ? change.after < change.before : change.after > change.before;
    },
  },
  {
    id: "request-field-required",
    description:
      "A request property, parameter or body that was optional (or did not exist) is now required: requests that omit it are refused, and generated types demand it.",
    breaks: (change) => {
      if (change.side !== "request" || change.property !== "required") return false;
      if (isArray(change.after)) return removedValues(change.after, isArray(change.before) ? change.before : []).length > 0;
      return change.after === true && change.before !== true;
    },
  },
  {
    id: "operation-removed",
    description: "An operation (or a whole path with its operations) was removed.",
    breaks: (change) => {
      const [root, , method, ...rest] = pointerSegments(change.pointer);
      return change.kind === "removed" && root === "paths" && rest.length === 0 && (method === undefined || httpMethods.has(method));
    },
  },
  {
    id: "response-removed",
    description: "A documented response status was removed from an operation.",
    breaks: (change) => {
      const segments = pointerSegments(change.pointer);
      return change.kind === "removed" && segments.length === 5 && segments[3] === "responses";
    },
  },
  {
    id: "media-type-removed",
    description: "A media type was removed from a request body or a response.",
    breaks: (change) => change.kind === "removed" && pointerSegments(change.pointer).at(-2) === "content",
  },
  {
    id: "type-changed",
    description:
      "The type of a field changed so that a valid request is refused (a request type lost a member) or a response carries a value the client's types do not admit (a response type gained one).",
    breaks: (change) => {
      if (change.property !== "type" || change.kind !== "modified") return false;
      // No type means any type: adding one narrows a request, dropping one widens a response.
      if (change.before === undefined) return change.side === "request";
      if (change.after === undefined) return change.side === "response";
      const before = typeSet(change.before);
      const after = typeSet(change.after);
      if (change.side === "request") return !isSubset(before, after);
      if (change.side === "response") return !isSubset(after, before);
      return false;
    },
  },
  // --- what breaks downstream code generation specifically -----------------------------------
  {
    id: "codegen:operation-id-changed",
    description:
      "An operationId changed or was removed. Generators name functions and types after it (openapi-typescript's `operations[\"<id>\"]`), so code that uses the old name stops compiling even though the wire format is the same.",
    breaks: (change) => change.property === "operationId" && change.before !== undefined && change.before !== change.after,
  },
  {
    id: "codegen:component-removed-or-renamed",
    description:
      "A named component (schema, response, parameter, request body, header, path item) was removed or renamed. Generated code exports each under its name (`components[\"schemas\"][\"Card\"]`), so imports of the old name break even when the wire format is unchanged.",
    breaks: (change) => {
      const [root, section, name] = pointerSegments(change.pointer);
      return change.side === "component" && change.kind === "removed" && root === "components" && name !== undefined && codegenComponentSections.includes(section ?? "");
    },
  },
  {
    id: "codegen:request-property-removed",
    description:
      "A property was removed from a request schema. The service may ignore it if still sent, but generated types reject object literals that set it, so client code stops compiling.",
    breaks: (change) => change.side === "request" && change.kind === "removed" && pointerSegments(change.pointer).at(-2) === "properties",
  },
];
