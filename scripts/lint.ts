/**
 * Lints every API in redocly.yaml. Redocly exits 0 on warnings; this project's bar is zero
 * problems of any severity, so warnings fail too.
 */
import { spawnSync } from "node:child_process";
import { relative } from "node:path";
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
// The OWASP API Security selection (openapi/lint/spectral-owasp.yaml), run by Spectral on each
// root. Every finding fails, whatever its severity (error, warn, info or hint).
const owaspRuleset = "openapi/lint/spectral-owasp.yaml";
for (const { name, root } of listApis()) {
  const result = spawnSync(
    bin("spectral"),
    ["lint", root, "--ruleset", owaspRuleset, "--format", "json", "--fail-severity", "hint", "--quiet"],
    { cwd: projectRoot, env: toolEnv, encoding: "utf8" },
  );
  let findings: { code: string; message: string; source?: string; range: { start: { line: number; character: number } } }[];
  try {
    findings = JSON.parse(result.stdout.trim() || "[]");
  } catch {
    process.stderr.write(result.stdout + result.stderr);
    console.error(`owasp ${name}: spectral produced no report.`);
    failed = true;
    continue;
  }
  console.log(`owasp ${name}: ${findings.length} findings.`);
  for (const f of findings) {
    const where = `${relative(projectRoot, f.source ?? root)}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
    console.log(`  ${where} ${f.code} ${f.message}`);
  }
  if (findings.length > 0 || (result.status !== 0 && findings.length === 0)) {
    if (findings.length === 0) process.stderr.write(result.stderr);
    failed = true;
  }
}
if (failed) {
  console.error("lint failed: the bar is zero errors and zero warnings (Redocly) and zero OWASP findings (Spectral).");
  process.exit(1);
}
