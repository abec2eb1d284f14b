/**
 * What a handler of the merchant sandbox is: a function of one validated request (its
 * operation, path parameters, coerced query, decoded body, authenticated client) and the
 * sandbox's shared state, keyed by an operationId of the generated merchant types. The path
 * parameters, query and body are typed with that operation's generated types: the pipeline has
 * validated them against the same schemas the types were generated from.
 */
import type { components, operations } from "../../../../../generated/merchant/schema";
import type { OperationRecord } from "../../../openapi-model/model-records";
import type { SandboxRequest, SandboxResponse } from "../../listener/http";
import type { OAuthClient } from "../records/oauth";
import type { ProblemContext } from "../http/problems";
import type { MerchantState } from "../state";

/** An operationId of the merchant spec. */
export type OperationId = keyof operations;

/** The spec's schemas, for the bodies handlers read. */
export type Schemas = components["schemas"];

/** `never` (an operation without that part) as an empty object. */
type Present<T> = [T] extends [never] ? Record<never, never> : T;

type ParametersOf<K extends OperationId> = operations[K]["parameters"];
/** The path parameters of an operation. */
export type PathOf<K extends OperationId> = Present<NonNullable<ParametersOf<K>["path"]>>;
/** The query parameters of an operation, as the pipeline validated and coerced them. */
export type QueryOf<K extends OperationId> = Present<NonNullable<ParametersOf<K>["query"]>>;

type RequestBodyOf<K extends OperationId> = NonNullable<operations[K]["requestBody"]>;
type ContentOf<K extends OperationId> = RequestBodyOf<K> extends { content: infer C } ? C[keyof C] : never;
/** The decoded request body of an operation: undefined when it takes none, or when it is optional and absent. */
export type BodyOf<K extends OperationId> = [RequestBodyOf<K>] extends [never]
  ? undefined
  : undefined extends operations[K]["requestBody"]
    ? ContentOf<K> | undefined
    : ContentOf<K>;

/** The query parameters of a collection (what paging and the query languages read). */
export interface CollectionQuery {
  page?: components["parameters"]["Page"];
  per_page?: components["parameters"]["PerPage"];
  /** The collection's query language (TQL, APQL, ...). */
  query?: string;
  next?: components["parameters"]["TransactionCursor"];
}

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

export type Operation<K extends OperationId> = (ctx: OperationContext<K>, sandbox: MerchantState) => SandboxResponse;

/** Handlers keyed by operationId: a key that is not an operation of the spec does not compile. */
export type Operations = { [K in OperationId]?: Operation<K> };

/**
 * The handler of a validated call. The one cast of the sandbox's request data to the generated
 * types: the pipeline validated the call against the schemas those types describe.
 */
export function handlerOf(
  operations: Operations,
  call: ValidatedCall,
): ((call: ValidatedCall, sandbox: MerchantState) => SandboxResponse) | undefined {
  return operations[call.route.operationId as OperationId] as
    ((call: ValidatedCall, sandbox: MerchantState) => SandboxResponse) | undefined;
}
