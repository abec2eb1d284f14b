/**
 * The files the compiled testkit reads beside its own code (the seed keys, the console's page,
 * script and style sheet): every file under src/testkit that tsc does not
 * compile. One copy step for every place the testkit is compiled to: the package (scripts/pack.ts)
 * and the local serving copy of `npm start` and the benchmarks (./sandbox-process.ts).
 */
import { cpSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./apis";

const testkitSources = join(projectRoot, "src", "testkit");

/** Whether tsc compiles the file (its output is the JavaScript beside which the assets go). */
const compiled = (path: string) => /\.[cm]?ts$/.test(path);

/**
 * Copies every asset of src/testkit into `<compiledRoot>/src/testkit`, where the compiled code
 * looks for it. `overwrite: false` only adds the missing ones (a copy another process may be
 * reading stays as it is).
 */
export function copyTestkitAssets(compiledRoot: string, options: { overwrite: boolean } = { overwrite: true }): void {
  cpSync(testkitSources, join(compiledRoot, "src", "testkit"), {
    recursive: true,
    force: options.overwrite,
    filter: (source) => !compiled(source),
  });
}
