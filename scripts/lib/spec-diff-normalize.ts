/**
 * Puts a bundled document into one canonical form before it is compared, so that refactors
 * which change nothing on the wire are not reported as changes (after oasdiff's flatten options:
 * `--flatten-params`, `--case-insensitive-headers`, `--flatten-allof`):
 *
 * - path-level parameters are copied into each operation of the path (an operation's own
 *   parameter of the same name and location wins, as OpenAPI says) and the path's list is dropped;
 * - each operation's parameters are ordered by location and name (redocly pairs them by index);
 * - header names (response headers, header parameters) are lower case: HTTP ignores their case;
 * - a schema `{allOf: [S]}` with nothing beside it is S; a `$ref` with sibling keywords is
 *   `{allOf: [{$ref}], ...siblings}` (redocly drops a `$ref`'s siblings, so the wrapper keeps
 *   them compared); an `allOf` member that is itself a bare `allOf` is spliced in; an inline
 *   single member whose keywords do not clash with its siblings is merged into them;
 * - then every `allOf` is merged into one schema where that keeps its meaning (`$ref` members
 *   resolved): redocly pairs allOf members by position, so `allOf: [X, TopLevelHal]` against
 *   X would read as X losing every member. What cannot merge stays in an `allOf`.
 *
 * Works on a copy; the result is still a valid OpenAPI 3.1 document.
 */
import { httpMethods, pointerSegments } from "./spec-diff-rules";

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);
/** The value when it is an array, else an empty list. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const singleSchemaKeywords = [
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
];
const schemaListKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"];
const schemaMapKeywords = ["properties", "patternProperties", "$defs", "dependentSchemas"];

/** A copy of the schema with `map` applied to each of its direct subschemas. */
function mapSubschemas(input: Node, map: (sub: unknown) => unknown): Node {
  const schema: Node = { ...input };
  for (const keyword of singleSchemaKeywords) if (keyword in schema) schema[keyword] = map(schema[keyword]);
  for (const keyword of schemaListKeywords)
    if (Array.isArray(schema[keyword])) schema[keyword] = (schema[keyword] as unknown[]).map((sub) => map(sub));
  for (const keyword of schemaMapKeywords) {
    if (isObject(schema[keyword]))
      schema[keyword] = Object.fromEntries(Object.entries(schema[keyword]).map(([name, sub]) => [name, map(sub)]));
  }
  return schema;
}

function canonicalSchema(input: unknown): unknown {
  if (!isObject(input)) return input;
  const schema = mapSubschemas(input, canonicalSchema);

  if (typeof schema.$ref === "string" && Object.keys(schema).length > 1) {
    const { $ref, allOf, ...siblings } = schema;
    return canonicalSchema({ ...siblings, allOf: [{ $ref }, ...listOf(allOf)] });
  }
  if (!Array.isArray(schema.allOf)) return schema;
  // A member that is a bare allOf adds nothing but nesting.
  const members = (schema.allOf as unknown[]).flatMap((member) =>
    isObject(member) && Array.isArray(member.allOf) && Object.keys(member).length === 1 ? (member.allOf as unknown[]) : [member],
  );
  const { allOf: _allOf, ...siblings } = schema;
  if (members.length !== 1) return { ...siblings, allOf: members };
  const [only] = members;
  if (Object.keys(siblings).length === 0) return only;
  if (isObject(only) && only.$ref === undefined && Object.keys(only).every((key) => !(key in siblings))) return { ...siblings, ...only };
  return { ...siblings, allOf: members };
}

/** Every schema position of the document made canonical; examples are left as they are. */
function canonicalSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(canonicalSchemas);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === "example" || key === "examples") return [key, value];
      if (key === "schema") return [key, canonicalSchema(value)];
      return [key, canonicalSchemas(value)];
    }),
  );
}

/** The node a local `$ref` names (following further `$ref`s), or the node itself. */
export function dereference(doc: Node, node: unknown): unknown {
  return isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/")
    ? walkPointer(doc, pointerSegments(node.$ref)).node
    : node;
}

