/**
 * The one place that knows `redocly diff`'s report format. Its authors mark the command
 * experimental, so the parts this tool reads (report version 1 of the pinned @redocly/cli) are
 * checked against a schema on every run: a changed format stops the diff with one line naming
 * what changed, instead of quietly classifying nothing. test/spec-diff.test.ts also holds the
 * raw report for a fixture pair to a committed copy, so an upgrade shows its differences there.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { runBin } from "./exec";

/** The report version this adapter reads; another one is refused. */
export const redoclyReportVersion = "1";

export interface RedoclyDiffLocation {
  pointer: string;
  value?: unknown;
}
export interface RedoclyDiffChange {
  path: string;
  typeName: string;
  kind: "added" | "removed" | "modified";
  impact: "major" | "minor" | "patch";
  property?: string;
  verdicts: { ruleId: string; message: string }[];
  base?: RedoclyDiffLocation;
  revision?: RedoclyDiffLocation;
}
export interface RedoclyDiffReport {
  reportVersion: string;
  changes: RedoclyDiffChange[];
}

const location = {
  type: "object",
  required: ["pointer"],
  properties: { pointer: { type: "string", pattern: "^#" } },
};

/** What this tool relies on; other fields may come and go without harm. */
const reportSchema = {
  type: "object",
  required: ["reportVersion", "changes"],
  properties: {
    reportVersion: { const: redoclyReportVersion },
    changes: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "typeName", "kind", "impact", "verdicts"],
        properties: {
          path: { type: "string", pattern: "^#" },
          typeName: { type: "string" },
          kind: { enum: ["added", "removed", "modified"] },
          impact: { enum: ["major", "minor", "patch"] },
          property: { type: "string" },
          verdicts: {
            type: "array",
            items: {
              type: "object",
              required: ["ruleId", "message"],
              properties: { ruleId: { type: "string" }, message: { type: "string" } },
            },
          },
          base: location,
          revision: location,
        },
      },
    },
  },
};

const validateReport = new Ajv2020({ allErrors: false, strict: false }).compile<RedoclyDiffReport>(reportSchema);

/** The report, or an error naming the first place where it is not what this adapter reads. */
export function checkRedoclyReport(report: unknown): RedoclyDiffReport {
  if (validateReport(report)) return report;
  const [error] = validateReport.errors ?? [];
  const where = error?.instancePath === "" ? "the report" : `${error?.instancePath ?? "the report"}`;
  throw new Error(
    `redocly diff's report format changed (${where} ${error?.message ?? "is not valid"}): spec-diff reads report version ${redoclyReportVersion} ` +
      "of the pinned @redocly/cli; update scripts/lib/spec-diff-redocly.ts and the recorded report in test/fixtures/spec-diff before upgrading.",
  );
}

/** Runs `redocly diff` on two files with a throw-away config (diff needs `extends: [diff-recommended]`). */
export function runRedoclyDiff(basePath: string, revisionPath: string): RedoclyDiffReport {
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-"));
  try {
    const configPath = join(workDir, "redocly.yaml");
    writeFileSync(configPath, "extends:\n  - diff-recommended\n");
    const reportPath = join(workDir, "diff.json");
    // --fail-on none: the verdict is this tool's, not redocly's. --output keeps the JSON clear
    // of whatever the CLI prints (its Node 20 deprecation box, progress lines).
    runBin(
      "redocly",
      [
        "diff",
        basePath,
        revisionPath,
        "--config",
        configPath,
        "--lint-config",
        "off",
        "--format",
        "json",
        "--fail-on",
        "none",
        "--output",
        reportPath,
      ],
      { quiet: true },
    );
    return checkRedoclyReport(JSON.parse(readFileSync(reportPath, "utf8")) as unknown);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
