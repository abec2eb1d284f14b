/**
 * Request validation from the bundled spec, with Ajv (through SpecValidator): path and query
 * parameters, form and JSON bodies. No rule of either API is written here; the schemas say what
 * is valid. Errors are described without echoing the rejected values.
 */
import { decodeForm } from "./form-decoding";
import { deref, toPointer, type OpenApiDocument } from "./document";
import { describeValidationErrors, type SchemaViolation } from "./validation-errors";
import { SpecValidator } from "./ajv";
import { FORM_MEDIA_TYPE, isJsonMediaType, mediaTypeMatches, mediaTypeOf } from "./media-types";
import type { RoutedOperation } from "./router";
import { coerceToSchema, type Schema } from "./schema-walk";

export { FORM_DEPTH } from "./form-decoding";
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

export { bracketName, dottedName } from "./validation-errors";
export type { SchemaViolation as ParameterError } from "./validation-errors";
type ParameterError = SchemaViolation;

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

interface DeclaredBody {
  body: RequestBodyObject;
  /** JSON pointer of the request body object (after a `$ref`). */
  base: string;
  keys: string[];
  pointers: Map<string, string>;
}

export class RequestValidator {
  constructor(
    readonly doc: OpenApiDocument,
    readonly validator: SpecValidator,
  ) {}

  /**
   * Validates path and query parameters (query values coerced to their schema types). The query
   * may be given as a function: it is then read only by an operation that declares a query
   * parameter (parsing a request's URL is not free, and most operations declare none).
   */
  parameters(
    route: RoutedOperation,
    pathParams: Record<string, string>,
    query: URLSearchParams | (() => URLSearchParams),
  ): ParametersResult {
    const values: Record<string, unknown> = {};
    const errors: ParametersResult["errors"] = [];
    let search = typeof query === "function" ? undefined : query;
    for (const parameter of route.parameters) {
      if (parameter.in !== "path" && parameter.in !== "query") continue;
      let all: string[];
      if (parameter.in === "path") all = pathParams[parameter.name] === undefined ? [] : [pathParams[parameter.name]!];
      else all = (search ??= (query as () => URLSearchParams)()).getAll(parameter.name);
      if (all.length === 0) {
        if (parameter.required)
          errors.push({ name: parameter.name, in: parameter.in, errors: [{ path: [], message: "is required", keyword: "required" }] });
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

  private readonly bodies = new Map<RoutedOperation, DeclaredBody | undefined>();

  /** The request body object of an operation, dereferenced, with its media type keys (resolved once). */
  private requestBody(route: RoutedOperation): DeclaredBody | undefined {
    if (this.bodies.has(route)) return this.bodies.get(route);
    const raw = route.operation.requestBody as RequestBodyObject | undefined;
    const body = raw ? deref<RequestBodyObject>(this.doc, raw) : undefined;
    const found = body
      ? {
          body,
          base: raw!.$ref ? raw!.$ref.slice(1) : toPointer([...route.at, "requestBody"]),
          keys: Object.keys(body.content ?? {}),
          pointers: new Map<string, string>(),
        }
      : undefined;
    this.bodies.set(route, found);
    return found;
  }

  /** JSON pointer of the body schema of one media type key (built once per key). */
  private static schemaPointer(declared: DeclaredBody, key: string): string {
    let pointer = declared.pointers.get(key);
    if (pointer === undefined) declared.pointers.set(key, (pointer = `${declared.base}${toPointer(["content", key, "schema"])}`));
    return pointer;
  }

  /** Resolves an operation's body and compiles its schemas now rather than on its first request. */
  prepare(route: RoutedOperation): void {
    for (const parameter of route.parameters) this.validator.validatorAt(parameter.schemaPointer);
    const declared = this.requestBody(route);
    for (const key of declared?.keys ?? [])
      if (declared!.body.content![key]!.schema !== undefined) this.validator.validatorAt(RequestValidator.schemaPointer(declared!, key));
  }

  /** Decodes and validates a request body against the operation's schema for its media type. */
  body(route: RoutedOperation, contentType: string | undefined, raw: Buffer): BodyResult {
    const declared = this.requestBody(route);
    // Operations without a body take no parameters; like the services, ignore what is sent.
    if (!declared) return { kind: "ok", value: undefined, raw };
    const content = declared.body.content ?? {};
    if (raw.length === 0 && !declared.body.required) return { kind: "ok", value: undefined, raw };
    const keys = declared.keys;
    // A form endpoint receiving an empty body without a Content-Type still gets its "is required" messages.
    const type = mediaTypeOf(contentType) ?? (raw.length === 0 && keys.includes(FORM_MEDIA_TYPE) ? FORM_MEDIA_TYPE : undefined);
    const key = type ? keys.find((k) => mediaTypeMatches(k, type)) : undefined;
    if (!type || !key) return { kind: "unsupported-media-type", accepted: keys };
    const schema = content[key]!.schema;
    const schemaPointer = RequestValidator.schemaPointer(declared, key);
    let value: unknown;
    if (type === FORM_MEDIA_TYPE) {
      try {
        const decoded = decodeForm(raw.toString("utf8"));
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
      if (hasOverlongArray(value, JSON_ARRAY_LIMIT))
        return { kind: "malformed", reason: `an array of the body holds more than ${JSON_ARRAY_LIMIT} items` };
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
