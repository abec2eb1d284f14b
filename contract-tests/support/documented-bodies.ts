/**
 * Bodies as the types generated from the spec (generated/<api>/schema.d.ts): an operation's request
 * example, and the answer an exchange received for a documented status. Each is first validated
 * against the schema in the bundle that its type was generated from, so the type a scenario reads
 * is proven by the spec's own validator, not assumed; a body that does not validate fails the test
 * with the operation, the status and the rules it breaks (never the body's values).
 */
import type { ValidateFunction } from "ajv/dist/2020";
import type { operations as GatewayOperations } from "../../generated/gateway/schema";
import type { operations as MerchantOperations } from "../../generated/merchant/schema";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { isJsonMediaType } from "../../src/testkit/openapi-model/media-types";
import { apiModel } from "../../src/testkit/openapi-model/operation-model";
import { describeExchange, type Exchange } from "./http";
import type { ApiName } from "./spec";

interface OperationsOf {
  gateway: GatewayOperations;
  merchant: MerchantOperations;
}

export type OperationIdOf<A extends ApiName> = Extract<keyof OperationsOf[A], string>;
type OperationOf<A extends ApiName, Op> = Op extends keyof OperationsOf[A] ? OperationsOf[A][Op] : never;
type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
type JsonContentOf<T> = T extends { content: infer C } ? C[Extract<keyof C, `${string}json${string}`>] : never;

/** The request body of an operation (any of its media types). */
export type RequestBodyOf<A extends ApiName, Op> = OperationOf<A, Op> extends { requestBody?: infer B } ? ContentOf<NonNullable<B>> : never;
/** The statuses an operation documents by their own code. */
export type StatusOf<A extends ApiName, Op> = OperationOf<A, Op> extends { responses: infer R } ? Extract<keyof R, number> : never;
/** The JSON body of an operation's answer with that status. */
export type AnswerOf<A extends ApiName, Op, S> =
  OperationOf<A, Op> extends { responses: infer R } ? (S extends keyof R ? JsonContentOf<R[S]> : never) : never;

/** Whether the value validates against the schema the type `T` was generated from: the one guard of this file. */
function validates<T>(validate: ValidateFunction, value: unknown): value is T {
  return validate(value) === true;
}

function ruleLines(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.keyword}: ${e.message ?? ""}`.trim()).join("; ");
}

/** A request example of the spec (the first, or the one named), deep-copied, typed as the operation's request body. */
export function requestExample<A extends ApiName, Op extends OperationIdOf<A>>(
  api: A,
  operationId: Op,
  name?: string,
): RequestBodyOf<A, Op> {
  const model = apiModel(api);
  const examples = listOperationExamples(model.document).filter((e) => e.kind === "request" && e.operationId === operationId);
  const found = name ? examples.find((e) => e.name === name) : examples[0];
  if (!found) throw new Error(`the ${api} spec has no request example ${name ?? "(any)"} of ${operationId}`);
  const value = structuredClone(found.value);
  const validate = model.validator.validatorAt(found.schemaPointer);
  if (!validates<RequestBodyOf<A, Op>>(validate, value))
    throw new Error(`the ${api} spec's request example ${found.name} of ${operationId} breaks its own schema: ${ruleLines(validate)}`);
  return value;
}

/**
 * The JSON body an exchange received, typed as the operation's documented answer with `status`:
 * the exchange must be that operation's, with that status, and its body valid against one of the
 * answer's JSON schemas. (`number &` keeps a status written as `200` the literal 200: a constraint
 * TypeScript cannot see through would widen it to number.)
 */
export function answerOf<A extends ApiName, Op extends OperationIdOf<A>, S extends number & StatusOf<A, Op>>(
  api: A,
  exchange: Exchange,
  operationId: Op,
  status: S,
): AnswerOf<A, Op, S> {
  const where = `${describeExchange(exchange)}, read as ${operationId}'s ${String(status)} answer`;
  if (exchange.api !== api || exchange.operationId !== operationId || exchange.status !== status)
    throw new Error(`${where}: it is not that answer`);
  const documented = apiModel(api).operation(operationId).responses.get(String(status));
  if (!documented) throw new Error(`${where}: the ${api} spec documents no ${String(status)} answer of ${operationId}`);
  const rules: string[] = [];
  for (const { mediaType, schema } of documented.media) {
    if (!isJsonMediaType(mediaType) || !schema) continue;
    const validate = schema.compile();
    if (validates<AnswerOf<A, Op, S>>(validate, exchange.json)) return exchange.json;
    rules.push(`${mediaType}: ${ruleLines(validate)}`);
  }
  throw new Error(`${where}: the body is not the documented one (${rules.join("; ") || "no JSON body is documented"})`);
}
