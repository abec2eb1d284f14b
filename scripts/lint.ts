/**
 * Lints every API in redocly.yaml. Redocly exits 0 on warnings; this project's bar is zero
 * problems of any severity, so warnings fail too.
 */
import { spawnSync } from "node:child_process";
import { projectRoot } from "./lib/apis";
import { bin, toolEnv } from "./lib/exec";

interface LintTotals {
  totals: { errors: number; warnings: number; ignored: number };
}

function lint(args: string[]) {
  return spawnSync(bin("redocly"), ["lint", ...args], { cwd: projectRoot, env: toolEnv, encoding: "utf8" });
}

const report = lint(["--format", "json"]);
const jsonStart = report.stdout.indexOf("{");
if (jsonStart < 0) {
  process.stderr.write(report.stdout + report.stderr);
  console.error("redocly lint produced no report.");
  process.exit(1);
}
const { totals } = JSON.parse(report.stdout.slice(jsonStart)) as LintTotals;

if (totals.errors + totals.warnings > 0) {
  // Re-run with the human-readable format so the problems are shown with their locations.
  const readable = lint(["--format", "stylish"]);
  process.stdout.write(readable.stdout);
  process.stderr.write(readable.stderr);
  console.error(`lint: ${totals.errors} errors, ${totals.warnings} warnings (the bar is zero of each).`);
  process.exit(1);
}
console.log("lint: 0 errors, 0 warnings.");
