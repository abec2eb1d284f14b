/**
 * What the gateway sandbox keeps and passes around: one record per authorization or debit
 * (its captures, refunds and voids are amounts booked on it), the state of a series, and the
 * outcome of an operation before the HTTP layer answers it.
 */
import type { components } from "../../../../generated/gateway/schema";
import type { Status, StatusCode } from "./status-codes";
import type { LazyCardKey } from "./test-cards";
import type { ThreeDSecureResult } from "./three-d-secure";

type Schemas = components["schemas"];

export type SeriesType = Schemas["SeriesType"];

/** A response body of a transaction operation: one of the spec's transaction schemas, or a decline without one. */
export type TransactionBody =
  | Schemas["Authorization"]
  | Schemas["Capture"]
  | Schemas["Refund"]
  | Schemas["Void"]
  | Schemas["Debit"]
  | Schemas["DebitRefund"]
  | Schemas["Credit"]
  | Schemas["Declined"];

/** What the HTTP layer turns into 201 (approved) or 400 (anything else). */
export interface Outcome {
  approved: boolean;
  body: TransactionBody;
}

export interface SeriesState {
  /** The id of the series' first transaction. */
  id: string;
  type: SeriesType;
  tid: string;
  /** The Mastercard link id every approved transaction of the series shares (`series.economically_related_tlid`). */
  economicallyRelatedTlid: string;
  accountId: string;
  cardKey?: string;
  latestApprovedId: string;
}

/** The series a payment starts or continues: its own state when it continues one the sandbox holds. */
export interface SeriesLink {
  first: boolean;
  type: SeriesType;
  state?: SeriesState;
}

/** What the checks of an authorization or a debit decided, before it is booked. */
export interface PaymentEvaluation {
  status: Status;
  /** The card's keyed hash, made when a rule or the store first reads it. */
  cardKey: LazyCardKey;
  series?: SeriesLink;
  /** Whether an approval stores the card credential (`credential_on_file=store`). */
  storeCredential: boolean;
  threeDS?: ThreeDSecureResult;
}

interface PaymentRecordBase {
  id: string;
  accountId: string;
  status: StatusCode;
  amount: number;
  currency: string;
  createdAt: number;
  seriesId?: string;
}

export interface AuthorizationRecord extends PaymentRecordBase {
  kind: "authorization";
  textOnStatement?: string;
  captured: number;
  refunded: number;
  lastCaptureAt?: number;
  voided: boolean;
}

export interface DebitRecord extends PaymentRecordBase {
  kind: "debit";
  refunded: boolean;
}

export type PaymentRecord = AuthorizationRecord | DebitRecord;

/** The hrefs of the links in transactions, from the spec's path templates (`links.ts`). */
export interface Links {
  captures(authorizationId: string): string;
  refunds(authorizationId: string): string;
  voids(authorizationId: string): string;
  authorization(authorizationId: string): string;
  debitRefunds(debitId: string): string;
  debit(debitId: string): string;
}
