/** Retention: what the bounds of `gateway.retention` and `merchant.retention` mean to a store. */

/** Isolated accounts held at once (the control API's createAccount). */
export const MAX_ISOLATED_ACCOUNTS = 100;

/**
 * A merchant's share of a bound. The merchants configured at start share the bound equally; any
 * other merchant is an isolated account, and the isolated accounts share a bound of the same size
 * of their own, in MAX_ISOLATED_ACCOUNTS equal parts. A store evicts only within a merchant's
 * share, never across merchants: one merchant's traffic never evicts another's records, and a
 * store holds at most the bound for the configured merchants and the bound again for the isolated
 * accounts (at least one record each).
 */
export function shareOf(bound: number, configured: ReadonlySet<string>, merchant: string): number {
  const holders = configured.has(merchant) ? configured.size : MAX_ISOLATED_ACCOUNTS;
  return Math.max(1, Math.floor(bound / Math.max(1, holders)));
}

/**
 * The ids a bounded store evicts before it adds one record, so that it never holds more than
 * `max`: finished records (nothing can change them any more) first, oldest first, and only when
 * there are not enough of those the oldest others. Map insertion order is creation order. A full
 * store frees 1% of its bound at once, so the scan is paid once per many insertions.
 * `finished` builds the predicate when it is needed (it may index the store first).
 */
export function idsToEvict<T>(records: ReadonlyMap<string, T>, max: number, finished: () => (record: T) => boolean): string[] {
  if (records.size < max) return [];
  const count = records.size - max + Math.max(1, Math.floor(max / 100));
  const isFinished = finished();
  const chosen = new Set<string>();
  for (const [id, record] of records) {
    if (chosen.size >= count) break;
    if (isFinished(record)) chosen.add(id);
  }
  for (const id of records.keys()) {
    if (chosen.size >= count) break;
    chosen.add(id);
  }
  return [...chosen];
}

/**
 * Keys remembered per account (a stored credential, a cardholder's block, each per card), at most
 * the account's share for each account: adding past it forgets that account's least recently added
 * key, so that no client can grow the set without bound, nor push out another account's keys.
 */
export class KeysPerAccount {
  private readonly keys = new Map<string, Set<string>>();

  constructor(private readonly shareOf: (accountId: string) => number) {}

  add(accountId: string, key: string): void {
    let own = this.keys.get(accountId);
    if (!own) this.keys.set(accountId, (own = new Set()));
    own.delete(key); // added again: now the most recent
    own.add(key);
    if (own.size > this.shareOf(accountId)) own.delete(own.values().next().value!);
  }

  has(accountId: string, key: string): boolean {
    return this.keys.get(accountId)?.has(key) ?? false;
  }

  /** Forgets an account's keys (an isolated account let go). */
  forget(accountId: string): void {
    this.keys.delete(accountId);
  }

  /** Keys held for one account. */
  count(accountId: string): number {
    return this.keys.get(accountId)?.size ?? 0;
  }
}
