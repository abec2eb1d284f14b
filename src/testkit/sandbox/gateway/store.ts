/**
 * The gateway sandbox's state: authorization and debit records, series, stored credentials and
 * merchant blocks (40420), keyed by account so another merchant's transactions do not exist for
 * an account.
 *
 * The store is bounded (`gateway.retention.maxTransactions`): an authorization or debit is one
 * record, its captures, refunds and voids are amounts booked on it, so evicting a record takes
 * everything that hangs off it and can never leave half a transaction behind. The oldest
 * finished records go first (`idsToEvict`); an evicted id is unknown.
 *
 * Each merchant account holds at most its share of the bound (`shareOf`: the configured accounts
 * share it, the isolated accounts share as much again), and a full account makes room among its
 * own records only: one merchant's traffic never evicts another's transactions.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { components } from "../../../../generated/gateway/schema";
import type { SandboxClock } from "../cross-api/clock";
import { noFaults, type Faults } from "../cross-api/faults";
import { idsToEvict, KeysPerAccount, shareOf } from "../cross-api/retention";
import type { GatewayAccount } from "./auth";
import type { FollowUpRules } from "./follow-up-rules";
import type { PaymentEvaluation, PaymentRecord, SeriesState } from "./records";
import { approved, codes } from "./status-codes";

export type SeriesResult = components["schemas"]["SeriesResult"];

/** A series trace id: 15 digits, as the schemes' are. */
function newTid(): string {
  return String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));
}

/** A Mastercard transaction link id: 22 characters of `[A-Za-z0-9_-]`, as the public series example shows. */
function newTlid(): string {
  return randomBytes(17).toString("base64url").slice(0, 22);
}

