/**
 * Where benchmark figures go: always to the terminal, and into their own section of
 * docs/benchmarks.md (between `<!-- <name>:start -->` and `<!-- <name>:end -->`) only when the
 * script is run with `--write`, so that measuring never dirties the work tree by surprise.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./apis";

export function recordBenchmark(section: string, lines: string[], argv: string[] = process.argv): void {
  console.log(`\n${lines.join("\n")}`);
  if (!argv.includes("--write")) {
    console.log(`\n(not written: run with -- --write to record these figures in docs/benchmarks.md)`);
    return;
  }
  const file = join(projectRoot, "docs", "benchmarks.md");
  const start = `<!-- ${section}:start -->`;
  const end = `<!-- ${section}:end -->`;
  // Read just before writing, and replace only this section: other benchmarks own the rest.
  const text = readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/benchmarks.md lacks the ${start} ... ${end} markers`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${lines.join("\n")}\n${text.slice(to)}`);
  console.log(`written to ${file}`);
}
