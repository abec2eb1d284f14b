/**
 * The gateway's operations, keyed by operationId (the keys must be operationIds of the
 * generated types): the two reads answer from the account, the transaction operations hand a
 * checked request to the transactions and answer with the outcome.
 */
import { transactionTypeByOperation } from "../../../../generated/gateway/constants";
import type { operations } from "../../../../generated/gateway/schema";
import type { SandboxResponse } from "../listener/messages";
import type { GatewayAccount } from "./auth";
import type { RequestBodyOf } from "./requests";
import type { GatewayResponses } from "./responses";
import type { Outcome } from "./records";
import type { GatewayTransactions } from "./transactions";
import { approved, statusCodeFor, type StatusCode, type TransactionType } from "./status-codes";

type OperationId = keyof operations;

/** A request that passed every check: authenticated, signed where needed, parameters and body valid. */
export interface CheckedRequest<Op extends OperationId = OperationId> {
  operationId: Op;
  account: GatewayAccount;
  /** The transaction id of the path (empty for the operations that create one from nothing). */
  id: string;
  /** The body, validated against the operation's schema by the pipeline. */
  body: RequestBodyOf<Op>;
  signed: boolean;
  /** A decline a fault rule of the control API asks for (a status code of this transaction type). */
  declineWith?: StatusCode;
}

type TransactionOperation<Op extends OperationId> = (transactions: GatewayTransactions, request: CheckedRequest<Op>) => Outcome;

/** The operations that make or change a transaction. */
const transactionOperations: { [Op in OperationId]?: TransactionOperation<Op> } = {
  createAuthorization: (t, { account, body, signed, declineWith }) => t.authorize(account, body, signed, declineWith),
  createCapture: (t, { account, id, body, declineWith }) => t.capture(account, id, body, declineWith),
  createRefund: (t, { account, id, body, declineWith }) => t.refund(account, id, body, declineWith),
  createVoid: (t, { account, id, declineWith }) => t.void(account, id, declineWith),
  createDebit: (t, { account, body, signed, declineWith }) => t.debit(account, body, signed, declineWith),
  createDebitRefund: (t, { account, id, declineWith }) => t.debitRefund(account, id, declineWith),
  createCredit: (t, { account, body, declineWith }) => t.credit(account, body, declineWith),
};

export function runTransaction(transactions: GatewayTransactions, http: GatewayResponses, request: CheckedRequest): SandboxResponse {
  // The operationId and the body belong together: the pipeline validated the body for this operation.
  const operation = transactionOperations[request.operationId] as TransactionOperation<OperationId> | undefined;
  return operation
    ? http.transaction(operation(transactions, request))
    : http.notFound(`The sandbox does not implement ${request.operationId}.`);
}

/** The transaction type each transaction operation makes (its `x-transaction-type`), by operationId. */
const transactionTypes: Readonly<Record<string, TransactionType | undefined>> = transactionTypeByOperation;

/** Why a fault rule may not make this operation decline with this code, or undefined when it may. */
export function declineRefusal(operationId: string, code: number): string | undefined {
  const type = Object.hasOwn(transactionTypes, operationId) ? transactionTypes[operationId] : undefined;
  if (type === undefined) return `${operationId} makes no gateway transaction`;
  if (code === approved) return `${code} is the approval: a fault rule makes a transaction decline`;
  return statusCodeFor(code, type) === undefined
    ? `${code} is not a status code of a ${type.replace("_", " ")} (the spec's status codes, x-returned-for)`
    : undefined;
}
