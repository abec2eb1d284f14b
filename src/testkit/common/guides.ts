/**
 * The guides the testkit's messages point to. The package ships them in its docs/ folder
 * (scripts/pack.ts), so an installed user has every guide a message names; a message names a
 * guide by the path it has where the command runs: `docs/sandbox.md` in a clone of the
 * repository, `node_modules/payment-apis-testkit/docs/sandbox.md` in a project that installed it.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";

/** Every guide the package ships (docs/<name>), and so every one a message may name. */
export const shippedGuides = ["sandbox.md", "contract-tests.md", "contract-rules.md"] as const;
export type Guide = (typeof shippedGuides)[number];

/** The docs/ folder above `from`: this checkout's, or the installed package's. */
function guidesDir(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "docs", shippedGuides[0]))) return join(dir, "docs");
    if (dirname(dir) === dir) throw new Error(`cannot find docs/${shippedGuides[0]} above ${from}`);
  }
}

/** `path` as a user opens it from the working directory: relative when it is below it, else absolute. */
export function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === "" || shown.startsWith("..") || isAbsolute(shown) ? path : shown;
}

/** Where a guide is, for a message: `docs/sandbox.md`, or `node_modules/payment-apis-testkit/docs/sandbox.md`. */
export function guidePath(guide: Guide): string {
  return shownPath(join(guidesDir(), guide));
}
