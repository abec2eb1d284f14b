/**
 * Response validation from the bundled spec: the status is documented for the operation, the
 * media type is documented, the body and the headers are valid (the sandbox checks every
 * response it sends in test mode).
 */
import { deref, toPointer, type OpenApiDocument } from "./document";
import { SpecValidator } from "./ajv";
import { mediaTypeMatches, mediaTypeOf } from "./media-types";
import type { RoutedOperation } from "./router";
import { coerceToSchema, type Schema } from "./schema-walk";
import { describeValidationErrors } from "./request-validation";

/** A response object of the spec, as `responses` of an operation holds it. */
export interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
  $ref?: string;
}

export interface DocumentedResponse {
  /** The key it was found under (`201`, `5XX`, `default`). */
  key: string;
  /** JSON pointer of the response object (after a `$ref`). */
  base: string;
  response: ResponseObject;
}

/** The documented response of an operation for a status: the exact code, then `2XX`-style ranges, then `default`. */
export function documentedResponse(doc: OpenApiDocument, route: Pick<RoutedOperation, "operation" | "at">, status: number): DocumentedResponse | undefined {
  const responses = (route.operation.responses ?? {}) as Record<string, unknown>;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses);
  if (!key) return undefined;
  const raw = responses[key] as ResponseObject;
  return { key, base: raw.$ref ? raw.$ref.slice(1) : toPointer([...route.at, "responses", key]), response: deref<ResponseObject>(doc, raw) };
}

export interface DocumentedHeader {
  name: string;
  lower: string;
  required: boolean;
  /** JSON pointer of the header's schema, when it has one. */
  pointer?: string;
  schema?: Schema;
}

/** The headers a documented response declares, dereferenced, each with the pointer of its schema. */
export function documentedHeaders(doc: OpenApiDocument, response: ResponseObject, base: string): DocumentedHeader[] {
  return Object.entries(response.headers ?? {}).map(([name, rawHeader]) => {
    const header = deref<{ required?: boolean; schema?: unknown }>(doc, rawHeader);
    const headerRef = (rawHeader as { $ref?: string }).$ref;
    return {
      name,
      lower: name.toLowerCase(),
      required: header.required === true,
      ...(header.schema
        ? { pointer: `${headerRef ? headerRef.slice(1) : `${base}${toPointer(["headers", name])}`}/schema`, schema: header.schema as Schema }
        : {}),
    };
  });
}

/** JSON pointer of the schema of one media type of a documented response. */
export function responseSchemaPointer(base: string, mediaTypeKey: string): string {
  return `${base}${toPointer(["content", mediaTypeKey, "schema"])}`;
}

export interface OutgoingResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON body, raw bytes for binary content, undefined when there is none. */
  body: unknown;
}

export class ResponseValidator {
  constructor(
    readonly doc: OpenApiDocument,
    readonly validator: SpecValidator,
  ) {}

  private readonly documentedCache = new Map<string, DocumentedResponse | undefined>();

  /** The documented response of an operation for a status (`201`, then `2XX`, then `default`), resolved once. */
  private documented(route: RoutedOperation, status: number): DocumentedResponse | undefined {
    const cacheKey = `${route.operationId} ${status}`;
    if (this.documentedCache.has(cacheKey)) return this.documentedCache.get(cacheKey);
    const found = documentedResponse(this.doc, route, status);
    this.documentedCache.set(cacheKey, found);
    return found;
  }

  private readonly headerPlans = new Map<string, DocumentedHeader[]>();

  /** The documented headers of a response, resolved once. */
  private headerPlan(cacheKey: string, spec: ResponseObject, base: string): DocumentedHeader[] {
    let plan = this.headerPlans.get(cacheKey);
    if (!plan) {
      plan = documentedHeaders(this.doc, spec, base);
      this.headerPlans.set(cacheKey, plan);
    }
    return plan;
  }

  /** Every way the response breaks the spec, one line each; empty when it conforms. */
  violations(route: RoutedOperation, response: OutgoingResponse): string[] {
    const documented = this.documented(route, response.status);
    if (!documented) return [`status ${response.status} is not documented`];
    const problems: string[] = [];
    const { response: spec, base } = documented;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(response.headers)) headers[k.toLowerCase()] = v;

    for (const header of this.headerPlan(`${route.operationId} ${response.status}`, spec, base)) {
      const value = headers[header.lower];
      if (value === undefined) {
        if (header.required) problems.push(`header ${header.name} is required`);
        continue;
      }
      if (header.pointer) {
        const errors = this.validator.validate(header.pointer, coerceToSchema(this.doc, header.schema!, value));
        if (errors.length) problems.push(...describeValidationErrors(this.doc, errors).map((e) => `header ${header.name} ${e.message}`));
      }
    }

    const hasBody = response.body !== undefined && !(Buffer.isBuffer(response.body) && response.body.length === 0);
    const content = spec.content ?? {};
    if (!hasBody) {
      if (Object.keys(content).length > 0) problems.push("a body is documented but none was sent");
      return problems;
    }
    if (Object.keys(content).length === 0) return [...problems, "a body was sent but none is documented"];
    const type = mediaTypeOf(headers["content-type"]);
    const key = type ? Object.keys(content).find((k) => mediaTypeMatches(k, type)) : undefined;
    if (!type || !key) return [...problems, `media type ${type ?? "(none)"} is not documented (${Object.keys(content).join(", ")})`];
    if (Buffer.isBuffer(response.body) || !content[key]!.schema) return problems;
    const errors = this.validator.validate(responseSchemaPointer(base, key), response.body);
    for (const e of errors) problems.push(`body ${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim());
    return problems;
  }
}
