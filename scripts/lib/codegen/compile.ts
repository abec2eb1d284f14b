/**
 * Strict type-checks of generated code and of the docs examples that use it, with a tsconfig
 * written next to the code (the project's tsconfig.json cannot include dist/, and must not depend
 * on generated output to pass; `tsc -p` on that file repeats a check by hand). The checks run in
 * this process on one shared compiler host, so the standard library is parsed once per run.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { projectRoot } from "../apis";
import { diagnosticsReport, sharedCompilerHost } from "../typescript-host";

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

/** Type-checks `include` (globs relative to `dir`) as `tsc -p` would with the tsconfig written into `dir`. */
export function typeCheck(dir: string, include: string[], extra: { paths?: Record<string, string[]> } = {}): Promise<CompileResult> {
  const tsconfigPath = join(dir, "tsconfig.codegen-check.json");
  const compilerOptions = {
    ...strictCompilerOptions,
    typeRoots: [join(projectRoot, "node_modules", "@types")],
    ...(extra.paths ? { baseUrl: projectRoot, paths: extra.paths } : {}),
  };
  const tsconfig = { compilerOptions, include };
  writeFileSync(tsconfigPath, JSON.stringify(tsconfig, null, 2));
  const config = ts.parseJsonConfigFileContent(tsconfig, ts.sys, dir, undefined, tsconfigPath);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host: sharedCompilerHost(config.options),
    configFileParsingDiagnostics: config.errors,
  });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  // tsc --pretty false's format: `file(line,col): error TSnnnn: message`, paths relative to the project.
  const report = diagnostics.length > 0 ? diagnosticsReport(diagnostics, projectRoot) : "";
  const counts = new Map<string, number>();
  for (const match of report.matchAll(/error (TS\d+):/g)) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  const errorSummary = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${count} × ${code}`)
    .join(", ");
  return Promise.resolve({
    compiles: diagnostics.length === 0,
    errorSummary,
    report: report ? `${relative(projectRoot, dir)}:\n${report}` : "",
  });
}

/** Where compileExamples writes: the project's layout below it, so relative imports still hold. */
export const examplesBuildDir = join(projectRoot, "dist", "codegen", "run");

/**
 * Compiles the docs examples (and what they import: the generated clients, the toolkit source)
 * to CommonJS under `examplesBuildDir`, so that a test can run them as users would. The package
 * name `payment-apis-toolkit` is pointed at the source, as tsconfig.json's `paths` does for tsc:
 * in the emitted files it becomes a relative require of the compiled source.
 * Resolves with the compiled file of each entry, by entry path; rejects on any type error.
 */
export function compileExamples(entries: string[]): Record<string, string> {
  const paths = { "payment-apis-toolkit": ["src/toolkit/index.ts"], "payment-apis-toolkit/*": ["src/toolkit/*.ts"] };
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    {
      ...strictCompilerOptions,
      noEmit: false,
      outDir: examplesBuildDir,
      rootDir: projectRoot,
      baseUrl: projectRoot,
      paths,
      resolveJsonModule: true,
      typeRoots: [join(projectRoot, "node_modules", "@types")],
    },
    projectRoot,
  );
  if (errors.length > 0) throw new Error(diagnosticsReport(errors, projectRoot));
  rmSync(examplesBuildDir, { recursive: true, force: true });
  const program = ts.createProgram(entries, options, sharedCompilerHost(options));
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) throw new Error(diagnosticsReport(diagnostics, projectRoot));
  const toolkit = (from: string, name: string) => {
    const target = join(examplesBuildDir, "src", "toolkit", `${name || "index"}.js`);
    const path = relative(dirname(from), target);
    return path.startsWith(".") ? path : `./${path}`;
  };
  program.emit(undefined, (fileName, text) => {
    mkdirSync(dirname(fileName), { recursive: true });
    writeFileSync(
      fileName,
      text.replace(
        /require\("payment-apis-toolkit(?:\/(gateway|merchant))?"\)/g,
        (_, name: string | undefined) => `require(${JSON.stringify(toolkit(fileName, name ?? ""))})`,
      ),
    );
  });
  return Object.fromEntries(
    entries.map((entry) => [
      entry,
      join(examplesBuildDir, relative(projectRoot, entry))
        .replace(/\.cts$/, ".cjs")
        .replace(/\.ts$/, ".js"),
    ]),
  );
}
