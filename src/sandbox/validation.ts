/**
 * Request and response validation from the bundled spec, with Ajv (through SpecValidator):
 * parameters, form and JSON bodies, and, in test mode, every response the sandbox sends
 * (status documented, media type documented, body and headers valid). No rule of either API is
 * written here; the schemas say what is valid.
 */
import type { ErrorObject } from "ajv/dist/2020";
import { parse as parseForm } from "qs";
import { deref, getAtPointer, toPointer, type OpenApiDocument } from "../spec/document";
import { SpecValidator } from "../spec/ajv";
import type { RoutedOperation } from "./router";

type Schema = Record<string, unknown> | boolean;

const FORM = "application/x-www-form-urlencoded";
/** Bracket nesting the decoder accepts (`card[3dsecure][v2][raw][eci]` is 4 deep). */
export const FORM_DEPTH = 5;
const FORM_PARAMETER_LIMIT = 1000;
/**
 * Items a JSON array may hold, the JSON counterpart of the form limits: Ajv runs with allErrors,
 * so a longer array of bad items would be reported item by item (60,000 errors for one body).
 */
export const JSON_ARRAY_LIMIT = 1000;

/** Whether a decoded JSON value holds an array longer than the limit (iterative: the client chooses the depth). */
function hasOverlongArray(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const node = pending.pop();
    if (!node || typeof node !== "object") continue;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (Array.isArray(node) && node.length > limit) return true;
    for (const child of children) if (child && typeof child === "object") pending.push(child);
  }
  return false;
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type || undefined;
}

/** Whether a concrete media type matches a key of an OpenAPI `content` map (`*\/*`, `image/*` included). */
export function mediaTypeMatches(key: string, actual: string): boolean {
  const k = key.toLowerCase();
  if (k === "*/*" || k === actual) return true;
  return k.endsWith("/*") && actual.startsWith(k.slice(0, -1));
}

function isJsonMediaType(type: string): boolean {
  return type === "application/json" || /\+json$/.test(type);
}

// ---------------------------------------------------------------------------------------------
// Form coercion: form values arrive as strings; the schema says which ones are numbers/booleans.

const propertyCache = new WeakMap<object, Map<string, Schema>>();
const typeCache = new WeakMap<object, Set<string>>();

/** Every property schema an object schema declares, its combinator branches included (cached per schema object). */
function propertySchemas(doc: OpenApiDocument, schema: Schema): Map<string, Schema> {
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
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, Schema>)) {
    if (typeof property !== "boolean" && !found.has(name)) found.set(name, property);
  }
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of (resolved[key] ?? []) as Schema[]) collectPropertySchemas(doc, branch, found, depth + 1);
  }
  for (const key of ["then", "else"] as const) {
    if (resolved[key]) collectPropertySchemas(doc, resolved[key] as Schema, found, depth + 1);
  }
  return found;
}

/** The JSON types a schema allows, following $ref and allOf (cached per schema object). */
function schemaTypes(doc: OpenApiDocument, schema: Schema, depth = 0): Set<string> {
  if (typeof schema === "boolean" || depth > 32) return new Set();
  const cached = typeCache.get(schema);
  if (cached) return cached;
  const types = new Set<string>();
  const resolved = deref<Record<string, unknown>>(doc, schema);
  const type = resolved.type;
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) type.forEach((t) => types.add(String(t)));
  for (const branch of (resolved.allOf ?? []) as Schema[]) schemaTypes(doc, branch, depth + 1).forEach((t) => types.add(t));
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
  if (typeof value === "string") {
    const types = schemaTypes(doc, schema);
    if (types.has("string")) return value;
    if (types.has("integer") && /^-?(0|[1-9][0-9]{0,15})$/.test(value)) return Number(value);
    if (types.has("number") && /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(value) && value.length < 30) return Number(value);
    if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
    return value;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const properties = propertySchemas(doc, schema);
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const childSchema = properties.get(key);
      out[key] = childSchema === undefined ? child : coerceToSchema(doc, childSchema, child, depth + 1);
    }
    return out;
  }
  return value;
}

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

// ---------------------------------------------------------------------------------------------
// Describing Ajv errors without echoing values.

export interface ParameterError {
  /** Where in the request: path segments of the offending parameter (empty for the whole body). */
  path: string[];
  /** The rule, in words; never contains the rejected value. */
  message: string;
  keyword: string;
}

