/**
 * The gateway's transaction operations, keyed by operationId: each hands a checked request to
 * the transaction store and answers with its outcome.
 */
import type { SandboxResponse } from "../http";
import type { GatewayAccount } from "./auth";
import type { GatewayResponses } from "./responses";
import type { TransactionStore } from "./transactions";

/** A request that passed every check: authenticated, signed where needed, parameters and body valid. */
export interface CheckedTransaction {
  operationId: string;
  account: GatewayAccount;
  /** The transaction id of the path (empty for the operations that create one from nothing). */
  id: string;
  body: Record<string, unknown> | undefined;
  signed: boolean;
}

export function runTransaction(store: TransactionStore, http: GatewayResponses, { operationId, account, id, body, signed }: CheckedTransaction): SandboxResponse {
  switch (operationId) {
    case "createAuthorization":
      return http.transaction(store.authorize(account, body!, signed));
    case "createCapture":
      return http.transaction(store.capture(account, id, body));
    case "createRefund":
      return http.transaction(store.refund(account, id, body));
    case "createVoid":
      return http.transaction(store.void(account, id));
    case "createDebit":
      return http.transaction(store.debit(account, body!, signed));
    case "createDebitRefund":
      return http.transaction(store.debitRefund(account, id));
    case "createCredit":
      return http.transaction(store.credit(account, body!));
    default:
      return http.notFound();
  }
}
