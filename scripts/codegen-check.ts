/**
 * `npm run codegen:check [-- --write]`: the codegen compatibility matrix (scripts/lib/codegen/).
 * Prints the matrix. Without --write it fails when a generator's output or a docs example does
 * not compile, or when docs/codegen.md's matrix differs from the fresh one in anything but the
 * date line. With --write it rewrites that section of docs/codegen.md instead of comparing it
 * (and still fails when something does not compile). test/codegen.test.ts runs the same check.
 */
import { runCodegenCheck } from "./lib/codegen/check";

async function main(): Promise<void> {
  const write = process.argv.includes("--write");
  const { section, problems, seconds } = await runCodegenCheck({ write });
  console.log(section);
  if (write) console.log("codegen:check: docs/codegen.md rewritten.");
  console.log(`codegen:check: ${seconds.toFixed(1)} s.`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`codegen:check: ${problem}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
