/**
 * `npm run codegen:check [-- --write]`: the codegen compatibility matrix (scripts/lib/codegen/).
 * Prints the matrix. Without --write it fails when a generator's output or a docs example does
 * not compile, or when docs/codegen.md's matrix differs from the fresh one in anything but the
 * date line. With --write it rewrites that section of docs/codegen.md instead of comparing it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./lib/apis";
import { buildMatrix, failures, renderMatrix, withoutDateLine } from "./lib/codegen/matrix";

const docPath = join(projectRoot, "docs", "codegen.md");
const begin = "<!-- codegen-matrix:begin (written by npm run codegen:check -- --write) -->";
const end = "<!-- codegen-matrix:end -->";

async function main(): Promise<void> {
  const write = process.argv.includes("--write");
  const started = Date.now();
  const matrix = await buildMatrix();
  const section = renderMatrix(matrix, new Date().toISOString().slice(0, 10));
  console.log(section);
  const problems = failures(matrix);

  const doc = readFileSync(docPath, "utf8");
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/codegen.md has no matrix markers (${begin} ... ${end})`);
  const current = doc.slice(from + begin.length, to);
  if (write) {
    writeFileSync(docPath, `${doc.slice(0, from + begin.length)}\n${section}\n${doc.slice(to)}`);
    console.log("codegen:check: docs/codegen.md rewritten.");
  } else if (withoutDateLine(current) !== withoutDateLine(section)) {
    problems.push("docs/codegen.md's matrix is stale: run `npm run codegen:check -- --write` and commit the result.");
  }
  console.log(`codegen:check: ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`codegen:check: ${problem}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
