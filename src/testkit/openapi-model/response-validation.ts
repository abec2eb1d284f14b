/**
 * Response validation from the bundled spec: the status is documented for the operation, the
 * media type is documented, the body and the headers are valid (the sandbox checks every
 * response it sends in test mode).
 */
import { deref, toPointer, type OpenApiDocument } from "./document";
import type { ValidateFunction } from "ajv/dist/2020";
import { SpecValidator } from "./ajv";
import { mediaTypeMatches, mediaTypeOf } from "./media-types";
import type { RoutedOperation } from "./router";
import { coerceToSchema, type Schema } from "./schema-walk";
import { describeValidationErrors } from "./validation-errors";

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
export function documentedResponse(
  doc: OpenApiDocument,
  route: Pick<RoutedOperation, "operation" | "at">,
  status: number,
): DocumentedResponse | undefined {
  const responses = (route.operation.responses ?? {}) as Record<string, unknown>;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses);
  if (!key) return undefined;
  const raw = responses[key] as ResponseObject;
  return {
    key,
    base: raw.$ref ? raw.$ref.slice(1) : toPointer([...route.at, "responses", key]),
    response: deref<ResponseObject>(doc, raw),
  };
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
        ? {
            pointer: `${headerRef ? headerRef.slice(1) : `${base}${toPointer(["headers", name])}`}/schema`,
            schema: header.schema as Schema,
          }
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

/** What checking one status of one operation needs, resolved and compiled once. */
interface StatusPlan {
  documented: DocumentedResponse;
  headers: Array<DocumentedHeader & { validate?: ValidateFunction }>;
  /** The documented media type keys (`content`), in spec order. */
  keys: string[];
  /** Per concrete media type: the matching key and its compiled body schema (undefined: none). */
  bodies: Map<string, { key: string; validate: ValidateFunction | undefined } | null>;
}

/** Media types of Content-Type values already seen (the sandbox sends a handful of distinct ones). */
const essenceCache = new Map<string, string | undefined>();

function essenceOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (essenceCache.has(header)) return essenceCache.get(header);
  const essence = mediaTypeOf(header);
  if (essenceCache.size < 256) essenceCache.set(header, essence);
  return essence;
}

export class ResponseValidator {
  constructor(
    readonly doc: OpenApiDocument,
    readonly validator: SpecValidator,
  ) {}

  private readonly plans = new Map<RoutedOperation, Map<number, StatusPlan | null>>();

  /** The plan of an operation's status: documented response, header and body validators (built on first use). */
  private plan(route: RoutedOperation, status: number): StatusPlan | null {
    let byStatus = this.plans.get(route);
    if (!byStatus) this.plans.set(route, (byStatus = new Map<number, StatusPlan | null>()));
    let plan = byStatus.get(status);
    if (plan === undefined) {
      plan = this.buildPlan(route, status);
      byStatus.set(status, plan);
    }
    return plan;
  }

  private buildPlan(route: RoutedOperation, status: number): StatusPlan | null {
    const documented = documentedResponse(this.doc, route, status);
    if (!documented) return null;
    const headers = documentedHeaders(this.doc, documented.response, documented.base).map((header) =>
      header.pointer ? { ...header, validate: this.validator.validatorAt(header.pointer) } : header,
    );
    return { documented, headers, keys: Object.keys(documented.response.content ?? {}), bodies: new Map() };
  }

  /** The documented key matching a concrete media type, with its compiled schema (null: not documented). */
  private bodyPlan(plan: StatusPlan, type: string): { key: string; validate: ValidateFunction | undefined } | null {
    let found = plan.bodies.get(type);
    if (found === undefined) {
      const key = plan.keys.find((k) => mediaTypeMatches(k, type));
      const schema = key === undefined ? undefined : plan.documented.response.content![key]!.schema;
      found =
        key === undefined
          ? null
          : { key, validate: schema ? this.validator.validatorAt(responseSchemaPointer(plan.documented.base, key)) : undefined };
      plan.bodies.set(type, found);
    }
    return found;
  }

  /** Resolves and compiles every documented status of an operation now rather than on its first response. */
  prepare(route: RoutedOperation): void {
    for (const key of Object.keys(route.operation.responses ?? {})) {
      const status = /^\d{3}$/.test(key) ? Number(key) : undefined;
      const plan = status === undefined ? undefined : this.plan(route, status);
      for (const type of plan?.keys ?? []) if (!type.includes("*")) this.bodyPlan(plan!, type.split(";")[0]!.trim().toLowerCase());
    }
  }

  /** Every way the response breaks the spec, one line each; empty when it conforms. */
  violations(route: RoutedOperation, response: OutgoingResponse): string[] {
    const plan = this.plan(route, response.status);
    if (!plan) return [`status ${response.status} is not documented`];
    const problems: string[] = [];
    const headers: Record<string, string> = {};
    for (const k in response.headers) headers[k.toLowerCase()] = response.headers[k]!;
    for (const header of plan.headers) this.checkHeader(header, headers[header.lower], problems);

    const hasBody = response.body !== undefined && !(Buffer.isBuffer(response.body) && response.body.length === 0);
    if (!hasBody) {
      if (plan.keys.length > 0 && !this.isEmptyRepresentation(plan, headers["content-type"]))
        problems.push("a body is documented but none was sent");
      return problems;
    }
    if (plan.keys.length === 0) return [...problems, "a body was sent but none is documented"];
    const type = essenceOf(headers["content-type"]);
    const body = type ? this.bodyPlan(plan, type) : null;
    if (!type || !body) return [...problems, `media type ${type ?? "(none)"} is not documented (${plan.keys.join(", ")})`];
    if (Buffer.isBuffer(response.body) || !body.validate) return problems;
    if (body.validate(response.body)) return problems;
    for (const e of body.validate.errors ?? []) problems.push(`body ${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim());
    return problems;
  }

  /**
   * Zero bytes with a Content-Type are an empty representation, not a missing body (a file of
   * zero bytes), when the documented schema of that media type takes the empty string.
   */
  private isEmptyRepresentation(plan: StatusPlan, contentType: string | undefined): boolean {
    const type = essenceOf(contentType);
    const body = type ? this.bodyPlan(plan, type) : null;
    return body !== null && (!body.validate || body.validate("") === true);
  }

  private checkHeader(header: StatusPlan["headers"][number], value: string | undefined, problems: string[]): void {
    if (value === undefined) {
      if (header.required) problems.push(`header ${header.name} is required`);
      return;
    }
    if (!header.validate) return;
    if (header.validate(coerceToSchema(this.doc, header.schema!, value))) return;
    problems.push(
      ...describeValidationErrors(this.doc, [...(header.validate.errors ?? [])]).map((e) => `header ${header.name} ${e.message}`),
    );
  }
}
