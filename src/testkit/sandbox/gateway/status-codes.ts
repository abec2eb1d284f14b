/**
 * The gateway's status codes as the sandbox names them: by the `x-key` of the spec's
 * `StatusCode` entries (generated into `statusCodeByKey`), never by number or title, so a code
 * the spec drops or renames fails to compile here.
 */
import { approvedStatusCode, invalidParameterStatusCodes, statusCodeByKey, statusCodes } from "../../../../generated/gateway/constants";
import type { components } from "../../../../generated/gateway/schema";

export type StatusCode = components["schemas"]["StatusCode"];
export type Status = components["schemas"]["Status"];

/** The transaction types of the status-code table (`x-returned-for`). */
export type TransactionType = (typeof statusCodes)[keyof typeof statusCodes]["returnedFor"][number];

/** Every status code by its spec key: `codes["rule-violation"]`. */
export const codes: { readonly [K in keyof typeof statusCodeByKey]: StatusCode } = statusCodeByKey;

export const approved: StatusCode = approvedStatusCode;

const table: Readonly<Record<string, { meaning: string; returnedFor: readonly string[] } | undefined>> = statusCodes;

/** What a status code means, as the spec's status code table names it (`Invalid card number`). */
export function meaningOf(code: number): string {
  return table[String(code)]?.meaning ?? "an unknown status code";
}

/** The number as a status code of this transaction type, or undefined (a forced status must be one). */
export function statusCodeFor(code: number, type: TransactionType): StatusCode | undefined {
  return table[String(code)]?.returnedFor.includes(type) ? (code as StatusCode) : undefined;
}

const parameterCodes: Readonly<Record<string, StatusCode | undefined>> = invalidParameterStatusCodes;

/** The code an invalid value of this top-level parameter gives (`x-invalid-status-code`), else the general input error. */
export function invalidParameterStatus(parameter: string | undefined): StatusCode {
  return (parameter === undefined ? undefined : parameterCodes[parameter]) ?? codes["general-input-error"];
}

/** A status with an optional message (approvals carry none). */
export function status(code: StatusCode, message?: string): Status {
  return message ? { code, message } : { code };
}
