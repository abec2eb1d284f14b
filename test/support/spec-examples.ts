/**
 * Named examples of the bundled specs, so client tests use the spec's own bodies instead of
 * restating them.
 */
import type { operations as GatewayOperations } from "../../generated/gateway/schema";
import type { operations as MerchantOperations } from "../../generated/merchant/schema";
import { loadBundledSpec } from "../../src/testkit/openapi-model/document";
import { listOperationExamples, type SpecExample } from "../../src/testkit/openapi-model/examples";

const cache = new Map<string, SpecExample[]>();

function examplesOf(api: string): SpecExample[] {
  let found = cache.get(api);
  if (!found) {
    found = listOperationExamples(loadBundledSpec(api));
    cache.set(api, found);
  }
  return found;
}

/** The value of a named request example. */
export function requestExample<T = Record<string, unknown>>(api: string, operationId: string, name: string): T {
  const found = examplesOf(api).find((e) => e.kind === "request" && e.operationId === operationId && e.name === name);
  if (!found) throw new Error(`No request example ${name} of ${operationId}`);
  return structuredClone(found.value) as T;
}

/** Every request example of an operation. */
export function requestExamples(api: string, operationId: string): SpecExample[] {
  return examplesOf(api).filter((e) => e.kind === "request" && e.operationId === operationId);
}

/** The value of a named response example for a status. */
export function responseExample<T = Record<string, unknown>>(api: string, operationId: string, status: string, name: string): T {
  const found = examplesOf(api).find(
    (e) => e.kind === "response" && e.operationId === operationId && e.status === status && e.name === name,
  );
  if (!found) throw new Error(`No ${status} response example ${name} of ${operationId}`);
  return structuredClone(found.value) as T;
}

type BodyOf<O, Media extends string> = O extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { [M in Media]: infer T } }
    ? T
    : never
  : never;

/** A gateway request example, typed as the operation's form body (the spec tests validate every example). */
export function gatewayRequest<Op extends keyof GatewayOperations>(
  operationId: Op,
  name: string,
): BodyOf<GatewayOperations[Op], "application/x-www-form-urlencoded"> {
  return requestExample<BodyOf<GatewayOperations[Op], "application/x-www-form-urlencoded">>("gateway", operationId, name);
}

/** A merchant request example, typed as the operation's JSON body. */
export function merchantRequest<Op extends keyof MerchantOperations>(
  operationId: Op,
  name: string,
): BodyOf<MerchantOperations[Op], "application/json"> {
  return requestExample<BodyOf<MerchantOperations[Op], "application/json">>("merchant", operationId, name);
}
