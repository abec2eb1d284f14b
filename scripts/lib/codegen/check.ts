/**
 * What `npm run codegen:check` decides, as a function: test/codegen.test.ts runs the same check
 * (so it runs in `npm test`) and reuses the generated code it leaves in dist/codegen/.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../apis";
import { buildMatrix, failures, renderMatrix, withoutDateLine, type Matrix } from "./matrix";

export const docPath = join(projectRoot, "docs", "codegen.md");
const begin = "<!-- codegen-matrix:begin (written by npm run codegen:check -- --write) -->";
const end = "<!-- codegen-matrix:end -->";

export interface CheckResult {
  matrix: Matrix;
  /** The fresh matrix section, as docs/codegen.md should carry it. */
  section: string;
  /** Empty when every output and example compiles and the docs matrix is current (or was rewritten). */
  problems: string[];
  seconds: number;
}

/** The matrix section that docs/codegen.md carries now. */
export function documentedSection(doc = readFileSync(docPath, "utf8")): string {
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/codegen.md has no matrix markers (${begin} ... ${end})`);
  return doc.slice(from + begin.length, to);
}

/** Generates, compiles and counts; with `write`, rewrites the docs matrix instead of comparing it. */
export async function runCodegenCheck(options: { write: boolean }): Promise<CheckResult> {
  const started = Date.now();
  const matrix = await buildMatrix();
  const section = renderMatrix(matrix, new Date().toISOString().slice(0, 10));
  const problems = failures(matrix);
  const doc = readFileSync(docPath, "utf8");
  const current = documentedSection(doc);
  if (options.write) {
    const from = doc.indexOf(begin) + begin.length;
    writeFileSync(docPath, `${doc.slice(0, from)}\n${section}\n${doc.slice(doc.indexOf(end))}`);
  } else if (withoutDateLine(current) !== withoutDateLine(section)) {
    problems.push("docs/codegen.md's matrix is stale: run `npm run codegen:check -- --write` and commit the result.");
  }
  return { matrix, section, problems, seconds: (Date.now() - started) / 1000 };
}
