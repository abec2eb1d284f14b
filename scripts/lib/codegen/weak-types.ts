/**
 * Counts `any` and `unknown` in the request and response types each generator wrote for every
 * operation of a spec. A probe file names, per operation, the request type (parameters and
 * body) and the body type of each response the spec documents with content (a response without
 * a body is left out: generators type it `unknown`, `void` or `never` by taste, not by loss).
 * The checker then walks the resolved types (an intersection as its merged members): each `any`/`unknown` reached counts once, every
 * type object is entered once per operation, and types the generator did not write (lib types
 * such as Headers) are not entered, only their type arguments (`Record<string, unknown>` counts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { sharedCompilerHost } from "../typescript-host";
import { isHttpMethod } from "../../../src/testkit/openapi-model/document";
import { strictCompilerOptions } from "./compile";
import type { Generator } from "./generators";

interface SpecOperation {
  operationId: string;
  /** Status codes whose response has a body in the spec. */
  codesWithBody: string[];
}

export function operationsOf(specFile: string): SpecOperation[] {
  const spec = JSON.parse(readFileSync(specFile, "utf8")) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { $ref?: string; content?: unknown }> }>>;
    components?: { responses?: Record<string, { content?: unknown }> };
  };
  const operations: SpecOperation[] = [];
  for (const item of Object.values(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!isHttpMethod(method) || !operation.operationId) continue;
      const codesWithBody = Object.entries(operation.responses ?? {})
        .filter(
          ([, response]) =>
            (response.$ref ? spec.components?.responses?.[response.$ref.split("/").pop()!] : response)?.content !== undefined,
        )
        .map(([code]) => code);
      operations.push({ operationId: operation.operationId, codesWithBody });
    }
  }
  return operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const key = (code: string) => (/^\d+$/.test(code) ? code : JSON.stringify(code));

/** Type expressions, per operation, of what this generator wrote for it. */
function probesFor(generator: Generator["id"], operation: SpecOperation, typesSource: string): string[] {
  const { operationId: id, codesWithBody } = operation;
  switch (generator) {
    case "openapi-typescript":
      return [
        `T.operations["${id}"]["parameters"]`,
        `T.operations["${id}"]["requestBody"]`,
        ...codesWithBody.map((code) => `T.operations["${id}"]["responses"][${key(code)}]["content"]`),
      ];
    case "hey-api": {
      const at = (alias: string, code: string) => (typesSource.includes(`export type ${alias} =`) ? [`At<T.${alias}, ${key(code)}>`] : []);
      return [
        `T.${pascal(id)}Data`,
        ...codesWithBody.flatMap((code) => [...at(`${pascal(id)}Responses`, code), ...at(`${pascal(id)}Errors`, code)]),
      ];
    }
    case "orval": {
      const alias = (code: string) => `${id}Response${code.toLowerCase()}`;
      const responses = codesWithBody
        .filter((code) => typesSource.includes(`export type ${alias(code)} =`))
        .map((code) => `T.${alias(code)}["data"]`);
      return [`Parameters<typeof T.${id}>`, ...responses];
    }
  }
}

export interface WeakTypeCount {
  total: number;
  /** Per operation id, only those with any weak type. */
  byOperation: Record<string, number>;
  /** Operations of the spec the generator wrote nothing for (orval skips OPTIONS): not probed. */
  missing: string[];
}

/** Whether the generator wrote this operation at all (a probe of a missing name would read as `any`). */
function generated(generator: Generator["id"], operationId: string, typesSource: string): boolean {
  switch (generator) {
    case "openapi-typescript":
      return new RegExp(`^\\s+"?${operationId}"?: \\{`, "m").test(typesSource);
    case "hey-api":
      return typesSource.includes(`export type ${pascal(operationId)}Data =`);
    case "orval":
      return typesSource.includes(`export const ${operationId} =`);
  }
}

export function countWeakTypes(generator: Generator, outDir: string, specFile: string): WeakTypeCount {
  const typesPath = join(outDir, generator.typesFile);
  const typesSource = readFileSync(typesPath, "utf8");
  const all = operationsOf(specFile);
  const operations = all.filter((operation) => generated(generator.id, operation.operationId, typesSource));
  const missing = all.filter((operation) => !operations.includes(operation)).map((operation) => operation.operationId);
  const module = "./" + generator.typesFile.replace(/\.ts$/, "");
  const lines = [
    `import * as T from "${module}";`,
    "type At<R, K> = K extends keyof R ? R[K] : never;",
    ...operations.map((operation, index) => `export type Probe${index} = [${probesFor(generator.id, operation, typesSource).join(", ")}];`),
  ];
  const probePath = join(outDir, "weak-types.probe.ts");
  writeFileSync(probePath, lines.join("\n") + "\n");

  const { options } = ts.convertCompilerOptionsFromJson(strictCompilerOptions, outDir);
  const program = ts.createProgram([probePath], options, sharedCompilerHost(options));
  const checker = program.getTypeChecker();
  const probeFile = program.getSourceFile(probePath)!;
  const written = (fileName: string) => fileName.startsWith(outDir + "/") && !fileName.includes("/node_modules/");

  const aliases = probeFile.statements.filter(ts.isTypeAliasDeclaration).filter((alias) => alias.name.text.startsWith("Probe"));
  const byOperation: Record<string, number> = {};
  let total = 0;
  aliases.forEach((alias, index) => {
    const count = weakIn(checker.getTypeAtLocation(alias.name), checker, written, new Set());
    if (count > 0) byOperation[operations[index]!.operationId] = count;
    total += count;
  });
  return { total, byOperation, missing };
}

function weakIn(
  type: ts.Type,
  checker: ts.TypeChecker,
  written: (file: string) => boolean,
  seen: Set<ts.Type>,
  trail: string[] = [],
): number {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
    if (process.env.WEAK_TYPES_DEBUG) console.log("weak:", trail.join("."));
    return 1;
  }
  if (seen.has(type)) return 0;
  seen.add(type);
  const walk = (types: readonly ts.Type[] | undefined) =>
    (types ?? []).reduce((sum, t, i) => sum + weakIn(t, checker, written, seen, [...trail, `#${i}`]), 0);
  if (type.isUnion()) return walk(type.types);
  // An intersection is read as its merged members: `{ card: unknown } & { card?: Card }` (how
  // some generators spell "required") is a Card, no weaker.
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return 0;
  if (checker.isArrayType(type) || checker.isTupleType(type)) return walk(checker.getTypeArguments(type as ts.TypeReference));
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declarations = symbol?.getDeclarations() ?? [];
  if (declarations.length > 0 && !declarations.some((d) => written(d.getSourceFile().fileName))) {
    // Not the generator's own type (Headers, RequestInit, Record): only what it passed in.
    const args =
      type.aliasTypeArguments ??
      ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference ? checker.getTypeArguments(type as ts.TypeReference) : []);
    return walk(args);
  }
  let sum = 0;
  for (const property of type.getProperties())
    sum += weakIn(checker.getTypeOfSymbol(property), checker, written, seen, [...trail, property.name]);
  for (const info of checker.getIndexInfosOfType(type)) sum += weakIn(info.type, checker, written, seen, [...trail, "[key]"]);
  return sum;
}
