/**
 * Lints every API in redocly.yaml. Redocly exits 0 on warnings; this project's bar is zero
 * problems of any severity, so warnings fail too.
 *
 * One Redocly process lints all APIs and one Spectral process runs the OWASP selection on the
 * payment APIs' roots; ESLint checks the code with type information (typescript-eslint, and the
 * ReDoS rules over src/: eslint.config.mjs) and Prettier checks its layout. They run side by
 * side (each tool's start-up is most of its cost).
 */
import { relative } from "node:path";
import { listApis, listServiceApis, projectRoot } from "./lib/apis";
import { runBinCollected } from "./lib/exec";

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
}

const redocly = (names: string[], format: "json" | "stylish") => runBinCollected("redocly", ["lint", ...names, "--format", format]);

/** The JSON reports Redocly prints one after the other, one per API in the order given. */
function jsonReports(stdout: string): LintReport[] {
  const reports: LintReport[] = [];
  let rest = stdout.slice(Math.max(0, stdout.indexOf("{")));
  while (rest.trim().startsWith("{")) {
    // Each report is a pretty-printed object whose closing brace starts a line.
    const end = rest.search(/^\}/m);
    if (end < 0) break;
    reports.push(JSON.parse(rest.slice(0, end + 1)) as LintReport);
    rest = rest.slice(end + 1);
    rest = rest.slice(Math.max(0, rest.indexOf("{")));
  }
  return reports;
}

async function redoclyLint(): Promise<boolean> {
  const names = listApis().map((api) => api.name);
  const report = await redocly(names, "json");
  let reports: LintReport[];
  try {
    reports = jsonReports(report.stdout);
  } catch {
    reports = [];
  }
  if (reports.length !== names.length) {
    process.stderr.write(report.stdout + report.stderr);
    console.error(`lint: redocly produced ${reports.length} reports for ${names.length} APIs.`);
    return false;
  }
  let ok = true;
  reports.forEach(({ totals }, i) => {
    console.log(`lint ${names[i]}: ${totals.errors} errors, ${totals.warnings} warnings.`);
    if (totals.errors + totals.warnings > 0) ok = false;
  });
  if (!ok) {
    // Show the problems with their locations, in the human-readable format.
    const readable = await redocly(names, "stylish");
    process.stdout.write(readable.stdout);
    process.stderr.write(readable.stderr);
  }
  return ok;
}

interface Finding {
  code: string;
  message: string;
  source?: string;
  range: { start: { line: number; character: number } };
}

// The OWASP API Security selection (openapi/lint/spectral-owasp.yaml), run by Spectral on each
// root. Every finding fails, whatever its severity (error, warn, info or hint).
const owaspRuleset = "openapi/lint/spectral-owasp.yaml";

async function owaspLint(): Promise<boolean> {
  // The payment APIs: the sandbox's control API is loopback-only and takes no credentials by design.
  const apis = listServiceApis();
  const result = await runBinCollected("spectral", [
    "lint",
    ...apis.map((api) => api.root),
    "--ruleset",
    owaspRuleset,
    "--format",
    "json",
    "--fail-severity",
    "hint",
    "--quiet",
  ]);
  let findings: Finding[];
  try {
    findings = JSON.parse(result.stdout.trim() || "[]") as Finding[];
  } catch {
    process.stderr.write(result.stdout + result.stderr);
    console.error("owasp: spectral produced no report.");
    return false;
  }
  // A finding belongs to the API whose folder holds the file it is in.
  const folderOf = (root: string) => relative(projectRoot, root).replace(/[^/]+$/, "");
  for (const { name, root } of apis) {
    const own = findings.filter((f) => relative(projectRoot, f.source ?? root).startsWith(folderOf(root)));
    console.log(`owasp ${name}: ${own.length} findings.`);
  }
  for (const f of findings) {
    const where = `${relative(projectRoot, f.source ?? "")}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
    console.log(`  ${where} ${f.code} ${f.message}`);
  }
  if (findings.length > 0 || result.status !== 0) {
    if (findings.length === 0) process.stderr.write(result.stderr);
    return false;
  }
  return true;
}

/** ESLint over the project's TypeScript with eslint.config.mjs; any finding fails. */
async function codeLint(): Promise<boolean> {
  const result = await runBinCollected("eslint", [".", "--max-warnings", "0"]);
  const findings = /(\d+) problems?/.exec(result.stdout)?.[1] ?? (result.status === 0 ? "0" : "?");
  console.log(`eslint: ${findings} findings.`);
  if (result.status !== 0) process.stdout.write(result.stdout + result.stderr);
  return result.status === 0;
}

/** Prettier's check of the code's layout (.prettierrc.json, .prettierignore); `npx prettier --write .` fixes it. */
async function formatLint(): Promise<boolean> {
  const result = await runBinCollected("prettier", [".", "--check", "--log-level", "warn"]);
  // Prettier names each file to format on its own `[warn]` line (on stderr).
  const files = `${result.stdout}\n${result.stderr}`
    .split("\n")
    .filter((line) => line.startsWith("[warn] ") && !line.includes("Code style issues")).length;
  console.log(`prettier: ${files} files to format.`);
  if (result.status !== 0) process.stdout.write(`${result.stdout}${result.stderr}run \`npx prettier --write .\` to format them.\n`);
  return result.status === 0;
}

async function main(): Promise<void> {
  const [redoclyOk, owaspOk, codeOk, formatOk] = await Promise.all([redoclyLint(), owaspLint(), codeLint(), formatLint()]);
  if (!redoclyOk || !owaspOk || !codeOk || !formatOk) {
    console.error(
      "lint failed: the bar is zero errors and zero warnings (Redocly), zero OWASP findings (Spectral), zero ESLint findings and no file Prettier would change.",
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
