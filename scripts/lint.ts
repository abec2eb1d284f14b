/**
 * Lints every API in redocly.yaml. Redocly exits 0 on warnings; this project's bar is zero
 * problems of any severity, so warnings fail too.
 */
import { spawnSync } from "node:child_process";
import { listApis, projectRoot } from "./lib/apis";
import { bin, toolEnv } from "./lib/exec";

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
}

function lint(api: string, format: "json" | "stylish") {
  return spawnSync(bin("redocly"), ["lint", api, "--format", format], { cwd: projectRoot, env: toolEnv, encoding: "utf8" });
}

let failed = false;
for (const { name } of listApis()) {
  const report = lint(name, "json");
  const jsonStart = report.stdout.indexOf("{");
  if (jsonStart < 0) {
    process.stderr.write(report.stdout + report.stderr);
    console.error(`lint ${name}: redocly produced no report.`);
    failed = true;
    continue;
  }
  const { totals } = JSON.parse(report.stdout.slice(jsonStart)) as LintReport;
  console.log(`lint ${name}: ${totals.errors} errors, ${totals.warnings} warnings.`);
  if (totals.errors + totals.warnings > 0) {
    // Show the problems with their locations, in the human-readable format.
    const readable = lint(name, "stylish");
    process.stdout.write(readable.stdout);
    process.stderr.write(readable.stderr.replace(/^.*[║╔╚].*$\n?/gm, ""));
    failed = true;
  }
}
if (failed) {
  console.error("lint failed: the bar is zero errors and zero warnings.");
  process.exit(1);
}
