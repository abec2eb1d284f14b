/**
 * The response check of the operation model, the one answer to "does this response conform",
 * for the sandbox (every answer it sends in strict mode, the control API's) and the contract
 * suite (every answer a target gives) alike:
 *
 *  - status: documented for the operation (the code, its range, `default`, or a listed code
 *    that stands for its range: `x-tooling-workaround: {range: 5XX}`);
 *  - header: every required header present, every documented one valid (its string coerced to
 *    its schema's type); a documented Content-Type header is ignored, as OpenAPI says;
 *  - presence: a body exactly when one is documented (none after HEAD or with 204; zero bytes
 *    with a Content-Type are an empty representation where the schema takes the empty string);
 *  - media-type: a well-formed Content-Type naming a documented media type, and for JSON a
 *    UTF-8 charset and a semantic `version` when they are given;
 *  - body: JSON that parses and validates against the schema of its media type;
 *  - returned-for: a status code the status-code table returns for the operation's transaction
 *    type (`x-returned-for`, the gateway's `status.code`).
 *
 * What is documented for a status, and its compiled validators, is resolved on first use per
 * operation, status and media type, and kept.
 */
import { isJsonObject } from "../common/json-values";
import { toPointer } from "./document";
import { isJsonMediaType, mediaTypeMatches, parseMediaType, type MediaType } from "./media-types";
import type { HeaderRecord, OperationRecord, ResponseMediaRecord, ResponseRecord } from "./model-records";
import type { ApiModel } from "./operation-model";
import { describeValidationErrors } from "./validation-errors";

export type FindingRule = "status" | "header" | "presence" | "media-type" | "body" | "returned-for";

/** One way a response breaks the spec. */
export interface Finding {
  readonly rule: FindingRule;
  /** Where: `status`, `header Location`, `Content-Type`, `body /status/code`. */
  readonly where: string;
  /** What is wrong, without the values a response carries (the rule, or the documented alternatives). */
  readonly message: string;
}

/** A response to check: its status, its headers by lower-cased name, and its body. */
export interface CheckedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Raw bytes (parsed here when the media type is JSON), a parsed JSON value, or undefined for none. */
  readonly body: Buffer | { readonly json: unknown } | undefined;
}

const SEMANTIC_VERSION = /^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$/;

/** Content-Type values already parsed (a server sends a handful of distinct ones). */
const parsedTypes = new Map<string, MediaType | undefined>();

function mediaTypeOfHeader(header: string | undefined): MediaType | undefined {
  if (header === undefined) return undefined;
  if (parsedTypes.has(header)) return parsedTypes.get(header);
  const parsed = parseMediaType(header);
  const wellFormed = parsed?.wellFormed ? parsed : undefined;
  if (parsedTypes.size < 256) parsedTypes.set(header, wellFormed);
  return wellFormed;
}

/** The documented media type a concrete one matches, per response (resolved once per concrete type). */
const mediaByType = new WeakMap<ResponseRecord, Map<string, ResponseMediaRecord | null>>();

function documentedMedia(response: ResponseRecord, essence: string): ResponseMediaRecord | undefined {
  let known = mediaByType.get(response);
  if (!known) mediaByType.set(response, (known = new Map<string, ResponseMediaRecord | null>()));
  let found = known.get(essence);
  if (found === undefined) {
    found = response.media.find((m) => mediaTypeMatches(m.mediaType, essence)) ?? null;
    known.set(essence, found);
  }
  return found ?? undefined;
}

function headerFindings(model: ApiModel, header: HeaderRecord, value: string | undefined, findings: Finding[]): void {
  const where = `header ${header.name}`;
  if (value === undefined) {
    if (header.required) findings.push({ rule: "header", where, message: "is required but missing" });
    return;
  }
  const errors = header.schema?.errors(header.schema.coerce(value)) ?? [];
  for (const violation of describeValidationErrors(model.document, errors))
    findings.push({ rule: "header", where, message: violation.message });
}

/** Zero bytes with a Content-Type are an empty representation, not a missing body, when the media type's schema takes "". */
function isEmptyRepresentation(response: ResponseRecord, contentType: string | undefined): boolean {
  const type = mediaTypeOfHeader(contentType);
  const media = type ? documentedMedia(response, type.essence) : undefined;
  return media !== undefined && (media.schema === undefined || media.schema.accepts(""));
}

