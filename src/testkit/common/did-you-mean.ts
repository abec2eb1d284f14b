/** "Did you mean" for a mistyped name, on fastest-levenshtein's edit distance. */
import { distance } from "fastest-levenshtein";

/** A near miss is at most this many edits away (case aside). */
const MAX_EDITS = 2;

/** The known name nearest to `name` when it is a near miss, else undefined. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_EDITS + 1;
  for (const candidate of known) {
    const edits = distance(name.toLowerCase(), candidate.toLowerCase());
    if (edits < bestDistance) [best, bestDistance] = [candidate, edits];
  }
  return best;
}

/** ` (did you mean "signing"?)` for a near miss, else nothing. */
export function didYouMean(name: string, known: readonly string[]): string {
  const nearest = nearestName(name, known);
  return nearest === undefined ? "" : ` (did you mean "${nearest}"?)`;
}
