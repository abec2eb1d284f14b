/**
 * What the sandbox adds to the spec's validation (src/testkit/spec/request-validation.ts,
 * src/testkit/spec/response-validation.ts): keeping only the declared properties of a request before
 * storing it.
 */
import type { OpenApiDocument } from "../spec/document";
import { propertySchemas, type Schema } from "../spec/schema-walk";

/** Keys that must never be copied from client data into sandbox objects. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Keeps only the properties a schema declares (recursively for nested objects): unknown
 * parameters are accepted by the APIs but not stored or echoed by the sandbox.
 */
export function pickDeclared(doc: OpenApiDocument, schema: Schema, value: unknown, depth = 0): unknown {
  if (depth > 16 || !value || typeof value !== "object" || Array.isArray(value)) return value;
  const properties = propertySchemas(doc, schema);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childSchema = properties.get(key);
    if (childSchema === undefined || UNSAFE_KEYS.has(key)) continue;
    out[key] = pickDeclared(doc, childSchema, child, depth + 1);
  }
  return out;
}
