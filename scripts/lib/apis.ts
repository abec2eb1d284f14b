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
 * `root` is the directory holding redocly.yaml: this project by default, or another checkout
 * of it (the spec diff reads the APIs of a past commit from its own redocly.yaml).
 */
export function listApis(root: string = projectRoot): ApiEntry[] {
  const config = parse(readFileSync(join(root, "redocly.yaml"), "utf8")) as {
    apis?: Record<string, { root: string }>;
  };
  return Object.entries(config.apis ?? {}).map(([name, api]) => ({
    name,
    root: resolve(root, api.root),
  }));
}

/**
 * The sandbox's own control API (openapi/sandbox-control/): built, linted, bundled and documented
 * like the payment APIs, but no service of the acquirer, so it has no source description, no
 * seeds, no Prism mock, no OWASP review (loopback only, no credentials by design) and no place in
 * the toolkit's client package.
 */
export const CONTROL_API = "sandbox-control";

/** The payment APIs of redocly.yaml: the gateway and the merchant API. */
export function listServiceApis(root: string = projectRoot): ApiEntry[] {
  return listApis(root).filter((api) => api.name !== CONTROL_API);
}
