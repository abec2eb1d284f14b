/**
 * Strict type-checks of generated code and of the docs examples that use it, with tsc in its own
 * process and a tsconfig written next to the code (the project's tsconfig.json cannot include
 * dist/, and must not depend on generated output to pass).
 */
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { projectRoot } from "../apis";
import { bin } from "../exec";
import { run } from "./generators";

/** The project's own strictness (tsconfig.json), applied to code it did not write. */
export const strictCompilerOptions = {
  target: "ES2022",
  module: "commonjs",
  moduleResolution: "node10",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: ["node"],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
};

export interface CompileResult {
  compiles: boolean;
  /** Error counts by code, e.g. `9 × TS1351`, ordered by code: stable across runs and machines. */
  errorSummary: string;
  /** tsc's own report, with paths relative to the project root. */
  report: string;
}

/** Type-checks `include` (globs relative to `dir`) with a tsconfig written into `dir`. */
export async function typeCheck(dir: string, include: string[], extra: { paths?: Record<string, string[]> } = {}): Promise<CompileResult> {
  const tsconfigPath = join(dir, "tsconfig.codegen-check.json");
  const compilerOptions = { ...strictCompilerOptions, typeRoots: [join(projectRoot, "node_modules", "@types")], ...(extra.paths ? { baseUrl: projectRoot, paths: extra.paths } : {}) };
  writeFileSync(tsconfigPath, JSON.stringify({ compilerOptions, include }, null, 2));
  let report = "";
  let compiles = true;
  try {
    await run(bin("tsc"), ["-p", tsconfigPath, "--pretty", "false"]);
  } catch (error) {
    compiles = false;
    report = (error as Error).message.split(projectRoot + "/").join("");
  }
  const counts = new Map<string, number>();
  for (const match of report.matchAll(/error (TS\d+):/g)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  const errorSummary = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([code, count]) => `${count} × ${code}`).join(", ");
  return { compiles, errorSummary, report: report ? `${relative(projectRoot, dir)}:\n${report}` : "" };
}
