/**
 * The places of the answers the sequences got that were compared with a prediction, by operation
 * and documented status (../coverage.ts sets them against the determination inventory). Array
 * items are noted as the inventory writes them: `_embedded.ch:people.0.name` is
 * `_embedded.ch:people[].name`.
 */
import { apiSpec, type ApiName } from "../../support/spec";
import type { Place } from "./prediction";

/** `<api> <operationId> <documented status>` of each answer compared, with the places compared in it. */
const compared = new Map<string, Set<string>>();

/** The inventory's way of writing a compared place: `body <path>` with items as `[]`, `header <lower-case name>`. */
function normalized(place: Place): string | undefined {
  if (place.startsWith("header ")) return place.toLowerCase();
  if (!place.startsWith("body ")) return undefined;
  return place.replace(/\.(\d+)(?=\.|$)/g, "[]");
}

/** Notes the places compared in one answer of an operation. */
export function noteCompared(api: ApiName, operationId: string | undefined, status: number, places: readonly Place[]): void {
  if (operationId === undefined) return;
  const spec = apiSpec(api);
  const key = spec.documentedResponse(spec.operation(operationId), status)?.key;
  if (key === undefined) return;
  const id = `${api} ${operationId} ${key}`;
  let seen = compared.get(id);
  if (!seen) compared.set(id, (seen = new Set()));
  for (const place of places) {
    const written = normalized(place);
    if (written !== undefined) seen.add(written);
  }
}

/** What noteCompared noted in this process. */
export function comparedPlaces(): ReadonlyMap<string, ReadonlySet<string>> {
  return compared;
}
