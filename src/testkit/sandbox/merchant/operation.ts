/**
 * What a handler of the merchant sandbox is: a function of one validated request (its
 * operation, path parameters, coerced query, decoded body, authenticated client) and the
 * sandbox's shared state, keyed by an operationId of the generated merchant types.
 */
import type { components, operations } from "../../../../generated/merchant/schema";
import type { RoutedOperation } from "../../spec/router";
import type { SandboxRequest, SandboxResponse } from "../http";
import type { OAuthClient } from "./oauth";
import type { ProblemContext } from "./problems";
import type { MerchantState } from "./state";

/** An operationId of the merchant spec. */
export type OperationId = keyof operations;

/** The spec's schemas, for the bodies handlers read. */
export type Schemas = components["schemas"];

/** The query parameters handlers read, as the pipeline validated and coerced them. */
export interface CollectionQuery {
  page?: components["parameters"]["Page"];
  per_page?: components["parameters"]["PerPage"];
  /** The collection's query language (TQL, APQL, ...). */
  query?: string;
  next?: components["parameters"]["TransactionCursor"];
}

/** One request that passed the pipeline's checks. */
export interface OperationContext {
  request: SandboxRequest;
  route: RoutedOperation;
  params: Record<string, string>;
  query: CollectionQuery;
  body: unknown;
  client?: OAuthClient;
  /** Request id and the headers every answer of the request carries. */
  problem: ProblemContext;
}

export type Operation = (ctx: OperationContext, sandbox: MerchantState) => SandboxResponse;

/** Handlers keyed by operationId: a key that is not an operation of the spec does not compile. */
export type Operations = Partial<Record<OperationId, Operation>>;
