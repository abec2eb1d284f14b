/**
 * Walking schemas of a bundled document: the properties an object schema declares (through its
 * combinators), the JSON types a schema allows, and the coercion of string values (form fields,
 * query parameters, headers) to those types. Results are cached per schema object.
 */
import { isJsonObject, isJsonSchema, schemaMapOf, schemasOf } from "../common/json-values";
import { deref, type OpenApiDocument } from "./document";

export type Schema = Record<string, unknown> | boolean;

const propertyCache = new WeakMap<object, Map<string, Schema>>();
const typeCache = new WeakMap<object, Set<string>>();

/** Every property schema an object schema declares, its combinator branches included (cached per schema object). */
export function propertySchemas(doc: OpenApiDocument, schema: Schema): Map<string, Schema> {
  if (typeof schema === "boolean") return new Map();
  let found = propertyCache.get(schema);
  if (!found) {
    found = collectPropertySchemas(doc, schema, new Map(), 0);
    propertyCache.set(schema, found);
  }
  return found;
}

function collectPropertySchemas(doc: OpenApiDocument, schema: Schema, found: Map<string, Schema>, depth: number): Map<string, Schema> {
  if (typeof schema === "boolean" || depth > 32) return found;
  const resolved = deref<Record<string, unknown>>(doc, schema);
  for (const [name, property] of Object.entries(schemaMapOf(resolved.properties))) {
    if (typeof property !== "boolean" && !found.has(name)) found.set(name, property);
  }
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of schemasOf(resolved[key])) collectPropertySchemas(doc, branch, found, depth + 1);
  }
  for (const key of ["then", "else"] as const) {
    const branch = resolved[key];
    if (isJsonSchema(branch)) collectPropertySchemas(doc, branch, found, depth + 1);
  }
  return found;
}

/** The JSON types a schema allows, following $ref and allOf (cached per schema object). */
export function schemaTypes(doc: OpenApiDocument, schema: Schema, depth = 0): Set<string> {
  if (typeof schema === "boolean" || depth > 32) return new Set();
  const cached = typeCache.get(schema);
  if (cached) return cached;
  const types = new Set<string>();
  const resolved = deref<Record<string, unknown>>(doc, schema);
  const type = resolved.type;
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) type.forEach((t) => types.add(String(t)));
  for (const branch of schemasOf(resolved.allOf)) schemaTypes(doc, branch, depth + 1).forEach((t) => types.add(t));
  typeCache.set(schema, types);
  return types;
}

/**
 * Converts the string leaves of a decoded form (or query) to the types the schema declares:
 * `"2050"` to 2050 where the schema says integer, `"true"` to true where it says boolean.
 * A string that is not a valid literal of the type stays a string, so Ajv reports the type error.
 */
export function coerceToSchema(doc: OpenApiDocument, schema: Schema, value: unknown, depth = 0): unknown {
  if (depth > 32 || typeof schema === "boolean") return value;
  return coercerOf(doc, schema)(value, depth);
}

/** The coercion of one schema (`coerceToSchema` at a depth), with its schema lookups made once. */
type Coercer = (value: unknown, depth: number) => unknown;

const coercerCache = new WeakMap<object, Coercer>();

function coercerOf(doc: OpenApiDocument, schema: Record<string, unknown>): Coercer {
  let coercer = coercerCache.get(schema);
  if (!coercer) {
    coercer = makeCoercer(doc, schema);
    coercerCache.set(schema, coercer);
  }
  return coercer;
}

/**
 * Every request body and query is coerced, so the walk is compiled per schema: the types of a
 * string leaf and the coercers of an object's properties are looked up on first use (schemas may
 * be recursive) and kept in the closure, not looked up again per value.
 */
function makeCoercer(doc: OpenApiDocument, schema: Record<string, unknown>): Coercer {
  let types: Set<string> | undefined;
  let children: Map<string, Coercer> | undefined;
  const childrenOf = (): Map<string, Coercer> => {
    const found = new Map<string, Coercer>();
    for (const [name, child] of propertySchemas(doc, schema))
      found.set(name, typeof child === "boolean" ? (value) => value : coercerOf(doc, child));
    return found;
  };
  return (value, depth) => {
    if (depth > 32) return value;
    if (typeof value === "string") return coerceString((types ??= schemaTypes(doc, schema)), value);
    if (!isJsonObject(value)) return value;
    const properties = (children ??= childrenOf());
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      const coerce = properties.get(key);
      out[key] = coerce === undefined ? child : coerce(child, depth + 1);
    }
    return out;
  };
}

function coerceString(types: Set<string>, value: string): unknown {
  if (types.has("string")) return value;
  if (types.has("integer") && /^-?(0|[1-9][0-9]{0,15})$/.test(value)) return Number(value);
  if (types.has("number") && /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(value) && value.length < 30) return Number(value);
  if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}
