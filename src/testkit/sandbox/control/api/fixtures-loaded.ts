/**
 * Which fixtures were built in a state (the control API's listFixtures; a reset makes a new state):
 * names and kinds only, never an account's credentials. Bounded: the newest 20 loads, 1,000 names
 * each.
 */
import type { components } from "../../../../../generated/sandbox-control/schema";
import type { FixtureResult } from "../fixtures";

type Loaded = components["schemas"]["FixtureList"]["items"][number];

const MAX_LOADS = 20;
const MAX_NAMES = 1_000;

export class FixturesLoaded {
  private readonly loads: Loaded[] = [];

  /** Notes a built fixture. */
  note(source: string, result: FixtureResult): void {
    const entities = Object.entries(result.ids)
      .slice(0, MAX_NAMES)
      .map(([name, entity]) => ({ name, kind: entity.kind }));
    this.loads.push({ source, loaded_at: new Date().toISOString(), entities });
    if (this.loads.length > MAX_LOADS) this.loads.shift();
  }

  list(): Loaded[] {
    return [...this.loads];
  }
}
