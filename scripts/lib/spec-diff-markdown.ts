/**
 * Renders spec-diff reports as Markdown for a pull-request comment: per API a heading, a
 * summary line, a table of the breaking changes and the non-breaking ones folded away.
 */
import type { ClassifiedChange, SpecDiffReport } from "./spec-diff";

/** What was found for one API: compared at both sides, or present at only one of them. */
export type ApiDiffSection =
  | { api: string; status: "compared"; report: SpecDiffReport }
  | { api: string; status: "added" | "removed" };

/** First line of every report, so CI can find and update its own earlier comment. */
export const reportMarker = "<!-- spec-diff-report -->";

/** True when the sections hold a breaking change (a removed API is one). */
export function hasBreakingChange(sections: readonly ApiDiffSection[]): boolean {
  return sections.some((section) => section.status === "removed" || (section.status === "compared" && section.report.breaking.length > 0));
}

/** Text for a table cell: no pipes or line breaks, which would end the cell or the row. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

const code = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  const short = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return "`" + short.replace(/`/g, "'") + "`";
};

function formatValue(value: unknown): string {
  if (value === undefined) return "(none)";
  if (Array.isArray(value)) return value.length === 0 ? "(empty)" : value.map(code).join(", ");
  // A whole schema or operation says nothing useful in one cell; the Field column names it.
  if (value !== null && typeof value === "object") return "defined";
  return code(value);
}

/** "before → after"; for two long lists, only what left and what arrived. */
function describeValues(change: ClassifiedChange): string {
  if (change.kind === "added") return "added";
  if (change.kind === "removed") return change.after === undefined ? `${formatValue(change.before)} → removed` : `${formatValue(change.before)} → ${formatValue(change.after)}`;
  const { before, after } = change;
  if (Array.isArray(before) && Array.isArray(after) && before.length + after.length > 8) {
    const key = (item: unknown) => JSON.stringify(item);
    const gone = before.filter((item) => !after.map(key).includes(key(item)));
    const arrived = after.filter((item) => !before.map(key).includes(key(item)));
    const parts = [gone.length > 0 ? `removed ${gone.map(code).join(", ")}` : "", arrived.length > 0 ? `added ${arrived.map(code).join(", ")}` : ""];
    return parts.filter(Boolean).join("; ") || "reordered";
  }
  return `${formatValue(before)} → ${formatValue(after)}`;
}

/** "pattern: `^a$` → `^b$`" for a modified keyword, "added"/"removed" for a whole node. */
function describeChange(change: ClassifiedChange): string {
  const values = describeValues(change);
  return change.property === undefined ? values : `${change.property}: ${values}`;
}

function countLine(breaking: number, nonBreaking: number): string {
  const plural = (n: number, word: string) => `${n} ${word} change${n === 1 ? "" : "s"}`;
  return `${breaking > 0 ? `**${plural(breaking, "breaking")}**` : plural(0, "breaking")}, ${plural(nonBreaking, "non-breaking")}.`;
}

function renderSection(section: ApiDiffSection, baseLabel: string): string[] {
  const lines = [`### ${section.api}`, ""];
  if (section.status !== "compared") {
    const note =
      section.status === "added"
        ? `New API: not present at ${baseLabel}. Nothing to compare.`
        : `**Breaking:** the API was removed (present at ${baseLabel}, absent now).`;
    return [...lines, note, ""];
  }

  const { breaking, nonBreaking } = section.report;
  if (breaking.length + nonBreaking.length === 0) return [...lines, "No changes.", ""];
  lines.push(countLine(breaking.length, nonBreaking.length), "");
  if (breaking.length > 0) {
    lines.push("| Rule | Operation | Field | Before → after |", "|---|---|---|---|");
    for (const change of breaking) {
      const rules = change.ruleIds.map((id) => `\`${id}\``).join(", ");
      lines.push(`| ${cell(rules)} | ${cell(change.operation ?? "—")} | ${cell(change.location)} | ${cell(describeChange(change))} |`);
    }
    lines.push("");
  }
  if (nonBreaking.length > 0) {
    lines.push(`<details><summary>${nonBreaking.length} non-breaking change${nonBreaking.length === 1 ? "" : "s"}</summary>`, "");
    for (const change of nonBreaking) {
      const where = [change.operation, change.location].filter(Boolean).join(" · ");
      lines.push(`- ${change.redocly.impact}: ${where}: ${describeChange(change)}`);
    }
    lines.push("", "</details>", "");
  }
  return lines;
}

/** The whole comment: one section per API, in the order given. */
export function renderSpecDiffMarkdown(sections: readonly ApiDiffSection[], baseLabel: string, revisionLabel: string): string {
  const verdict = hasBreakingChange(sections)
    ? "**Breaking changes found.** They need a major version (see docs/versioning.md)."
    : "No breaking changes.";
  const lines = [reportMarker, `## Spec changes: ${baseLabel} → ${revisionLabel}`, "", verdict, ""];
  for (const section of sections) lines.push(...renderSection(section, baseLabel));
  return lines.join("\n").replace(/\n+$/, "\n");
}