function instanceSegments(instancePath: string): string[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Titles of the branches of a `not: {anyOf: [...]}` in a component schema, if the error points there. */
function notTitles(doc: OpenApiDocument, schemaPath: string): string[] {
  if (!schemaPath.startsWith("#/")) return [];
  const node = getAtPointer(doc, schemaPath.slice(1)) as Record<string, unknown> | undefined;
  if (!node || typeof node !== "object") return [];
  const branches = (node.anyOf ?? node.oneOf ?? [node]) as Array<Record<string, unknown>>;
  return branches.map((b) => (typeof b.title === "string" ? b.title : "")).filter(Boolean);
}

/**
 * The errors worth reporting, each located and described. Errors of the branches of a failing
 * `oneOf`/`anyOf` are folded into one message naming the alternatives; `if` wrappers are
 * dropped (their `then` errors stay).
 */
export function describeValidationErrors(doc: OpenApiDocument, errors: readonly ErrorObject[]): ParameterError[] {
  const combinators = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const inBranch = (e: ErrorObject, c: ErrorObject) =>
    e !== c && e.schemaPath.startsWith(c.schemaPath + "/") && e.instancePath.startsWith(c.instancePath);
  const described: ParameterError[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (combinators.some((c) => inBranch(error, c))) continue;
    const at = instanceSegments(error.instancePath);
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case "oneOf":
      case "anyOf": {
        const alternatives = new Set<string>();
        for (const branchError of errors.filter((e) => inBranch(e, error))) {
          if (branchError.keyword === "required") alternatives.add(String((branchError.params as { missingProperty: string }).missingProperty));
          if (branchError.keyword === "false schema") {
            const last = instanceSegments(branchError.instancePath).slice(at.length)[0];
            if (last) alternatives.add(last);
          }
        }
        const names = [...alternatives];
        const message =
          names.length > 1
            ? `exactly one of ${names.map((n) => `'${n}'`).join(", ")} is required`
            : error.keyword === "oneOf"
              ? "must match exactly one allowed form"
              : "must match at least one allowed form";
        described.push({ path: at, message, keyword: error.keyword });
        break;
      }
      case "required":
        described.push({ path: [...at, String(params.missingProperty)], message: "is required", keyword: "required" });
        break;
      case "dependentRequired":
        described.push({
          path: [...at, String(params.missingProperty)],
          message: `is required when '${String(params.property)}' is given`,
          keyword: "dependentRequired",
        });
        break;
      case "false schema": {
        const dependent = /\/dependentSchemas\/([^/]+)\//.exec(error.schemaPath);
        described.push({
          path: at,
          message: dependent ? `is not allowed with '${decodeURIComponent(dependent[1]!)}'` : "is not allowed here",
          keyword: "false schema",
        });
        break;
      }
      case "const":
        described.push({ path: at, message: `must be '${String(params.allowedValue)}' here`, keyword: "const" });
        break;
      case "enum":
        described.push({
          path: at,
          message: `must be one of ${(params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(", ")}`,
          keyword: "enum",
        });
        break;
      case "not": {
        const titles = notTitles(doc, error.schemaPath);
        described.push({ path: at, message: titles.length ? `must not be ${titles.join(" or ")}` : "is not allowed", keyword: "not" });
        break;
      }
      default:
        // Ajv's own messages name the rule (pattern, format, type, limits), never the value.
        described.push({ path: at, message: error.message ?? `violates ${error.keyword}`, keyword: error.keyword });
    }
  }
  // The same parameter can fail several rules (minLength and pattern): keep one line per rule.
  const seen = new Set<string>();
  return described.filter((d) => {
    const key = d.path.join("\u0000") + "\u0001" + d.message;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `card[3dsecure][v2][ares]`: the bracket form of a location, as form parameters are named. */
export function bracketName(path: string[]): string {
  if (path.length === 0) return "(body)";
  return path[0]! + path.slice(1).map((s) => `[${s}]`).join("");
}

/** `business_model.trading_name`: the dotted form, as JSON properties are named. */
export function dottedName(path: string[]): string {
  return path.length === 0 ? "body" : path.join(".");
}

// ---------------------------------------------------------------------------------------------
// Requests.

export type BodyResult =
  | { kind: "ok"; value: unknown; mediaType?: string; raw: Buffer }
  | { kind: "unsupported-media-type"; accepted: string[] }
  | { kind: "malformed"; reason: string }
  | { kind: "invalid"; errors: ParameterError[]; value: unknown };

export interface ParametersResult {
  values: Record<string, unknown>;
  errors: Array<{ name: string; in: string; errors: ParameterError[] }>;
}

interface RequestBodyObject {
  required?: boolean;
  content?: Record<string, { schema?: Schema }>;
  $ref?: string;
}

export class RequestValidator {
  constructor(
    readonly doc: OpenApiDocument,
    readonly validator: SpecValidator,
  ) {}

  /** Validates path and query parameters (query values coerced to their schema types). */
  parameters(route: RoutedOperation, pathParams: Record<string, string>, query: URLSearchParams): ParametersResult {
    const values: Record<string, unknown> = {};
    const errors: ParametersResult["errors"] = [];
    for (const parameter of route.parameters) {
      if (parameter.in !== "path" && parameter.in !== "query") continue;
      const all = parameter.in === "path" ? [pathParams[parameter.name]].filter((v) => v !== undefined) : query.getAll(parameter.name);
      if (all.length === 0) {
        if (parameter.required) errors.push({ name: parameter.name, in: parameter.in, errors: [{ path: [], message: "is required", keyword: "required" }] });
        continue;
      }
      if (all.length > 1) {
        errors.push({ name: parameter.name, in: parameter.in, errors: [{ path: [], message: "must be given once", keyword: "maxItems" }] });
        continue;
      }
      const value = coerceToSchema(this.doc, parameter.schema, all[0]);
      const found = this.validator.validate(parameter.schemaPointer, value);
      if (found.length) errors.push({ name: parameter.name, in: parameter.in, errors: describeValidationErrors(this.doc, found) });
      else values[parameter.name] = value;
    }
    return { values, errors };
  }

  private readonly bodies = new Map<RoutedOperation, { body: RequestBodyObject; base: string } | undefined>();

  /** The request body object of an operation, dereferenced, and the pointer it lives at. */
  private requestBody(route: RoutedOperation): { body: RequestBodyObject; base: string } | undefined {
    if (this.bodies.has(route)) return this.bodies.get(route);
    const raw = route.operation.requestBody as RequestBodyObject | undefined;
    const found = raw ? { body: deref<RequestBodyObject>(this.doc, raw), base: raw.$ref ? raw.$ref.slice(1) : toPointer([...route.at, "requestBody"]) } : undefined;
    this.bodies.set(route, found);
    return found;
  }

  /** Decodes and validates a request body against the operation's schema for its media type. */
  body(route: RoutedOperation, contentType: string | undefined, raw: Buffer): BodyResult {
    const declared = this.requestBody(route);
    // Operations without a body take no parameters; like the services, ignore what is sent.
    if (!declared) return { kind: "ok", value: undefined, raw };
    const content = declared.body.content ?? {};
    if (raw.length === 0 && !declared.body.required) return { kind: "ok", value: undefined, raw };
    const keys = Object.keys(content);
    // A form endpoint receiving an empty body without a Content-Type still gets its "is required" messages.
    const type = mediaTypeOf(contentType) ?? (raw.length === 0 && keys.includes(FORM) ? FORM : undefined);
    const key = type ? keys.find((k) => mediaTypeMatches(k, type)) : undefined;
    if (!type || !key) return { kind: "unsupported-media-type", accepted: keys };
    const schema = content[key]!.schema;
    const schemaPointer = `${declared.base}${toPointer(["content", key, "schema"])}`;
    let value: unknown;
    if (type === FORM) {
      try {
        const decoded = parseForm(raw.toString("utf8"), {
          depth: FORM_DEPTH,
          strictDepth: true,
          parameterLimit: FORM_PARAMETER_LIMIT,
          throwOnLimitExceeded: true,
          arrayLimit: 50,
        });
        value = schema === undefined ? decoded : coerceToSchema(this.doc, schema, decoded);
      } catch (error) {
        return { kind: "malformed", reason: error instanceof RangeError ? error.message : "the form body cannot be decoded" };
      }
    } else if (isJsonMediaType(type)) {
      if (raw.length === 0) return { kind: "malformed", reason: "a JSON body is required" };
      try {
        value = JSON.parse(raw.toString("utf8"));
      } catch {
        return { kind: "malformed", reason: "the body is not valid JSON" };
      }
      if (hasOverlongArray(value, JSON_ARRAY_LIMIT)) return { kind: "malformed", reason: `an array of the body holds more than ${JSON_ARRAY_LIMIT} items` };
    } else {
      // Binary content (file uploads): nothing to validate beyond the media type.
      return { kind: "ok", value: raw, mediaType: type, raw };
    }
    if (schema === undefined) return { kind: "ok", value, mediaType: type, raw };
    const errors = this.validator.validate(schemaPointer, value);
    if (errors.length) return { kind: "invalid", errors: describeValidationErrors(this.doc, errors), value };
    return { kind: "ok", value, mediaType: type, raw };
  }
}

// ---------------------------------------------------------------------------------------------
// Responses (test mode).

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
  $ref?: string;
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

  private readonly documentedCache = new Map<string, { response: ResponseObject; base: string } | undefined>();

  /** The documented response of an operation for a status (`201`, then `2XX`, then `default`). */
  private documented(route: RoutedOperation, status: number): { response: ResponseObject; base: string } | undefined {
    const cacheKey = `${route.operationId} ${status}`;
    if (this.documentedCache.has(cacheKey)) return this.documentedCache.get(cacheKey);
    const responses = (route.operation.responses ?? {}) as Record<string, unknown>;
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses);
    const raw = key ? (responses[key] as ResponseObject) : undefined;
    const found = raw ? { response: deref<ResponseObject>(this.doc, raw), base: raw.$ref ? raw.$ref.slice(1) : toPointer([...route.at, "responses", key!]) } : undefined;
    this.documentedCache.set(cacheKey, found);
    return found;
  }

  private readonly headerPlans = new Map<string, Array<{ name: string; lower: string; required: boolean; pointer?: string; schema?: Schema }>>();

  /** The documented headers of a response, resolved once. */
  private headerPlan(cacheKey: string, spec: ResponseObject, base: string) {
    let plan = this.headerPlans.get(cacheKey);
    if (!plan) {
      plan = Object.entries(spec.headers ?? {}).map(([name, rawHeader]) => {
        const header = deref<{ required?: boolean; schema?: unknown }>(this.doc, rawHeader);
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
    const errors = this.validator.validate(`${base}${toPointer(["content", key, "schema"])}`, response.body);
    for (const e of errors) problems.push(`body ${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim());
    return problems;
  }
}
