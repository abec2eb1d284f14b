/**
 * What a handler of the merchant sandbox is: a function of one validated request (its
 * operation, path parameters, coerced query, decoded body, authenticated client), keyed by an
 * operationId of the generated merchant types. Each handler family is made with the parts it
 * uses (app.ts hands them over). The path parameters, query and body are typed with that
 * operation's generated types: the pipeline has validated them against the same schemas the
 * types were generated from.
 */
import type { OperationRecord } from "../../../openapi-model/model-records";
import type { SandboxRequest, SandboxResponse } from "../../listener/messages";
import type { Answers, CollectionQuery } from "../http/answers";
import type { MerchantLinks } from "../http/links";
import type { ProblemContext } from "../http/problems";
import type { Representations } from "../http/representations";
import type { OAuthClient } from "../records/oauth";
import type { MerchantResources } from "../records/resources";
import type { BodyOf, OperationId, PathOf, QueryOf } from "../records/spec-types";

/** One request that passed the pipeline's checks, as the pipeline holds it (not yet typed by operation). */
export interface ValidatedCall {
  request: SandboxRequest;
  route: OperationRecord;
  params: Record<string, string>;
  query: CollectionQuery;
  body: unknown;
  /** The authenticated caller (every operation is authenticated before it runs); its merchant is what the call may see. */
  client: OAuthClient;
  /** Request id and the headers every answer of the request carries. */
  problem: ProblemContext;
}

/** One request of operation K that passed the pipeline's checks. */
export interface OperationContext<K extends OperationId> extends Omit<ValidatedCall, "params" | "query" | "body"> {
  params: PathOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
}

export type Operation<K extends OperationId> = (ctx: OperationContext<K>) => SandboxResponse;

/** Handlers keyed by operationId: a key that is not an operation of the spec does not compile. */
export type Operations = { [K in OperationId]?: Operation<K> };

/** What most handler families answer with: the stored resources, their representations and links, and the answers. */
export interface AnsweringParts {
  answers: Answers;
  links: MerchantLinks;
  reps: Representations;
  resources: MerchantResources;
}

/**
 * The handler of a validated call. The one cast of the sandbox's request data to the generated
 * types: the pipeline validated the call against the schemas those types describe.
 */
export function handlerOf(operations: Operations, call: ValidatedCall): ((call: ValidatedCall) => SandboxResponse) | undefined {
  return operations[call.route.operationId as OperationId] as ((call: ValidatedCall) => SandboxResponse) | undefined;
}
