/**
 * Conformance of one response to the spec, whoever sent it: the status is documented for the
 * operation, the Content-Type names a documented media type (parameters allowed, such as the
 * gateway's `version` and `charset`), every required header is there and every documented
 * header validates, a body is present exactly when one is documented, and a JSON body
 * validates against the response schema (Ajv, JSON Schema 2020-12, formats on).
 *
 * A status outside the listed codes is documented when a listed response stands for the range
 * the source states (`x-tooling-workaround`, the gateway's 5xx listed one by one for code
 * generators).
 *
 * The gateway adds one rule the schema language cannot hold: a transaction's `status.code` must
 * be one the spec lists for that transaction type (`x-returned-for` of the StatusCode schema).
 *
 * Reading the spec (the documented response, its headers, media types, schema pointers, schema
 * types) is src/testkit/openapi-model/'s, shared with the sandbox's ResponseValidator. What is here is the
 * contract suite's own reading of a received response: its messages, 204 and HEAD without a
 * body, a well-formed Content-Type with a UTF-8 charset and a semantic `version`, header values
 * read leniently as numbers, and the `x-returned-for` rule.
 */
import type { ErrorObject } from "ajv/dist/2020";
import { getAtPointer } from "../../src/testkit/openapi-model/document";
import { isJsonMediaType, mediaTypeMatches, parseMediaType } from "../../src/testkit/openapi-model/media-types";
import { documentedHeaders, responseSchemaPointer } from "../../src/testkit/openapi-model/response-validation";
import { schemaTypes } from "../../src/testkit/openapi-model/schema-walk";
import type { ApiSpec, ContractOperation, Schema } from "./spec";

export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A header value as the type its schema declares (`"97"` to 97 for an integer header). */
function headerValue(spec: ApiSpec, schema: Schema, raw: string): unknown {
  const types = schemaTypes(spec.doc, schema);
  if (types.has("string") || types.size === 0) return raw;
  if ((types.has("integer") || types.has("number")) && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw.trim());
  if (types.has("boolean") && /^(true|false)$/.test(raw.trim())) return raw.trim() === "true";
  return raw;
}

function describe(errors: readonly ErrorObject[]): string[] {
  return errors.filter((e) => e.keyword !== "if").map((e) => `${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim());
}

/** Transaction type of a gateway operation, from the name of its success response schema (`DebitRefund` → `debit_refund`). */
function transactionTypeOf(spec: ApiSpec, operation: ContractOperation): string | undefined {
  const success = Object.keys(operation.operation.responses ?? {}).find((k) => k.startsWith("2"));
  if (!success) return undefined;
  const documented = spec.documentedResponse(operation, Number(success));
  const schema = Object.values(documented?.response.content ?? {})[0]?.schema as Record<string, unknown> | undefined;
  const refs = [schema?.$ref, ...((schema?.allOf ?? []) as Array<{ $ref?: string }>).map((s) => s.$ref)].filter(
    (r): r is string => typeof r === "string",
  );
  const name = refs.map((r) => r.split("/").pop()!).find((n) => n !== "Approved" && n !== "Declined");
  return name?.replace(/(?<!^)([A-Z])/g, "_$1").toLowerCase();
}

/** The status codes the gateway spec allows per transaction type (`x-returned-for`), when it has such a table. */
function returnedFor(spec: ApiSpec): Map<number, string[]> | undefined {
  const statusCode = getAtPointer(spec.doc, "/components/schemas/StatusCode") as
    { oneOf?: Array<{ const?: number; "x-returned-for"?: string[] }> } | undefined;
  if (!statusCode?.oneOf) return undefined;
  return new Map(statusCode.oneOf.filter((b) => typeof b.const === "number").map((b) => [b.const!, b["x-returned-for"] ?? []]));
}

/**
 * The documented response for a status, or, for a status the operation does not list, the
 * response that stands for the source's range of it: a range listed code by code only for code
 * generators (`x-tooling-workaround: {range: 5XX}`) documents every status in the range, so a
 * 501 or a 507 is not a contract violation.
 */
function documentedResponseOrRange(spec: ApiSpec, operation: ContractOperation, status: number): ReturnType<ApiSpec["documentedResponse"]> {
  const documented = spec.documentedResponse(operation, status);
  if (documented) return documented;
  for (const key of Object.keys(operation.operation.responses ?? {})) {
    if (!/^\d{3}$/.test(key)) continue;
    const candidate = spec.documentedResponse(operation, Number(key));
    const range = (candidate?.response as { "x-tooling-workaround"?: { range?: unknown } } | undefined)?.["x-tooling-workaround"]?.range;
    if (typeof range === "string" && /^[1-5]XX$/i.test(range) && range[0] === String(status)[0]) return candidate;
  }
  return undefined;
}

/** Every way the response breaks the spec, one line each; empty when it conforms. */
export function conformanceProblems(spec: ApiSpec, operation: ContractOperation, response: ReceivedResponse, method: string): string[] {
  const documented = documentedResponseOrRange(spec, operation, response.status);
  if (!documented) {
    const keys = Object.keys(operation.operation.responses ?? {}).join(", ");
    return [`status ${response.status} is not documented for ${operation.operationId} (documented: ${keys})`];
  }
  const problems: string[] = [];
  const { response: spec_, base } = documented;

  for (const header of documentedHeaders(spec.doc, spec_, base)) {
    const name = header.name;
    if (header.lower === "content-type") continue;
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`header ${name} is required on ${response.status} but missing`);
      continue;
    }
    if (header.pointer === undefined) continue;
    const errors = spec.validator.validate(header.pointer, headerValue(spec, header.schema!, value));
    problems.push(...describe(errors).map((e) => `header ${name}: ${e}`));
  }

  const content = spec_.content ?? {};
  const documentedTypes = Object.keys(content);
  const hasBody = response.body.length > 0 && method !== "HEAD";
  if (!hasBody) {
    if (
      documentedTypes.length > 0 &&
      response.status !== 204 &&
      !(method !== "HEAD" && isEmptyRepresentation(spec, base, content, response.headers.get("content-type")))
    ) {
      problems.push(`a ${documentedTypes.join(" or ")} body is documented for ${response.status} but none was sent`);
    }
    return problems;
  }
  if (documentedTypes.length === 0) return [...problems, `a body was sent with ${response.status}, but none is documented`];
  const contentType = response.headers.get("content-type");
  const parsed = parseMediaType(contentType);
  const media = parsed?.wellFormed ? parsed : undefined;
  const key = media ? documentedTypes.find((k) => mediaTypeMatches(k, media.essence)) : undefined;
  if (!media || !key)
    return [
      ...problems,
      `Content-Type ${contentType ?? "(none)"} is not documented for ${response.status} (${documentedTypes.join(", ")})`,
    ];
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
    problems.push(...describe(spec.validator.validate(responseSchemaPointer(base, key), body)).map((e) => `body ${e}`));
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

/**
 * Zero bytes with a Content-Type are an empty representation, not a missing body (a file of zero
 * bytes), when the documented schema of that media type takes the empty string.
 */
function isEmptyRepresentation(
  spec: ApiSpec,
  base: string,
  content: Record<string, { schema?: unknown }>,
  contentType: string | null,
): boolean {
  const parsed = parseMediaType(contentType);
  const key = parsed?.wellFormed ? Object.keys(content).find((k) => mediaTypeMatches(k, parsed.essence)) : undefined;
  if (key === undefined) return false;
  return content[key]!.schema === undefined || spec.validator.validate(responseSchemaPointer(base, key), "").length === 0;
}