function parameterKey(doc: Node, parameter: unknown): string {
  const resolved = dereference(doc, parameter);
  if (!isObject(resolved)) return JSON.stringify(parameter);
  const location = String(resolved.in);
  const name = location === "header" ? String(resolved.name).toLowerCase() : String(resolved.name);
  return `${location}\u0000${name}`;
}

function lowerCaseHeaders(doc: Node): void {
  const lowerKeys = (headers: unknown) =>
    isObject(headers) ? Object.fromEntries(Object.entries(headers).map(([name, header]) => [name.toLowerCase(), header])) : headers;
  const inResponse = (response: unknown) => {
    if (isObject(response) && isObject(response.headers)) response.headers = lowerKeys(response.headers);
  };
  const inParameter = (parameter: unknown) => {
    if (isObject(parameter) && parameter.in === "header" && typeof parameter.name === "string")
      parameter.name = parameter.name.toLowerCase();
  };
  const components = isObject(doc.components) ? doc.components : {};
  Object.values(isObject(components.responses) ? components.responses : {}).forEach(inResponse);
  Object.values(isObject(components.parameters) ? components.parameters : {}).forEach(inParameter);
  for (const pathItem of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    (Array.isArray(pathItem.parameters) ? pathItem.parameters : []).forEach(inParameter);
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isObject(operation)) continue;
      (Array.isArray(operation.parameters) ? operation.parameters : []).forEach(inParameter);
      Object.values(isObject(operation.responses) ? operation.responses : {}).forEach(inResponse);
    }
  }
}

function flattenParameters(doc: Node): void {
  for (const pathItem of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    const shared = listOf(pathItem.parameters);
    delete pathItem.parameters;
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isObject(operation)) continue;
      const own = listOf(operation.parameters);
      const ownKeys = new Set(own.map((parameter) => parameterKey(doc, parameter)));
      const merged = [...shared.filter((parameter) => !ownKeys.has(parameterKey(doc, parameter))), ...own];
      const sorted = merged
        .map((parameter) => ({ parameter, key: parameterKey(doc, parameter) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ parameter }) => parameter);
      if (sorted.length > 0) operation.parameters = sorted;
      else delete operation.parameters;
    }
  }
}

// --- allOf flattened into one schema, after oasdiff's --flatten-allof -----------------------------

/** Keywords that only document: where members disagree, the first one's stays (they do not reach the wire; a component's own are compared where it is defined). */
const isAnnotation = (keyword: string) =>
  ["title", "description", "$comment", "examples", "example", "externalDocs"].includes(keyword) || keyword.startsWith("x-");

/** Keywords read together within one schema: they move as a unit or not at all. */
const keywordGroups = [
  ["if", "then", "else"],
  ["prefixItems", "items"],
  ["contains", "minContains", "maxContains"],
];
const groupOf = (keyword: string) => keywordGroups.find((group) => group.includes(keyword)) ?? [keyword];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** additionalProperties that constrains something (absent or `true` does not). */
const closes = (schema: Node) => schema.additionalProperties !== undefined && schema.additionalProperties !== true;
const propertyNames = (schema: Node) => Object.keys(isObject(schema.properties) ? schema.properties : {});

/**
 * Whether `member` can be merged into `into` keyword by keyword with the same meaning as the
 * allOf. A member with unevaluatedProperties/Items sees only its own properties inside an allOf,
 * and additionalProperties (beside patternProperties) applies to the names its own schema does
 * not declare: merged, either would start to admit the other members' properties.
 */
function mergeable(into: Node, member: unknown): member is Node {
  if (!isObject(member) || typeof member.$ref === "string" || "$dynamicRef" in member || "$id" in member) return false;
  if (["unevaluatedProperties", "unevaluatedItems"].some((keyword) => keyword in member && member[keyword] !== true)) return false;
  const covers = (closed: Node, other: Node) =>
    !closes(closed) ||
    (propertyNames(other).every((name) => propertyNames(closed).includes(name)) &&
      sameJson(closed.patternProperties, other.patternProperties));
  return covers(into, member) && covers(member, into);
}

