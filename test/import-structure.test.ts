/**
 * The merchant sandbox in layers (docs/architecture.md): records/ (what the API stores and its
 * rules), http/ (their HTTP shapes), handlers/ (the operations, keyed by operationId), and the
 * wiring at the folder's top (the pipeline, app.ts). Its import graph, read with the TypeScript
 * compiler, has no circle and no import from a lower layer to a higher one; and neither src/testkit
 * nor contract-tests has an import circle.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MERCHANT = resolve(__dirname, "../src/testkit/sandbox/merchant");

/** The layers from the ground up: a folder of the merchant sandbox each, and the files at its top above them all. */
const LAYERS = ["records", "http", "handlers"] as const;
const WIRING = LAYERS.length;

type ImportGraph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The module names a file imports: import and export declarations (type-only ones too), `import()` calls and types. */
function moduleNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      names.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0])
      names.push(ts.isStringLiteral(node.arguments[0]) ? node.arguments[0].text : "<computed>");
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      names.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Who imports whom among the files under `dir` (paths relative to it); imports of anything else are left out. */
function importGraph(dir: string, computedImports: ReadonlySet<string> = new Set()): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(dir)) {
    const imported = new Set<string>();
    for (const name of moduleNames(file)) {
      if (name === "<computed>" && computedImports.has(relative(dir, file))) continue;
      if (name === "<computed>")
        throw new Error(`${relative(dir, file)} imports a module named by an expression: the graph cannot be read`);
      if (!name.startsWith(".")) continue;
      const target = [".ts", "/index.ts"].map((ending) => resolve(dirname(file), name) + ending).find((path) => existsSync(path));
      if (target !== undefined && !relative(dir, target).startsWith("..")) imported.add(relative(dir, target));
    }
    graph.set(relative(dir, file), imported);
  }
  return graph;
}

/** The files that import each other in a circle, one sorted list per circle (Tarjan's strongly connected components). */
function circles(graph: ImportGraph): string[][] {
  const found: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** A file's layer: its folder's place in LAYERS, or WIRING for a file at the top; undefined for a folder that is no layer. */
function layerOf(file: string): number | undefined {
  const parts = file.split(/[\\/]/);
  if (parts.length === 1) return WIRING;
  const layer = LAYERS.indexOf(parts[0] as (typeof LAYERS)[number]);
  return layer === -1 ? undefined : layer;
}

/** `importer -> imported` for every import from a lower layer to a higher one. */
function upwardImports(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, imported]) =>
    [...imported].filter((to) => layerOf(to)! > layerOf(file)!).map((to) => `${file} -> ${to}`),
  );
}

describe("the merchant sandbox's layers", () => {
  const graph = importGraph(MERCHANT);

  it("are read from the folder's own imports", () => {
    // A graph read wrongly (no edges, a moved folder) would pass the checks below for nothing.
    expect(graph.get("app.ts")).toContain("pipeline.ts");
    expect(graph.get("pipeline.ts")).toContain("handlers/operation.ts");
    expect([...graph.values()].reduce((edges, imported) => edges + imported.size, 0)).toBeGreaterThan(graph.size);
  });

  it("hold every file: a folder is one of the layers, a file at the top is wiring", () => {
    expect([...graph.keys()].filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it("import each other in no circle", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("import only downward", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("keep the records free of HTTP: no record imports the listener", () => {
    const listener = resolve(MERCHANT, "../listener") + sep;
    const records = [...graph.keys()].filter((file) => layerOf(file) === 0);
    const fromListener = records.flatMap((file) =>
      moduleNames(join(MERCHANT, file))
        .filter((name) => name.startsWith(".") && resolve(dirname(join(MERCHANT, file)), name).startsWith(listener))
        .map((name) => `${file} -> ${name}`),
    );
    expect(records.length).toBeGreaterThan(0);
    expect(fromListener).toEqual([]);
  });

  it("are checked by checks that see a circle and an upward import", () => {
    const dir = mkdtempSync(join(tmpdir(), "merchant-layers-"));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      write("records/store.ts", 'import type { Answer } from "../http/answer";\nexport type Stored = Answer;\n');
      write("http/answer.ts", 'import type { Stored } from "../records/store";\nexport type Answer = { stored?: Stored };\n');
      write("app.ts", 'export * from "./http/answer";\n');
      const broken = importGraph(dir);
      expect(circles(broken)).toEqual([["http/answer.ts", "records/store.ts"]]);
      expect(upwardImports(broken)).toEqual(["records/store.ts -> http/answer.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every pair of folders whose files import each other (a folder's own files only, not its subfolders'), as `a <-> b`. */
function foldersImportingEachOther(graph: ImportGraph): string[] {
  const folderEdges = new Set<string>();
  for (const [file, imported] of graph)
    for (const to of imported) if (dirname(file) !== dirname(to)) folderEdges.add(`${dirname(file)}\u0000${dirname(to)}`);
  return [...folderEdges]
    .map((edge) => edge.split("\u0000") as [string, string])
    .filter(([from, to]) => from < to && folderEdges.has(`${to}\u0000${from}`))
    .map(([from, to]) => `${from} <-> ${to}`)
    .sort();
}

describe("the testkit's and the contract suite's imports", () => {
  const TESTKIT = resolve(__dirname, "../src/testkit");
  const SUITE = resolve(__dirname, "../contract-tests");
  const testkit = importGraph(TESTKIT);
  // The mutants' lane loads a scenario file by its path, a fresh copy per mutant: a file it runs, not a module it depends on.
  const suite = importGraph(SUITE, new Set(["mutants/lane.ts"]));

  it("are read from the folders' own imports", () => {
    expect(testkit.get("sandbox/server.ts")).toContain("sandbox/listener/http.ts");
    expect(testkit.size).toBeGreaterThan(100);
    expect(suite.get("targets/preflight.ts")).toContain("support/http.ts");
  });

  // The listener is handed its handler and its control routes (listener/messages.ts); a part that
  // imports the listener back would tie every API, the control plane and the console into one knot.
  it("form no circle anywhere in src/testkit", () => {
    expect(circles(testkit)).toEqual([]);
  });

  it("form no circle anywhere in contract-tests", () => {
    expect(circles(suite)).toEqual([]);
  });

  // Folders show the concerns and their layers: two folders that import each other are one concern
  // cut in two, or a lower layer that reaches up (the listener into the control plane, the APIs
  // into the control plane's record). A folder and its subfolder count as two.
  it("have no two folders of src/testkit importing each other", () => {
    expect(foldersImportingEachOther(testkit)).toEqual([]);
  });

  it("have no two folders of contract-tests importing each other", () => {
    expect(foldersImportingEachOther(suite)).toEqual([]);
  });

  it("are checked by a check that sees two folders importing each other", () => {
    const graph: ImportGraph = new Map([
      ["listener/http.ts", new Set(["control/faults.ts"])],
      ["control/faults.ts", new Set(["listener/messages.ts"])],
      ["listener/messages.ts", new Set<string>()],
      ["control/api/plane.ts", new Set(["control/faults.ts"])],
    ]);
    expect(foldersImportingEachOther(graph)).toEqual(["control <-> listener"]);
  });
});
