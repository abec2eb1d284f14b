/**
 * Undo for one synchronous step on the state (a fixture's build): what every object reachable from
 * the state holds (own properties; the entries of Maps, Sets and arrays) is recorded before the
 * step, and written back into the same objects if it fails. Sound because the step is synchronous:
 * nothing else runs between the record and the write-back, so putting back what was there undoes
 * the step and only the step, whatever it touched (records made, evicted or moved on, rate-limit
 * windows spent, isolated accounts added or forgotten). Frozen objects (the specs' models) cannot
 * change and are skipped; state held only in closures (a listing's cursors, the answers' caches) is
 * not reached and keeps what the step left, none of it a record a client can list or use.
 */

type Contents = { map: [unknown, unknown][] } | { set: unknown[] } | { array: unknown[] } | { own: Record<string, unknown> };

/** Records what is reachable from `root`; the function returned writes it all back. */
export function recordForUndo(root: object): () => void {
  const recorded = new Map<object, Contents>();
  const pending: unknown[] = [root];
  const reach = (value: unknown) => {
    if (typeof value === "object" && value !== null && !recorded.has(value)) pending.push(value);
  };
  while (pending.length > 0) {
    const value = pending.pop() as object;
    if (recorded.has(value) || Object.isFrozen(value) || ArrayBuffer.isView(value) || value instanceof Date) continue;
    let contents: Contents;
    if (value instanceof Map) {
      contents = { map: [...(value as Map<unknown, unknown>)] };
      for (const [key, entry] of contents.map) {
        reach(key);
        reach(entry);
      }
    } else if (value instanceof Set) {
      contents = { set: [...(value as Set<unknown>)] };
      contents.set.forEach(reach);
    } else if (Array.isArray(value)) {
      contents = { array: [...(value as unknown[])] };
      contents.array.forEach(reach);
    } else {
      contents = { own: { ...value } };
      for (const key in contents.own) reach(contents.own[key]);
    }
    recorded.set(value, contents);
  }
  return () => {
    for (const [value, contents] of recorded) writeBack(value, contents);
  };
}

function writeBack(value: object, contents: Contents): void {
  if ("map" in contents) {
    const map = value as Map<unknown, unknown>;
    map.clear();
    for (const [key, entry] of contents.map) map.set(key, entry);
  } else if ("set" in contents) {
    const set = value as Set<unknown>;
    set.clear();
    for (const entry of contents.set) set.add(entry);
  } else if ("array" in contents) {
    const array = value as unknown[];
    array.length = 0;
    for (const entry of contents.array) array.push(entry);
  } else {
    const object = value as Record<string, unknown>;
    const { own } = contents;
    for (const key of Object.keys(object)) if (!Object.hasOwn(own, key)) delete object[key];
    // Only what changed is written: a property never written since it was made (read-only) stays untouched.
    for (const key in own) if (object[key] !== own[key]) object[key] = own[key];
  }
}