/**
 * Merges one member into the schema built so far: properties united (a property in both is the
 * merge of its two schemas), required united, additionalProperties the strictest, documentation
 * from the first, any other keyword kept when the two agree. Returns what did not merge: the
 * member's disagreeing keywords, which stay in an allOf so that a change to them stays visible.
 */
function mergeInto(into: Node, member: Node, resolve: (schema: unknown) => unknown): Node | undefined {
  const leftover: Node = {};
  for (const [keyword, value] of Object.entries(member)) {
    if (keyword === "properties" && isObject(value)) {
      const properties: Node = { ...(isObject(into.properties) ? into.properties : {}) };
      for (const [name, schema] of Object.entries(value)) {
        const existing = properties[name];
        properties[name] =
          existing === undefined || sameJson(existing, schema) ? schema : flattenSchema({ allOf: [existing, schema] }, resolve);
      }
      into.properties = properties;
    } else if (keyword === "required" && Array.isArray(value)) {
      into.required = [...new Set([...listOf(into.required), ...(value as unknown[])])];
    } else if (keyword === "additionalProperties") {
      const existing = into.additionalProperties;
      if (existing === undefined || existing === true || value === false) into.additionalProperties = value;
      else if (value !== true && existing !== false && !sameJson(existing, value))
        into.additionalProperties = flattenSchema({ allOf: [existing, value] }, resolve);
    } else if (keyword === "allOf" && Array.isArray(value)) {
      // What the member could not merge itself stays beside it.
      into.allOf = [...listOf(into.allOf), ...(value as unknown[])];
    } else if (isAnnotation(keyword)) {
      if (!(keyword in into)) into[keyword] = value;
    } else if (keyword in leftover) {
      continue;
    } else {
      const group = groupOf(keyword).filter((name) => name in member || name in into);
      if (group.every((name) => !(name in into))) for (const name of group) into[name] = member[name];
      else if (!group.every((name) => sameJson(into[name], member[name])))
        for (const name of group) if (name in member) leftover[name] = member[name];
    }
  }
  return Object.keys(leftover).length > 0 ? leftover : undefined;
}

/**
 * A schema whose allOf is merged into it where that keeps its meaning (`$ref` members resolved
 * first); subschemas first. What cannot merge stays in an allOf beside the merged keywords.
 */
function flattenSchema(input: unknown, resolve: (schema: unknown) => unknown): unknown {
  if (!isObject(input)) return input;
  const schema = mapSubschemas(input, (sub) => flattenSchema(sub, resolve));
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...merged } = schema;
  const members = (allOf as unknown[]).map(resolve);
  // Nothing is valid against an allOf with a `false` member: the schema is `false`.
  if (members.includes(false)) return false;
  const kept: unknown[] = [];
  for (const [index, member] of (allOf as unknown[]).entries()) {
    const resolved = members[index];
    if (resolved === true) continue;
    if (!mergeable(merged, resolved)) {
      kept.push(member);
      continue;
    }
    const leftover = mergeInto(merged, structuredClone(resolved), resolve);
    if (leftover !== undefined) kept.push(leftover);
  }
  const stillKept = [...listOf(merged.allOf), ...kept];
  delete merged.allOf;
  return stillKept.length > 0 ? { ...merged, allOf: stillKept } : merged;
}

/**
 * Every schema of the document with its allOfs merged (components first, so a `$ref` member
 * resolves to its merged form). A `$ref` caught in its own allOf is left as it is.
 */
