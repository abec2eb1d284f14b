/** A request body kept to what its schema declares, still of its operation's generated type. */
import type { OpenApiDocument } from "../../../openapi-model/document";
import { propertySchemas, type Schema } from "../../../openapi-model/schema-walk";
import { requestSchema } from "../http/spec-facts";
import type { BodyOf, OperationId } from "../records/spec-types";
import type { OperationContext } from "./operation";

/** Keys that must never be copied from client data into sandbox objects. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Keeps only the properties a schema declares (recursively for nested objects): unknown
 * parameters are accepted by the APIs but not stored or echoed by the sandbox.
 */
function pickDeclared(doc: OpenApiDocument, schema: Schema, value: unknown, depth = 0): unknown {
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

/**
 * The body without the properties its schema does not declare (the APIs ignore unknown
 * parameters; the sandbox neither stores nor echoes them). Removing undeclared properties
 * keeps a valid body valid, so it keeps its generated type.
 */
export function declaredOnly<K extends OperationId>(doc: OpenApiDocument, ctx: OperationContext<K>): NonNullable<BodyOf<K>> {
  return pickDeclared(doc, requestSchema(ctx.route), ctx.body) as NonNullable<BodyOf<K>>;
}
