/**
 * The request check of the operation model: path and query parameters (each given once, its
 * string coerced to its schema's type, then validated), and the body (decoded as its media
 * type's decoder says: a form with brackets, JSON, or bytes; then validated). No rule of either
 * API is written here; the schemas say what is valid. Errors are described without echoing the
 * rejected values. Header parameters are left to the handlers that read them.
 */
import { decodeForm } from "./form-decoding";
import { FORM_MEDIA_TYPE, mediaTypeMatches, mediaTypeOf } from "./media-types";
import type { OperationRecord, RequestMediaRecord } from "./model-records";
import type { ApiModel } from "./operation-model";
import { describeValidationErrors, type SchemaViolation } from "./validation-errors";

/**
 * Items a JSON array may hold, the JSON counterpart of the form limits: Ajv runs with allErrors,
 * so a longer array of bad items would be reported item by item (60,000 errors for one body).
 */
export const JSON_ARRAY_LIMIT = 1000;

export type BodyResult =
  /** `assumedMediaType`: the body came without `Content-Type` and was read as the API says such a body is. */
  | { kind: "ok"; value: unknown; mediaType?: string; raw: Buffer; assumedMediaType?: true }
  | { kind: "unsupported-media-type"; accepted: string[] }
  | { kind: "malformed"; reason: string }
  | { kind: "invalid"; errors: SchemaViolation[]; value: unknown; mediaType: string; assumedMediaType?: true };

export interface ParametersResult {
  values: Record<string, unknown>;
  errors: Array<{ name: string; in: string; errors: SchemaViolation[] }>;
}

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

/**
 * Path and query parameters, query values coerced to their schema types. The query may be given
 * as a function: it is then read only by an operation that declares a query parameter (parsing a
 * request's URL is not free, and most operations declare none).
 */
export function checkParameters(
  model: ApiModel,
  operation: OperationRecord,
  pathParams: Record<string, string>,
  query: URLSearchParams | (() => URLSearchParams),
): ParametersResult {
  const values: Record<string, unknown> = {};
  const errors: ParametersResult["errors"] = [];
  let search = typeof query === "function" ? undefined : query;
  for (const parameter of operation.parameters) {
    if (parameter.in === "header") continue;
    let all: string[];
    if (parameter.in === "path") all = pathParams[parameter.name] === undefined ? [] : [pathParams[parameter.name]!];
    else all = (search ??= typeof query === "function" ? query() : query).getAll(parameter.name);
    if (all.length === 0) {
      if (parameter.required)
        errors.push({ name: parameter.name, in: parameter.in, errors: [{ path: [], message: "is required", keyword: "required" }] });
      continue;
    }
    if (all.length > 1) {
      errors.push({ name: parameter.name, in: parameter.in, errors: [{ path: [], message: "must be given once", keyword: "maxItems" }] });
      continue;
    }
    const value = parameter.schema.coerce(all[0]);
    const found = parameter.schema.errors(value);
    if (found.length) errors.push({ name: parameter.name, in: parameter.in, errors: describeValidationErrors(model.document, found) });
    else values[parameter.name] = value;
  }
  return { values, errors };
}

/** Decodes a body as its media type says, or says why it cannot be. */
function decode(media: RequestMediaRecord, raw: Buffer): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (media.decoder === "form") {
    try {
      const decoded = decodeForm(raw.toString("utf8"));
      return { ok: true, value: media.schema ? media.schema.coerce(decoded) : decoded };
    } catch (error) {
      return { ok: false, reason: error instanceof RangeError ? error.message : "the form body cannot be decoded" };
    }
  }
  if (raw.length === 0) return { ok: false, reason: "a JSON body is required" };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    return { ok: false, reason: "the body is not valid JSON" };
  }
  if (hasOverlongArray(value, JSON_ARRAY_LIMIT))
    return { ok: false, reason: `an array of the body holds more than ${JSON_ARRAY_LIMIT} items` };
  return { ok: true, value };
}

/** Decodes and validates a request body against the operation's schema for its media type. */
export function checkBody(model: ApiModel, operation: OperationRecord, contentType: string | undefined, raw: Buffer): BodyResult {
  const declared = operation.requestBody;
  // Operations without a body take no parameters; like the services, ignore what is sent.
  if (!declared) return { kind: "ok", value: undefined, raw };
  if (raw.length === 0 && !declared.required) return { kind: "ok", value: undefined, raw };
  // A body without Content-Type is read as the API says such a body is (the gateway: a form); a
  // form endpoint receiving an empty body without one still gets its "is required" messages.
  const sent = mediaTypeOf(contentType);
  const assumed = sent === undefined && contentType === undefined ? model.requestMediaTypeWhenMissing : undefined;
  const type =
    sent ?? assumed ?? (raw.length === 0 && declared.media.some((m) => m.mediaType === FORM_MEDIA_TYPE) ? FORM_MEDIA_TYPE : undefined);
  const media = type ? declared.media.find((m) => mediaTypeMatches(m.mediaType, type)) : undefined;
  if (!type || !media) return { kind: "unsupported-media-type", accepted: declared.media.map((m) => m.mediaType) };
  // Binary content (file uploads): nothing to validate beyond the media type.
  if (media.decoder === "binary") return { kind: "ok", value: raw, mediaType: type, raw };
  const decoded = decode(media, raw);
  if (!decoded.ok) return { kind: "malformed", reason: decoded.reason };
  const errors = media.schema?.errors(decoded.value) ?? [];
  const assumedMark = assumed !== undefined ? { assumedMediaType: true as const } : {};
  if (errors.length)
    return {
      kind: "invalid",
      errors: describeValidationErrors(model.document, errors),
      value: decoded.value,
      mediaType: type,
      ...assumedMark,
    };
  return { kind: "ok", value: decoded.value, mediaType: type, raw, ...assumedMark };
}

/** Both parts of a request, for a caller that checks them together (the control API). */
export function checkRequest(
  model: ApiModel,
  operation: OperationRecord,
  request: { params: Record<string, string>; query: URLSearchParams; contentType: string | undefined; body: Buffer },
): { parameters: ParametersResult; body: BodyResult } {
  return {
    parameters: checkParameters(model, operation, request.params, request.query),
    body: checkBody(model, operation, request.contentType, request.body),
  };
}

/** Compiles an operation's parameter and body validators now rather than on its first request. */
export function prepareRequestChecks(operation: OperationRecord): void {
  for (const parameter of operation.parameters) parameter.schema.compile();
  for (const media of operation.requestBody?.media ?? []) media.schema?.compile();
}
