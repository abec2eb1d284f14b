/**
 * Puts a bundled document into one canonical form before it is compared, so that refactors
 * which change nothing on the wire are not reported as changes (after oasdiff's flatten options:
 * `--flatten-params`, `--case-insensitive-headers`, and the single-member part of
 * `--flatten-allof`):
 *
 * - path-level parameters are copied into each operation of the path (an operation's own
 *   parameter of the same name and location wins, as OpenAPI says) and the path's list is dropped;
 * - each operation's parameters are ordered by location and name (redocly pairs them by index);
 * - header names (response headers, header parameters) are lower case: HTTP ignores their case;
 * - a schema `{allOf: [S]}` with nothing beside it is S; a `$ref` with sibling keywords is
 *   `{allOf: [{$ref}], ...siblings}` (redocly drops a `$ref`'s siblings, so the wrapper keeps
 *   them compared); an `allOf` member that is itself a bare `allOf` is spliced in; an inline
 *   single member whose keywords do not clash with its siblings is merged into them.
 *
 * Works on a copy; the result is still a valid OpenAPI 3.1 document.
 */
import { httpMethods, pointerSegments } from "./spec-diff-rules";

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const singleSchemaKeywords = ["items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "contains", "propertyNames", "if", "then", "else"];
const schemaListKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"];
const schemaMapKeywords = ["properties", "patternProperties", "$defs", "dependentSchemas"];

function canonicalSchema(input: unknown): unknown {
  if (!isObject(input)) return input;
  const schema: Node = { ...input };
  for (const keyword of singleSchemaKeywords) if (keyword in schema) schema[keyword] = canonicalSchema(schema[keyword]);
  for (const keyword of schemaListKeywords) if (Array.isArray(schema[keyword])) schema[keyword] = (schema[keyword] as unknown[]).map(canonicalSchema);
  for (const keyword of schemaMapKeywords) {
    if (isObject(schema[keyword])) schema[keyword] = Object.fromEntries(Object.entries(schema[keyword]).map(([name, sub]) => [name, canonicalSchema(sub)]));
  }

  if (typeof schema.$ref === "string" && Object.keys(schema).length > 1) {
    const { $ref, allOf, ...siblings } = schema;
    return canonicalSchema({ ...siblings, allOf: [{ $ref }, ...(Array.isArray(allOf) ? allOf : [])] });
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
  return isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") ? walkPointer(doc, pointerSegments(node.$ref)).node : node;
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
    if (isObject(parameter) && parameter.in === "header" && typeof parameter.name === "string") parameter.name = parameter.name.toLowerCase();
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
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    delete pathItem.parameters;
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!httpMethods.has(method) || !isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
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

/** The canonical form of a bundled document (a copy). */
export function normalizeDocument(input: Node): Node {
  const doc = canonicalSchemas(structuredClone(input)) as Node;
  const components = isObject(doc.components) ? doc.components : {};
  if (isObject(components.schemas)) {
    components.schemas = Object.fromEntries(Object.entries(components.schemas).map(([name, schema]) => [name, canonicalSchema(schema)]));
  }
  lowerCaseHeaders(doc);
  flattenParameters(doc);
  return doc;
}

export type ExchangeSide = "request" | "response";

/**
 * For every `$ref` target, the sides of an exchange that reach it: "request" when some
 * operation's parameters or request body lead to it, "response" when some response does.
 * A change inside a shared component affects each of them, wherever redocly reports it.
 */
export function referenceSides(doc: Node): Map<string, Set<ExchangeSide>> {
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
