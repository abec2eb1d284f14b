/**
 * How much of what the spec determines the model predicts: for the answers the sequences got
 * (each operation and documented status), how many of the places the determination inventory
 * (./determinations.ts) marks determined were compared with a prediction (common/coverage.ts
 * notes them). A container (an object or array the inventory lists member by member) counts as
 * predicted when a place inside it was.
 */
import { apiSpec, type ApiName } from "../support/spec";
import { placesOf } from "./answer-places";
import { comparedPlaces } from "./common/coverage";
import { classify, type ClassifiedPlace } from "./determinations";

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

export interface Coverage {
  /** Determined places of the answers got. */
  determined: number;
  /** Of those, the ones compared with a prediction. */
  predicted: number;
}

/** The coverage of the answers an API's sequences got in this process. */
export function coverageOf(api: ApiName): Coverage {
  const result: Coverage = { determined: 0, predicted: 0 };
  for (const [id, seen] of comparedPlaces()) {
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