function isEmpty(body: CheckedResponse["body"]): boolean {
  return body === undefined || (Buffer.isBuffer(body) && body.length === 0);
}

/** The gateway's rule the schema language cannot hold: the code carried is one returned for the operation's transaction type. */
function returnedForFindings(model: ApiModel, operation: OperationRecord, body: unknown, findings: Finding[]): void {
  const { returnedFor, codePath } = model;
  const type = operation.transactionType;
  if (!returnedFor || !codePath || type === undefined) return;
  let code: unknown = body;
  for (const key of codePath) code = isJsonObject(code) ? code[key] : undefined;
  if (typeof code !== "number") return;
  const types = returnedFor.byCode.get(code);
  if (!types || types.length === 0 || types.includes(type)) return;
  findings.push({
    rule: "returned-for",
    where: `body /${codePath.join("/")}`,
    message: `${code} is not one the spec lists for a ${type} (x-returned-for: ${types.join(", ")})`,
  });
}

/** Every way a response breaks the spec; empty when it conforms. */
export function checkResponse(
  model: ApiModel,
  operation: OperationRecord,
  response: CheckedResponse,
  options: { method: string },
): Finding[] {
  const documented = model.responseFor(operation, response.status);
  if (!documented)
    return [
      {
        rule: "status",
        where: "status",
        message: `${response.status} is not documented (documented: ${[...operation.responses.keys()].join(", ")})`,
      },
    ];
  const findings: Finding[] = [];
  for (const header of documented.headers)
    if (header.lower !== "content-type") headerFindings(model, header, response.headers[header.lower], findings);

  const contentType = response.headers["content-type"];
  const head = options.method.toUpperCase() === "HEAD";
  if (head || isEmpty(response.body)) {
    if (documented.media.length > 0 && !head && response.status !== 204 && !isEmptyRepresentation(documented, contentType))
      findings.push({
        rule: "presence",
        where: "body",
        message: `a ${documented.media.map((m) => m.mediaType).join(" or ")} body is documented but none was sent`,
      });
    return findings;
  }
  if (documented.media.length === 0)
    return [...findings, { rule: "presence", where: "body", message: "a body was sent but none is documented" }];
  const type = mediaTypeOfHeader(contentType);
  const media = type ? documentedMedia(documented, type.essence) : undefined;
  if (!type || !media)
    return [
      ...findings,
      {
        rule: "media-type",
        where: "Content-Type",
        message: `${type?.essence ?? (contentType === undefined ? "(none)" : "(malformed)")} is not documented (${documented.media.map((m) => m.mediaType).join(", ")})`,
      },
    ];
  if (!isJsonMediaType(type.essence)) return findings;
  const { charset, version } = type.parameters;
  if (charset !== undefined && charset.toLowerCase() !== "utf-8")
    findings.push({ rule: "media-type", where: "Content-Type", message: `charset ${charset} is not utf-8 (JSON is UTF-8)` });
  if (version !== undefined && !SEMANTIC_VERSION.test(version))
    findings.push({ rule: "media-type", where: "Content-Type", message: `version ${version} is not a semantic version` });

  let body: unknown;
  if (Buffer.isBuffer(response.body)) {
    try {
      body = JSON.parse(response.body.toString("utf8"));
    } catch {
      return [...findings, { rule: "body", where: "body", message: `the ${type.essence} body is not valid JSON` }];
    }
  } else body = response.body?.json;
  const errors = media.schema?.errors(body) ?? [];
  for (const { path, message } of describeValidationErrors(model.document, errors))
    findings.push({ rule: "body", where: `body ${path.length ? toPointer(path) : "(root)"}`, message });
  returnedForFindings(model, operation, body, findings);
  return findings;
}

/** One line per finding, as logs and the sandbox's 500 name them. */
export function findingLines(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${f.where} ${f.message}`);
}

/** Resolves and compiles every documented status of an operation now rather than on its first response. */
export function prepareResponseChecks(operation: OperationRecord): void {
  for (const response of operation.responses.values()) {
    for (const header of response.headers) header.schema?.compile();
    for (const media of response.media) media.schema?.compile();
  }
}
