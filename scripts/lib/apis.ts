import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";

/** Project root: scripts/lib/ sits two levels below it. */
export const projectRoot = resolve(__dirname, "..", "..");

export interface ApiEntry {
  /** The name under `apis:` in redocly.yaml (gateway, merchant). */
  name: string;
  /** Absolute path of the hand-written root document. */
  root: string;
}

/**
 * The APIs this project builds, read from redocly.yaml so that adding an API there
 * is all it takes for lint, bundle, types, docs and the tests to pick it up.
 */
export function listApis(): ApiEntry[] {
  const config = parse(readFileSync(join(projectRoot, "redocly.yaml"), "utf8")) as {
    apis?: Record<string, { root: string }>;
  };
  return Object.entries(config.apis ?? {}).map(([name, api]) => ({
    name,
    root: resolve(projectRoot, api.root),
  }));
}
