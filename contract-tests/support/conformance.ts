/**
 * Conformance of one response to the spec, whoever sent it: the operation model's one response
 * check (checkResponse in src/testkit/openapi-model/check-response.ts: status, headers, body
 * presence, media type, body schema, and the gateway's `x-returned-for`), the check the sandbox
 * holds its own answers to, given a response as fetch receives it.
 */
import { checkResponse, findingLines } from "../../src/testkit/openapi-model/check-response";
import type { ApiSpec, ContractOperation } from "./spec";

export interface ReceivedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Every way the response breaks the spec, one line each; empty when it conforms. */
export function conformanceProblems(spec: ApiSpec, operation: ContractOperation, response: ReceivedResponse, method: string): string[] {
  const headers = Object.fromEntries(response.headers);
  return findingLines(checkResponse(spec.model, operation, { status: response.status, headers, body: response.body }, { method }));
}