function flattenAllOf(doc: Node): void {
  const done = new Map<string, unknown>();
  const inProgress = new Set<string>();
  const resolve = (schema: unknown): unknown => {
    if (!isObject(schema) || typeof schema.$ref !== "string" || !schema.$ref.startsWith("#/") || Object.keys(schema).length > 1)
      return schema;
    const ref = schema.$ref;
    if (done.has(ref)) return done.get(ref);
    if (inProgress.has(ref)) return schema;
    inProgress.add(ref);
    const flattened = flattenSchema(dereference(doc, schema), resolve);
    inProgress.delete(ref);
    done.set(ref, flattened);
    return flattened;
  };
  const components = isObject(doc.components) ? doc.components : {};
  if (isObject(components.schemas)) {
    const schemas = components.schemas;
    const names = Object.keys(schemas);
    const flattened = names.map((name) => resolve({ $ref: `#/components/schemas/${name.replace(/~/g, "~0").replace(/\//g, "~1")}` }));
    names.forEach((name, index) => (schemas[name] = flattened[index]));
  }
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObject(node)) return node;
    for (const [key, value] of Object.entries(node)) {
      if (key === "example" || key === "examples") continue;
      if (key === "schema") node[key] = flattenSchema(value, resolve);
      else if (node !== components || key !== "schemas") node[key] = visit(value);
    }
    return node;
  };
  visit(doc);
}

/** The canonical form of a bundled document (a copy). */
export function normalizeDocument(input: Node): Node {
  const doc = canonicalSchemas(structuredClone(input)) as Node;
  const components = isObject(doc.components) ? doc.components : {};
  if (isObject(components.schemas)) {
    components.schemas = Object.fromEntries(Object.entries(components.schemas).map(([name, schema]) => [name, canonicalSchema(schema)]));
  }
  // Merging inlines the components that allOf members name: their sides are those they had before.
  const sides = referenceSides(doc);
  flattenAllOf(doc);
  sidesBeforeMerging.set(doc, sides);
  lowerCaseHeaders(doc);
  flattenParameters(doc);
  return doc;
}

export type ExchangeSide = "request" | "response";

/** For a normalized document, the sides of its `$ref` targets before allOf members were inlined. */
const sidesBeforeMerging = new WeakMap<Node, Map<string, Set<ExchangeSide>>>();

/**
 * For every `$ref` target, the sides of an exchange that reach it: "request" when some
 * operation's parameters or request body lead to it, "response" when some response does.
 * A change inside a shared component affects each of them, wherever redocly reports it. For a
 * document from normalizeDocument, a component that merging inlined everywhere still counts.
 */
export function referenceSides(doc: Node): Map<string, Set<ExchangeSide>> {
  const known = sidesBeforeMerging.get(doc);
  if (known !== undefined) return known;
  const sides = new Map<string, Set<ExchangeSide>>();
  const visit = (node: unknown, side: ExchangeSide) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, side));
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === "string" && ref.startsWith("#/")) {
      const seen = sides.get(ref) ?? new Set<ExchangeSide>();
      if (!seen.has(side)) {
        seen.add(side);
        sides.set(ref, seen);
        visit(dereference(doc, { $ref: ref }), side);
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== "example" && key !== "examples") visit(value, side);
  };
  for (const pathItem of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    visit(pathItem.parameters, "request");
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isObject(operation)) continue;
      visit(operation.parameters, "request");
      visit(operation.requestBody, "request");
      visit(operation.responses, "response");
    }
  }
  return sides;
}

/**
 * Walks `segments` from the document root, following local `$ref`s on the way: the node reached
 * (undefined when the path leads nowhere) and the innermost `$ref` passed through, if any.
 */
export function walkPointer(doc: Node, segments: readonly string[]): { node: unknown; reference?: string } {
  let node: unknown = doc;
  let reference: string | undefined;
  const follow = () => {
    for (let depth = 0; isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") && depth < 20; depth++) {
      reference = node.$ref;
      let target: unknown = doc;
      for (const part of pointerSegments(node.$ref)) target = isObject(target) ? target[part] : undefined;
      node = target;
    }
  };
  for (const segment of segments) {
    follow();
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  }
  follow();
  return reference === undefined ? { node } : { node, reference };
}
