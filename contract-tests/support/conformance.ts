/**
 * Conformance of one response to the spec, whoever sent it: the status is documented for the
 * operation, the Content-Type names a documented media type (parameters allowed, such as the
 * gateway's `version` and `charset`), every required header is there and every documented
 * header validates, a body is present exactly when one is documented, and a JSON body
 * validates against the response schema (Ajv, JSON Schema 2020-12, formats on).
 *
 * The gateway adds one rule the schema language cannot hold: a transaction's `status.code` must
 * be one the spec lists for that transaction type (`x-returned-for` of the StatusCode schema).
 */
import type { ErrorObject } from "ajv/dist/2020";
import { deref, getAtPointer } from "../../src/spec/document";
import type { ApiSpec, ContractOperation, Schema } from "./spec";

export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** `type/subtype` of a Content-Type, lower-cased, and its parameters. */
export function parseMediaType(header: string | null): { essence: string; parameters: Record<string, string> } | undefined {
  if (!header) return undefined;
  const [type, ...rest] = header.split(";");
  const essence = type!.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence)) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    parameters[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return { essence, parameters };
}

function mediaTypeMatches(documented: string, essence: string): boolean {
  const key = documented.split(";")[0]!.trim().toLowerCase();
  if (key === "*/*" || key === essence) return true;
  return key.endsWith("/*") && essence.startsWith(key.slice(0, -1));
}

export function isJsonMediaType(essence: string): boolean {
  return essence === "application/json" || essence.endsWith("+json");
}

function schemaTypes(spec: ApiSpec, schema: Schema): Set<string> {
  const types = new Set<string>();
  if (typeof schema === "boolean") return types;
  const resolved = deref<Record<string, unknown>>(spec.doc, schema);
  const type = resolved.type;
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) type.forEach((t) => types.add(String(t)));
  for (const branch of (resolved.allOf ?? []) as Schema[]) schemaTypes(spec, branch).forEach((t) => types.add(t));
  return types;
}

/** A header value as the type its schema declares (`"97"` to 97 for an integer header). */
function headerValue(spec: ApiSpec, schema: Schema, raw: string): unknown {
  const types = schemaTypes(spec, schema);
  if (types.has("string") || types.size === 0) return raw;
  if ((types.has("integer") || types.has("number")) && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw.trim());
  if (types.has("boolean") && /^(true|false)$/.test(raw.trim())) return raw.trim() === "true";
  return raw;
}

function describe(errors: readonly ErrorObject[]): string[] {
  return errors
    .filter((e) => e.keyword !== "if")
    .map((e) => `${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim());
}

/** Transaction type of a gateway operation, from the name of its success response schema (`DebitRefund` → `debit_refund`). */
function transactionTypeOf(spec: ApiSpec, operation: ContractOperation): string | undefined {
  const success = Object.keys((operation.operation.responses ?? {}) as object).find((k) => k.startsWith("2"));
  if (!success) return undefined;
  const documented = spec.documentedResponse(operation, Number(success));
  const schema = Object.values(documented?.response.content ?? {})[0]?.schema as Record<string, unknown> | undefined;
  const refs = [schema?.$ref, ...((schema?.allOf ?? []) as Array<{ $ref?: string }>).map((s) => s.$ref)].filter((r): r is string => typeof r === "string");
  const name = refs.map((r) => r.split("/").pop()!).find((n) => n !== "Approved" && n !== "Declined");
  return name?.replace(/(?<!^)([A-Z])/g, "_$1").toLowerCase();
}

/** The status codes the gateway spec allows per transaction type (`x-returned-for`), when it has such a table. */
function returnedFor(spec: ApiSpec): Map<number, string[]> | undefined {
  const statusCode = getAtPointer(spec.doc, "/components/schemas/StatusCode") as { oneOf?: Array<{ const?: number; "x-returned-for"?: string[] }> } | undefined;
  if (!statusCode?.oneOf) return undefined;
  return new Map(statusCode.oneOf.filter((b) => typeof b.const === "number").map((b) => [b.const!, b["x-returned-for"] ?? []]));
}

/** Every way the response breaks the spec, one line each; empty when it conforms. */
export function conformanceProblems(spec: ApiSpec, operation: ContractOperation, response: ReceivedResponse, method: string): string[] {
  const documented = spec.documentedResponse(operation, response.status);
  if (!documented) {
    const keys = Object.keys((operation.operation.responses ?? {}) as object).join(", ");
    return [`status ${response.status} is not documented for ${operation.operationId} (documented: ${keys})`];
  }
  const problems: string[] = [];
  const { response: spec_, base } = documented;

  for (const [name, rawHeader] of Object.entries(spec_.headers ?? {})) {
    if (name.toLowerCase() === "content-type") continue;
    const header = deref<{ required?: boolean; schema?: Schema }>(spec.doc, rawHeader);
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`header ${name} is required on ${response.status} but missing`);
      continue;
    }
    if (header.schema === undefined) continue;
    const ref = (rawHeader as { $ref?: string }).$ref;
    const pointer = `${ref ? ref.slice(1) : `${base}/headers/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`}/schema`;
    const errors = spec.validator.validate(pointer, headerValue(spec, header.schema, value));
    problems.push(...describe(errors).map((e) => `header ${name}: ${e}`));
  }

  const content = spec_.content ?? {};
  const documentedTypes = Object.keys(content);
  const hasBody = response.body.length > 0 && method !== "HEAD";
  if (!hasBody) {
    if (documentedTypes.length > 0 && response.status !== 204) problems.push(`a ${documentedTypes.join(" or ")} body is documented for ${response.status} but none was sent`);
    return problems;
  }
  if (documentedTypes.length === 0) return [...problems, `a body was sent with ${response.status}, but none is documented`];
  const contentType = response.headers.get("content-type");
  const media = parseMediaType(contentType);
  const key = media ? documentedTypes.find((k) => mediaTypeMatches(k, media.essence)) : undefined;
  if (!media || !key) return [...problems, `Content-Type ${contentType ?? "(none)"} is not documented for ${response.status} (${documentedTypes.join(", ")})`];
  if (!isJsonMediaType(media.essence)) return problems;

  if (media.parameters.charset !== undefined && media.parameters.charset.toLowerCase() !== "utf-8") {
    problems.push(`Content-Type charset ${media.parameters.charset} is not utf-8 (JSON is UTF-8)`);
  }
  if (media.parameters.version !== undefined && !/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$/.test(media.parameters.version)) {
    problems.push(`Content-Type version ${media.parameters.version} is not a semantic version`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString("utf8"));
  } catch {
    return [...problems, `the ${media.essence} body is not valid JSON`];
  }
  if (content[key]!.schema !== undefined) {
    const pointer = `${base}/content/${key.replace(/~/g, "~0").replace(/\//g, "~1")}/schema`;
    problems.push(...describe(spec.validator.validate(pointer, body)).map((e) => `body ${e}`));
  }

  const codes = returnedFor(spec);
  const code = (body as { status?: { code?: unknown } } | null)?.status?.code;
  const type = codes && typeof code === "number" ? transactionTypeOf(spec, operation) : undefined;
  if (codes && type && typeof code === "number") {
    const allowedTypes = codes.get(code);
    if (allowedTypes && allowedTypes.length > 0 && !allowedTypes.includes(type)) {
      problems.push(`status.code ${code} is not one the spec lists for a ${type} (x-returned-for: ${allowedTypes.join(", ")})`);
    }
  }
  return problems;
}
