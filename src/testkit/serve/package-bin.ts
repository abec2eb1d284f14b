/** The command-line entry of an installed package, found the way Node finds the package (a checkout or an install). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";

export function packageBin(packageName: string, binName: string): string {
  const manifestPath = createRequire(__filename).resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> };
  const entry = typeof bin === "string" ? bin : bin?.[binName];
  if (!entry) throw new Error(`${packageName} has no "${binName}" command`);
  return resolve(dirname(manifestPath), entry);
}
