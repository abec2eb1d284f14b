/** Retention: what the bounds of `gateway.retention` and `merchant.retention` mean to a store. */


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