export class TransactionStore {
  private readonly records = new Map<string, PaymentRecord>();
  /** The same records by account, in creation order: where a full account makes room. */
  private readonly recordsByAccount = new Map<string, Map<string, PaymentRecord>>();
  /** Records one account may hold (its share of the bound). */
  private readonly shareOf: (accountId: string) => number;
  private readonly series = new Map<string, SeriesState>();
  /** Cards with a stored credential (`credential_on_file=store`, approved), per account, within the account's share. */
  readonly storedCredentials: KeysPerAccount;
  /** Cards whose cardholder blocked the account (40420), per account, within the account's share. */
  private readonly blocks: KeysPerAccount;
  /** Approved captures booked, for the concurrency test and the benchmark's sanity check. */
  approvedCaptures = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly rules: FollowUpRules,
    maxTransactions: number,
    /** The merchant accounts configured at start (any other is an isolated account). */
    configured: ReadonlySet<string>,
    private readonly faults: Faults = noFaults,
  ) {
    this.shareOf = (accountId) => shareOf(maxTransactions, configured, accountId);
    this.storedCredentials = new KeysPerAccount(this.shareOf);
    this.blocks = new KeysPerAccount(this.shareOf);
  }

  /** Authorizations and debits held (for the retention tests and the benchmark). */
  get size(): number {
    return this.records.size;
  }

  /** A record of this account by id and kind; another merchant's records do not exist for it. */
  find<K extends PaymentRecord["kind"]>(account: GatewayAccount, id: string, kind: K): Extract<PaymentRecord, { kind: K }> | undefined {
    const record = this.records.get(id.toLowerCase());
    if (!record || record.kind !== kind) return undefined;
    if (record.accountId !== account.id && !this.faults.has("other-merchants-transactions-visible")) return undefined;
    return record as Extract<PaymentRecord, { kind: K }>;
  }

  /**
   * The series a payment may continue from `previousId`: only when that id is this account's
   * latest approved transaction of a series the sandbox holds.
   */
  continuableSeries(account: GatewayAccount, previousId: string): SeriesState | undefined {
    const previous = this.records.get(previousId.toLowerCase());
    const state = previous?.seriesId === undefined ? undefined : this.series.get(previous.seriesId);
    if (!previous || previous.accountId !== account.id || previous.status !== approved || state?.latestApprovedId !== previous.id)
      return undefined;
    return state;
  }

  /** Whether the cardholder has blocked merchant-initiated transactions of this account on the card (40420). */
  isBlocked(account: GatewayAccount, cardKey: string): boolean {
    return this.blocks.has(account.id, cardKey) && !this.faults.has("merchant-block-forgotten");
  }

  hasStoredCredential(account: GatewayAccount, cardKey: string): boolean {
    return this.storedCredentials.has(account.id, cardKey);
  }

  /** Books a merchant block when a transaction on the card ended with 40420. */
  noteBlock(account: GatewayAccount, cardKey: string | undefined, code: number): void {
    if (code === codes["merchant-blocked-by-cardholder"] && cardKey) this.blocks.add(account.id, cardKey);
  }

  /** Stores an evaluated authorization or debit with its effects (credentials, series, blocks); returns the series of its answer. */
  add(account: GatewayAccount, record: PaymentRecord, evaluation: PaymentEvaluation): SeriesResult | undefined {
    const series = this.bookSeries(account, record.id, evaluation);
    if (evaluation.series) record.seriesId = evaluation.series.first ? record.id : evaluation.series.state?.id;
    // After booking: a series continued by this record no longer depends on its previous one.
    this.makeRoom(account.id);
    this.records.set(record.id, record);
    let own = this.recordsByAccount.get(account.id);
    if (!own) this.recordsByAccount.set(account.id, (own = new Map<string, PaymentRecord>()));
    own.set(record.id, record);
    return series;
  }

  private bookSeries(
    account: GatewayAccount,
    id: string,
    { status, cardKey, series, storeCredential }: PaymentEvaluation,
  ): SeriesResult | undefined {
    // The card's hash is made only where the store keeps it (a block, a stored credential, a series).
    if (status.code === codes["merchant-blocked-by-cardholder"]) this.noteBlock(account, cardKey.value(), status.code);
    if (status.code !== approved) return series ? { type: series.type } : undefined;
    const key = storeCredential || series?.first ? cardKey.value() : undefined;
    if (storeCredential && key) this.storedCredentials.add(account.id, key);
    if (!series) return undefined;
    if (series.first) {
      const state: SeriesState = {
        id,
        type: series.type,
        tid: newTid(),
        economicallyRelatedTlid: newTlid(),
        accountId: account.id,
        cardKey: key,
        latestApprovedId: id,
      };
      this.series.set(id, state);
      // As the public series example answers a first-in-series: its tid, its own link id and the series' economically related one.
      return { type: state.type, tid: state.tid, tlid: newTlid(), economically_related_tlid: state.economicallyRelatedTlid };
    }
    if (!series.state) return { type: series.type };
    series.state.latestApprovedId = id;
    return { type: series.type, tlid: newTlid(), economically_related_tlid: series.state.economicallyRelatedTlid };
  }

  /** Room for one more record of `accountId`, within the account's share. */
  private makeRoom(accountId: string): void {
    const now = this.clock.now();
    // A record that is the latest approved one of its series is never finished: the series continues from it.
    const finished = () => (record: PaymentRecord) => !this.continuesSeries(record) && this.rules.isFinished(record, now);
    const own = this.recordsByAccount.get(accountId);
    if (own) for (const id of idsToEvict(own, this.shareOf(accountId), finished)) this.evict(id);
  }

  /** Forgets everything of an account (an isolated account let go). */
  forget(accountId: string): void {
    for (const id of [...(this.recordsByAccount.get(accountId)?.keys() ?? [])]) this.evict(id);
    this.recordsByAccount.delete(accountId);
    this.storedCredentials.forget(accountId);
    this.blocks.forget(accountId);
  }

  private evict(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    this.recordsByAccount.get(record.accountId)?.delete(id);
    // A series lives while its latest approved transaction does: nothing else can continue it.
    if (this.continuesSeries(record)) this.series.delete(record.seriesId!);
  }

  private continuesSeries(record: PaymentRecord): boolean {
    return record.seriesId !== undefined && this.series.get(record.seriesId)?.latestApprovedId === record.id;
  }

  /** The records of one account (of all when undefined), oldest first: the control API's state view reads them, never changes them. */
  recordsOf(accountId?: string): IterableIterator<Readonly<PaymentRecord>> {
    return accountId === undefined
      ? this.records.values()
      : (this.recordsByAccount.get(accountId)?.values() ?? new Map<string, PaymentRecord>().values());
  }

  /** Remaining (uncaptured) amount of an authorization, for tests and the docs' examples. */
  remaining(authorizationId: string): number | undefined {
    const record = this.records.get(authorizationId.toLowerCase());
    return record?.kind === "authorization" ? record.amount - record.captured : undefined;
  }
}
