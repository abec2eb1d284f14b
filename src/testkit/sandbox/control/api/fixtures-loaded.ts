/**
 * Which fixtures were built since the last reset (the control API's listFixtures): names and
 * kinds only, never an account's credentials. Bounded: the newest 20 loads, 1,000 names each.
 */
import type { components } from "../../../../../generated/sandbox-control/schema";
import type { FixtureResult } from "../fixtures";

type Loaded = components["schemas"]["FixtureList"]["items"][number];

const MAX_LOADS = 20;
const MAX_NAMES = 1_000;

export class FixturesLoaded {
  private readonly loads: Loaded[] = [];

  /** Notes a built fixture; returns when it was noted. */
  note(source: string, result: FixtureResult): string {
    const loadedAt = new Date().toISOString();
    const entities = Object.entries(result.ids)
      .slice(0, MAX_NAMES)
      .map(([name, entity]) => ({ name, kind: entity.kind }));
    this.loads.push({ source, loaded_at: loadedAt, entities });
    if (this.loads.length > MAX_LOADS) this.loads.shift();
    return loadedAt;
  }

  list(): Loaded[] {
    return [...this.loads];
  }

  clear(): void {
    this.loads.length = 0;
  }
}
