/**
 * One TypeScript compiler host for every check of a run: the files under node_modules (the
 * standard library's .d.ts, @types/node, the generators' runtime types) are parsed once and
 * shared by every program, as an editor's language service shares them. Only the code being
 * checked is read afresh. Nothing under node_modules changes while a check runs.
 */
import { dirname } from "node:path";
import ts from "typescript";

const parsed = new Map<string, ts.SourceFile>();
const sep = "\u0000";

function cacheKey(fileName: string, version: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  if (typeof version !== "object") return `${fileName}${sep}${version}`;
  return `${fileName}${sep}${version.languageVersion}${sep}${version.impliedNodeFormat ?? ""}`;
}

/** A compiler host for `options` that takes what is under node_modules from the shared cache. */
export function sharedCompilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, onError, shouldCreate) => {
    if (!fileName.includes("/node_modules/")) return read(fileName, version, onError, shouldCreate);
    const key = cacheKey(fileName, version);
    let file = parsed.get(key);
    if (!file) {
      file = read(fileName, version, onError, shouldCreate);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  return host;
}

/**
 * `tsc -p <tsconfig> --outDir <outDir>` in this process, on the shared host: type-checks and
 * emits, and throws with tsc's report (paths relative to the tsconfig's folder) on any error.
 */
export function emitProject(tsconfigPath: string, outDir: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    { outDir },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`${tsconfigPath}: not a readable tsconfig`);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host: sharedCompilerHost(config.options),
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: config.errors,
  });
  const emitted = program.emit();
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length > 0) throw new Error(diagnosticsReport(diagnostics, dirname(tsconfigPath)));
}

/** tsc's report without colours (`file(line,col): error TSnnnn: message`), paths relative to `folder`. */
export function diagnosticsReport(diagnostics: readonly ts.Diagnostic[], folder: string): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => folder,
    getNewLine: () => "\n",
  });
}
