/**
 * What the testkit's messages name, read from the package as packed: every string and template
 * literal of the code it runs (dist/**.js, the console's script, and the contract suite's
 * TypeScript, which vitest runs from the package). A literal that names a path of the repository
 * (docs/..., dist/..., openapi/...) or an `npm run` script names something an installed user may
 * not have: the path must be in the package, and no script is.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const PATH = /(?<![\w./@-])((?:docs|dist|src|contract-tests|generated|openapi|scripts|test)\/[\w./-]*[\w-])/g;
const SCRIPT = /\bnpm run [\w:-]+/g;

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

function literalsOf(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    // Module specifiers name files of the package by relative path, which the loader resolves.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.getText(source) === "require") return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      found.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Every literal of the package's code that names a path the package lacks, or an npm script: `file: what`. */
export function namesMissingFrom(packageDir: string): string[] {
  const code = [
    ...filesUnder(join(packageDir, "dist"), (path) => path.endsWith(".js")),
    ...filesUnder(join(packageDir, "contract-tests"), (path) => /\.m?ts$/.test(path)),
  ];
  const problems: string[] = [];
  for (const file of code) {
    for (const literal of literalsOf(file)) {
      for (const [, path] of literal.matchAll(PATH)) {
        if (!existsSync(join(packageDir, path!))) problems.push(`${relative(packageDir, file)}: ${path}`);
      }
      for (const [script] of literal.matchAll(SCRIPT)) problems.push(`${relative(packageDir, file)}: ${script}`);
    }
  }
  return [...new Set(problems)];
}
