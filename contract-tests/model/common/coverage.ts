/**
 * How much of what the spec determines the model predicts: for the answers the sequences got
 * (each operation and documented status), how many of the places the determination inventory
 * (../determinations.ts) marks determined were compared with a prediction. A container (an
 * object or array the inventory lists member by member) counts as predicted when a place inside
 * it was; array items are compared at their index (`_embedded.ch:people.0.name` is the
 * inventory's `_embedded.ch:people[].name`).
 */
import { apiSpec, type ApiName } from "../../support/spec";
import { placesOf } from "../answer-places";
import { classify, type ClassifiedPlace } from "../determinations";
import type { Place } from "./prediction";

/** `<operationId> <documented status>` of each answer compared, with the places compared in it. */
const compared = new Map<string, Set<string>>();
/** Each operation's places, classified (only the operations answered: the whole inventory takes a while). */
const inventories = new Map<string, ClassifiedPlace[]>();

function inventoryOf(api: ApiName, operationId: string): ClassifiedPlace[] {
  const id = `${api} ${operationId}`;
  let places = inventories.get(id);
  if (!places) {
    const spec = apiSpec(api);
    inventories.set(id, (places = classify(spec, undefined, undefined, placesOf(spec, spec.operation(operationId)))));
  }
  return places;
}

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

export interface Coverage {
  /** Determined places of the answers got. */
  determined: number;
  /** Of those, the ones compared with a prediction. */
  predicted: number;
}

/** The coverage of the answers an API's sequences got in this process. */
export function coverageOf(api: ApiName): Coverage {
  const result: Coverage = { determined: 0, predicted: 0 };
  for (const [id, seen] of compared) {
    const [name, operationId, key] = id.split(" ");
    if (name !== api || operationId === undefined) continue;
    for (const place of inventoryOf(api, operationId)) {
      if (place.status !== key || !place.determination?.determined) continue;
      const written = place.in === "header" ? `header ${place.path.toLowerCase()}` : `body ${place.path}`;
      result.determined++;
      if ([...seen].some((c) => c === written || c.startsWith(`${written}.`) || c.startsWith(`${written}[]`))) result.predicted++;
    }
  }
  return result;
}
