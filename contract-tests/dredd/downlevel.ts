/**
 * The bundle as Dredd can read it, derived at run time (generated/ is untouched): Dredd 14
 * parses OpenAPI 3.0 only, so the copy is written as 3.0.3. Schema keywords 3.0 lacks are
 * rewritten or dropped (`const` → one-value `enum`, `examples` → `example`, type arrays →
 * `nullable`, boolean schemas → `{}` / `{not: {}}`; `if`/`then`, `dependent*`,
 * `unevaluatedProperties`, `contentMediaType` dropped), response ranges (`5XX`) are dropped,
 * and fields 3.0 does not know are removed. The document is written as JSON, which also keeps
 * Dredd's YAML parser away from strings it chokes on. This copy is for Dredd's smoke test only:
 * the vitest suite validates against the real 3.1 schemas.
 */
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";

const DROPPED_SCHEMA_KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependentRequired",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentMediaType",
  "contentEncoding",
  "$schema",
  "$id",
  "$comment",
  "prefixItems",
  "propertyNames",
  "minContains",
  "maxContains",
  "contains",
  "const",
  "examples",
]);

function schema(node: unknown): unknown {
  if (node === true) return {};
  if (node === false) return { not: {} };
  if (!node || typeof node !== "object" || Array.isArray(node)) return node;
  const input = node as Record<string, unknown>;
  if (typeof input.$ref === "string") return { $ref: input.$ref };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (DROPPED_SCHEMA_KEYWORDS.has(key) || key.startsWith("x-")) continue;
    if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, s]) => [name, schema(s)]));
    } else if (["items", "not", "additionalProperties"].includes(key)) {
      out[key] = typeof value === "boolean" && key === "additionalProperties" ? value : schema(value);
    } else if (["allOf", "anyOf", "oneOf"].includes(key)) {
      out[key] = (value as unknown[]).map(schema);
    } else {
      out[key] = value;
    }
  }
  if (input.const !== undefined) out.enum = [input.const];
  if (Array.isArray(input.examples) && input.examples.length > 0 && out.example === undefined) out.example = input.examples[0];
  if (Array.isArray(input.type)) {
    const types = (input.type as string[]).filter((t) => t !== "null");
    out.type = types[0];
    if (types.length < input.type.length) out.nullable = true;
  }
  return out;
}

function media(content: Record<string, Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (!content) return undefined;
  return Object.fromEntries(
    Object.entries(content).map(([type, m]) => {
      const { schema: s, ...rest } = m;
      return [type, { ...rest, ...(s !== undefined ? { schema: schema(s) } : {}) }];
    }),
  );
}

function headers(input: Record<string, Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (!input) return undefined;
  return Object.fromEntries(
    Object.entries(input).map(([name, h]) => [
      name,
      h.$ref ? h : { ...h, ...(h.schema !== undefined ? { schema: schema(h.schema) } : {}) },
    ]),
  );
}

function response(input: Record<string, unknown>): Record<string, unknown> {
  if (typeof input.$ref === "string") return input;
  const {
    content,
    headers: h,
    ...rest
  } = input as { content?: Record<string, Record<string, unknown>>; headers?: Record<string, Record<string, unknown>> };
  return { ...rest, ...(content ? { content: media(content) } : {}), ...(h ? { headers: headers(h) } : {}) };
}

export function downlevelForDredd(bundle: OpenApiDocument): Record<string, unknown> {
  const doc = structuredClone(bundle) as Record<string, any>;
  const { summary: _summary, ...info } = doc.info as Record<string, unknown>;
  const license = info.license as Record<string, unknown> | undefined;
  if (license) info.license = { name: license.name, ...(license.url ? { url: license.url } : {}) };
  const out: Record<string, unknown> = { openapi: "3.0.3", info, servers: doc.servers, paths: {}, components: {} };
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    const pathItem: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (key === "parameters") {
        pathItem.parameters = value;
        continue;
      }
      if (typeof value !== "object" || value === null || key === "servers") continue;
      const operation = { ...value } as Record<string, any>;
      delete operation.tags;
      if (operation.requestBody && !operation.requestBody.$ref)
        operation.requestBody = { ...operation.requestBody, content: media(operation.requestBody.content) };
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses as Record<string, Record<string, unknown>>)
          .filter(([status]) => /^\d{3}$/.test(status))
          .map(([status, r]) => [status, response(r)]),
      );
      pathItem[key] = operation;
    }
    (out.paths as Record<string, unknown>)[path] = pathItem;
  }
  const components = (doc.components ?? {}) as Record<string, Record<string, any>>;
  const target = out.components as Record<string, unknown>;
  if (components.schemas) target.schemas = Object.fromEntries(Object.entries(components.schemas).map(([n, s]) => [n, schema(s)]));
  if (components.responses) target.responses = Object.fromEntries(Object.entries(components.responses).map(([n, r]) => [n, response(r)]));
  if (components.parameters) {
    target.parameters = Object.fromEntries(
      Object.entries(components.parameters).map(([n, p]) => [n, { ...p, ...(p.schema !== undefined ? { schema: schema(p.schema) } : {}) }]),
    );
  }
  if (components.headers) target.headers = headers(components.headers);
  if (components.requestBodies) {
    target.requestBodies = Object.fromEntries(
      Object.entries(components.requestBodies).map(([n, b]) => [n, { ...b, content: media(b.content) }]),
    );
  }
  if (components.examples) target.examples = components.examples;
  if (components.securitySchemes) target.securitySchemes = components.securitySchemes;
  if (doc.security) out.security = doc.security;
  return out;
}
