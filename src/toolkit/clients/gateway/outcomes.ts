/**
 * Transaction outcomes. The service answers an approved transaction with 200 or 201 (the spec
 * documents both, with one body) and status code 20000, anything else with 400 and the same
 * body shape; callers get a discriminated union instead of parsing a 400 body:
 * `if (outcome.approved) ... else outcome.code / meaning`.
 * A code of the spec's `invalid-request` category (the request was wrong, signatures included)
 * is no outcome at all: it throws GatewayInvalidRequestError, so that it is never shown to a
 * customer as a decline.
 */
import { approvedStatusCode, statusCodes } from "../../../../generated/gateway/constants";
import type { operations } from "../../../../generated/gateway/schema";
import { maskPans } from "../common/redact";
import { GatewayAuthenticationError, GatewayHttpError, GatewayInvalidRequestError } from "./errors";

/** The operations that create a transaction and answer with a status code. */
export type TransactionOperation = {
  [Op in keyof operations]: operations[Op]["responses"] extends { 201: unknown; 400: unknown } ? Op : never;
}[keyof operations];

type Content<R> = R extends { content: infer C } ? C[keyof C] : never;

/** The body of the operation's approved answer (201, and 200 with the same body), as generated from the spec. */
export type ApprovedTransaction<Op extends TransactionOperation> = Content<operations[Op]["responses"][201]>;
/** The body of the operation's not-approved answer (400), as generated from the spec. */
export type DeclinedTransaction<Op extends TransactionOperation> = Content<operations[Op]["responses"][400]>;

export interface Approved<Op extends TransactionOperation> {
  approved: true;
  transaction: ApprovedTransaction<Op>;
}

/** Who has to act on a status code, from the spec's status code table (`x-category`). */
export type StatusCategory = (typeof statusCodes)[keyof typeof statusCodes]["category"];

/** The categories of a decline: everything but approved and the invalid requests, which throw. */
export type DeclineCategory = Exclude<StatusCategory, "approved" | "invalid-request"> | "undocumented";

export interface Declined<Op extends TransactionOperation> {
  approved: false;
  /** `status.code`: any code but the approved one and those of invalid requests. */
  code: number;
  /**
   * Who has to act: `declined` (the issuer, the card scheme or the cardholder said no),
   * `card-data` (the card data is wrong or unsupported), `rule-violation`, `authentication`
   * (3-D Secure), `service-error` (the acquirer's side), or `undocumented` (a code the spec does not list).
   */
  category: DeclineCategory;
  /** The code's meaning from the spec's status code table, or "Undocumented status code". */
  meaning: string;
  /** `status.message` when the service sent one (PAN-like digit runs masked). */
  message: string | undefined;
  /** The whole body; `id` may be absent on an input error (40000). */
  transaction: DeclinedTransaction<Op>;
}

export type Outcome<Op extends TransactionOperation> = Approved<Op> | Declined<Op>;

const table: Record<string, { meaning: string; category: StatusCategory } | undefined> = statusCodes;

export function meaningOf(code: number): string {
  return table[String(code)]?.meaning ?? "Undocumented status code";
}

/** What openapi-fetch returns when called with `parseAs: "text"`: text on 2xx, parsed JSON (or text) otherwise. */
export interface TextResult {
  data?: string | undefined;
  error?: unknown;
  response: Response;
}

/**
 * Reads a transaction answer. 401 throws GatewayAuthenticationError; a body without a numeric
 * `status.code`, or any other status than 2xx/400, throws GatewayHttpError.
 */
export function toOutcome<Op extends TransactionOperation>(result: TextResult, operation: string): Outcome<Op> {
  const { response } = result;
  const body = readBody(result, operation);
  const status = (body as { status?: { code?: unknown; message?: unknown } } | undefined)?.status;
  if ((response.ok || response.status === 400) && typeof status?.code === "number") {
    if (status.code === approvedStatusCode && response.ok) {
      return { approved: true, transaction: body as ApprovedTransaction<Op> };
    }
    if (status.code !== approvedStatusCode) {
      const message = typeof status.message === "string" ? maskPans(status.message) : undefined;
      const category = table[String(status.code)]?.category ?? "undocumented";
      if (category === "invalid-request")
        throw new GatewayInvalidRequestError(status.code, meaningOf(status.code), message, ...split(operation));
      // Only the approved code has the approved category, and it is not this one.
      return {
        approved: false,
        code: status.code,
        category: category as DeclineCategory,
        meaning: meaningOf(status.code),
        message,
        transaction: body as DeclinedTransaction<Op>,
      };
    }
  }
  throw new GatewayHttpError(
    `${operation} answered HTTP ${response.status} without a transaction outcome`,
    response.status,
    ...split(operation),
  );
}

/** Reads a non-transaction answer (the account): the body on 2xx, else an error. */
export function toResource<T>(result: TextResult, operation: string): T {
  const body = readBody(result, operation);
  if (!result.response.ok || body === undefined || typeof body !== "object") {
    throw new GatewayHttpError(`${operation} answered HTTP ${result.response.status}`, result.response.status, ...split(operation));
  }
  return body as T;
}

function readBody({ data, error, response }: TextResult, operation: string): unknown {
  if (response.status === 401) {
    throw new GatewayAuthenticationError(`${operation} answered HTTP 401: the API key is missing, invalid, disabled or expired`);
  }
  if (!response.ok) return error; // openapi-fetch has parsed it when it was JSON
  if (!data) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    // The text is not quoted: it is the server's, and a proxy's error page may echo the request.
    throw new GatewayHttpError(
      `${operation} answered HTTP ${response.status} with a body that is not JSON`,
      response.status,
      ...split(operation),
    );
  }
}

function split(operation: string): [string, string] {
  const [method = "", target = ""] = operation.split(" ");
  return [method, target];
}
