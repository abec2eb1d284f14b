/**
 * `npm run check:source-coverage -- <api> <source-description.md>`: for maintainers who hold the
 * API description document a spec was written from. Lists every table row of that document
 * which docs/coverage-<api>.md does not map, and exits 1 if there is one. The repository does
 * not carry the source documents; the coverage maps are its record of them, and
 * test/seed-coverage.test.ts checks that every mapped row points at the spec.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { listServiceApis, projectRoot } from "./lib/apis";
import { unmappedSourceRows } from "./lib/markdown-tables";

const [api, sourcePath] = process.argv.slice(2);
const apis = listServiceApis().map((entry) => entry.name);
if (!api || !sourcePath || !apis.includes(api)) {
  console.error(`usage: npm run check:source-coverage -- <${apis.join("|")}> <source-description.md>`);
  process.exit(2);
}
const missing = unmappedSourceRows(
  readFileSync(resolve(sourcePath), "utf8"),
  readFileSync(join(projectRoot, "docs", `coverage-${api}.md`), "utf8"),
);
for (const row of missing) console.log(`not mapped: ${row}`);
console.log(
  missing.length === 0 ? `every table row of ${sourcePath} is mapped in docs/coverage-${api}.md` : `${missing.length} rows not mapped`,
);
process.exit(missing.length === 0 ? 0 : 1);
