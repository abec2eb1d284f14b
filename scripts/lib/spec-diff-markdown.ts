/**
 * Renders spec-diff reports: Markdown for a pull-request comment (per API a heading, a count
 * line, a table of the breaking changes and one of the warnings, the informational ones folded
 * away), the same data as JSON for other tools, and a changelog section for a release (the docs'
 * "What changed" page is made of those).
 */
import { stringify } from "yaml";
import { acceptanceLines, acceptanceValue, describeAcceptance, noOperation, type Acceptance, type DiffPolicy } from "./spec-diff-policy";
import { changesOf, type ClassifiedChange, type SpecDiffReport } from "./spec-diff";
import type { SourceLine } from "./spec-diff-source";
import { witnessBudget } from "./spec-diff-witness";

/** What was found for one API: compared at both sides, or present at only one of them. */
export type ApiDiffSection =
  | { api: string; status: "compared"; report: SpecDiffReport; versions?: { base: string; revision: string } }
  | { api: string; status: "added" | "removed" }
  /** The specs of one side do not bundle (a YAML error, a broken `$ref`): nothing compared, the error shown. */
  | { api: string; status: "failed"; side: "base" | "revision"; error: string; source?: SourceLine };

/** First line of every report, so CI can find and update its own earlier comment. */
export const reportMarker = "<!-- spec-diff-report -->";

const comparedSections = (sections: readonly ApiDiffSection[]) =>
  sections.flatMap((section) => (section.status === "compared" ? [section] : []));
const comparedReports = (sections: readonly ApiDiffSection[]) => comparedSections(sections).map((section) => section.report);

/** The policy entry that would accept this one change, with the reason and reviewer left to fill in. */
export function acceptanceTemplate(api: string, change: ClassifiedChange): Omit<Acceptance, "lines"> {
  return {
    api,
    rule: change.ruleIds[0] ?? "",
    operation: change.operation ?? noOperation,
    location: change.location,
    before: acceptanceValue(change.before),
    after: acceptanceValue(change.after),
    reason: "<why the break is acceptable>",
    reviewedBy: "<who reviewed it>",
    date: new Date().toISOString().slice(0, 10),
  };
}

/**
 * True when the sections hold a breaking change (a removed API is one); with
 * `{ unaccepted: true }`, only one that no reviewer accepted in the policy.
 */
export function hasBreakingChange(sections: readonly ApiDiffSection[], options: { unaccepted?: boolean } = {}): boolean {
  return (
    sections.some((section) => section.status === "removed" || section.status === "failed") ||
    comparedReports(sections).some((report) => changesOf(report, "breaking", { accepted: !options.unaccepted }).length > 0)
  );
}

/**
 * The policy's acceptances that no change in these sections used: stale (their change is released,
 * or it is no longer what the entry describes). The pull-request check fails on them.
 */
export function unusedAcceptances(sections: readonly ApiDiffSection[], policy: DiffPolicy): Acceptance[] {
  const used = new Set(
    comparedReports(sections).flatMap((report) => report.changes.flatMap((change) => (change.accepted ? [change.accepted] : []))),
  );
  return policy.accepted.filter((entry) => !used.has(entry));
}

// --- escaping ---------------------------------------------------------------------------------

/** Plain text in a list item or a cell: one line, Markdown and HTML characters taken literally. */
export function inlineText(text: string): string {
  return (
    text
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[\\`*[\]#|~]/g, (c) => `\\${c}`)
      // An underscore inside a word (order_id) cannot start emphasis; elsewhere it can.
      .replace(/_/g, (c, offset: number, whole: string) =>
        /[\p{L}\p{N}]/u.test(whole[offset - 1] ?? "") && /[\p{L}\p{N}]/u.test(whole[offset + 1] ?? "") ? c : `\\${c}`,
      )
      .replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)
  );
}

/** Text for a table cell: pipes escaped (also inside code spans, as GitHub tables want). */
const cell = (text: string) => text.replace(/(?<!\\)\|/g, "\\|");

/** A value as a one-line code span: line breaks shown as \n, backticks fenced by a longer run. */
export function code(value: unknown): string {
  let text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  if (/[\r\n]/.test(text)) text = JSON.stringify(text).slice(1, -1);
  if (text.length > 80) text = `${text.slice(0, 77)}...`;
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || text === "" ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function formatValue(value: unknown): string {
  if (value === undefined) return "(none)";
  if (Array.isArray(value)) return value.length === 0 ? "(empty)" : value.map(code).join(", ");
  // A whole schema or operation says nothing useful in one line; the field names it.
  if (value !== null && typeof value === "object") return "defined";
  return code(value);
}

/** "before → after"; for two long lists, only what left and what arrived. */
function describeValues(change: ClassifiedChange): string {
  if (change.kind === "added") return "added";
  if (change.kind === "removed")
    return change.after === undefined
      ? `${formatValue(change.before)} → removed`
      : `${formatValue(change.before)} → ${formatValue(change.after)}`;
  const { before, after } = change;
  if (Array.isArray(before) && Array.isArray(after) && before.length + after.length > 8) {
    const key = (item: unknown) => JSON.stringify(item);
    const gone = before.filter((item) => !after.map(key).includes(key(item)));
    const arrived = after.filter((item) => !before.map(key).includes(key(item)));
    const parts = [
      gone.length > 0 ? `removed ${gone.map(code).join(", ")}` : "",
      arrived.length > 0 ? `added ${arrived.map(code).join(", ")}` : "",
    ];
    return parts.filter(Boolean).join("; ") || "reordered";
  }
  return `${formatValue(before)} → ${formatValue(after)}`;
}

/** "pattern: `^a$` → `^b$`" for a modified keyword, "added"/"removed" for a whole node. */
export function describeChange(change: ClassifiedChange): string {
  const values = describeValues(change);
  return change.property === undefined ? values : `${inlineText(change.property)}: ${values}`;
}

const rulesOf = (change: ClassifiedChange) => change.ruleIds.map(code).join(", ");
const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

// --- the pull-request report ------------------------------------------------------------------

/**
 * Informational changes listed per API: a pull-request comment holds at most 65,536 characters,
 * and a large refactor must not cost the breaking table its place.
 */
export const maxListedInformational = 200;

function countLine(report: SpecDiffReport): string {
  const breaking = changesOf(report, "breaking");
  const accepted = breaking.filter((change) => change.accepted).length;
  const parts = [
    breaking.length > accepted ? `**${plural(breaking.length, "breaking change")}**` : plural(breaking.length, "breaking change"),
    ...(accepted > 0 ? [`(${accepted} accepted)`] : []),
  ];
  return `${parts.join(" ")}, ${plural(changesOf(report, "warning").length, "warning")}, ${plural(changesOf(report, "info").length, "informational change")}.`;
}

/** Places listed in one row; the JSON report has them all. */
const maxListedPlaces = 12;

/** The row's operation, or every place it reaches: one line each, with its direction and tier where they differ from the row's. */
function placesCell(change: ClassifiedChange): string {
  const places = change.places ?? [];
  if (places.length <= 1) return inlineText(change.operation ?? "—");
  const lines = places.slice(0, maxListedPlaces).map((place) => {
    const where = [place.operation, place.location === change.location ? undefined : place.location].filter(Boolean).join(" › ");
    return `${inlineText(where || "—")} (${place.side}${place.tier === change.tier ? "" : `, ${place.tier}`})`;
  });
  if (places.length > maxListedPlaces) lines.push(`… and ${places.length - maxListedPlaces} more places (JSON report)`);
  return `**${places.length} places:**<br>${lines.join("<br>")}`;
}

/** The witness of the row, or why there is none. */
function witnessCell(change: ClassifiedChange): string {
  const witness = change.witness;
  if (witness === undefined) return "—";
  if (witness === null)
    return change.tier === "breaking"
      ? `none found (${witnessBudget.candidates} candidates); the rules decide`
      : "none found: compatible by meaning";
  return `${code(witness.shown)} ${inlineText(witness.verdict)}: ${inlineText(witness.refusal)}`;
}

function table(changes: readonly ClassifiedChange[], withAcceptance: boolean): string[] {
  const header = withAcceptance
    ? "| Rule | Operation | Field | Before → after | Witness | Source | Accepted |"
    : "| Rule | Operation | Field | Before → after | Witness | Source |";
  const lines = [header, withAcceptance ? "|---|---|---|---|---|---|---|" : "|---|---|---|---|---|---|"];
  for (const change of changes) {
    const columns = [
      rulesOf(change),
      placesCell(change),
      inlineText(change.location),
      describeChange(change),
      witnessCell(change),
      sourceCell(change),
    ];
    if (withAcceptance) {
      const entry = change.accepted;
      columns.push(entry ? `${inlineText(entry.reason)} (${inlineText(entry.reviewedBy)}, ${entry.date})` : "**no**");
    }
    lines.push(`| ${columns.map(cell).join(" | ")} |`);
  }
  return [...lines, ""];
}

/** Where the change is written: the source file and line under openapi/. */
const sourceCell = (change: ClassifiedChange) => (change.source === undefined ? "—" : code(`${change.source.file}:${change.source.line}`));

function renderSection(section: ApiDiffSection, baseLabel: string): string[] {
  const lines = [`### ${inlineText(section.api)}`, ""];
  if (section.status === "failed") {
    const where = section.source === undefined ? "" : ` at ${code(`${section.source.file}:${section.source.line}`)}`;
    return [
      ...lines,
      `**Not compared:** the ${section.side === "base" ? "base's" : "revision's"} specs do not bundle${where}: ${inlineText(section.error)}`,
      "",
    ];
  }
  if (section.status !== "compared") {
    const note =
      section.status === "added"
        ? `New API: not present at ${baseLabel}. Nothing to compare.`
        : `**Breaking:** the API was removed (present at ${baseLabel}, absent now).`;
    return [...lines, note, ""];
  }

  const { report } = section;
  if (report.changes.length === 0) return [...lines, "No changes.", ""];
  lines.push(countLine(report), "");
  const breaking = changesOf(report, "breaking");
  if (breaking.length > 0) lines.push("#### Breaking", "", ...table(breaking, true));
  const warnings = changesOf(report, "warning");
  if (warnings.length > 0) lines.push("#### Warnings: a reviewer decides", "", ...table(warnings, false));
  const info = changesOf(report, "info");
  if (info.length > 0) {
    lines.push(`<details><summary>${plural(info.length, "informational change")}</summary>`, "");
    for (const change of info.slice(0, maxListedInformational)) {
      const where = [change.operation, change.location]
        .filter((part) => part !== undefined)
        .map((part) => inlineText(part))
        .join(" · ");
      lines.push(`- ${where}: ${describeChange(change)}`);
    }
    if (info.length > maxListedInformational)
      lines.push(`- … and ${info.length - maxListedInformational} more, listed in the JSON report (\`--json\`).`);
    lines.push("", "</details>", "");
  }
  return lines;
}

function verdictLine(sections: readonly ApiDiffSection[]): string {
  if (sections.some((section) => section.status === "failed"))
    return "**The specs could not be compared:** an API's specs do not bundle (the error and its source line are below). Fix them and push again.";
  if (hasBreakingChange(sections, { unaccepted: true })) {
    return "**Breaking changes found.** They need a major version, and this check fails until a reviewer accepts each one in `openapi/diff-policy.yaml` (see docs/versioning.md).";
  }
  if (hasBreakingChange(sections))
    return "**Breaking changes, each accepted by a reviewer** in `openapi/diff-policy.yaml`. They still need a major version.";
  const warnings = comparedReports(sections).reduce((sum, report) => sum + changesOf(report, "warning").length, 0);
  return warnings > 0
    ? `No breaking changes; ${plural(warnings, "warning needs", "warnings need")} a reviewer's eye.`
    : "No breaking changes.";
}

/** The whole comment: one section per API, in the order given. */
export function renderSpecDiffMarkdown(
  sections: readonly ApiDiffSection[],
  baseLabel: string,
  revisionLabel: string,
  options: { unused?: readonly Acceptance[]; policyError?: string } = {},
): string {
  const lines = [reportMarker, `## Spec changes: ${baseLabel} → ${revisionLabel}`, "", verdictLine(sections), ""];
  if (options.policyError !== undefined)
    lines.push(
      "### Policy file",
      "",
      `**Not read:** ${inlineText(options.policyError)}. The changes below are shown without any acceptance, and the check fails until the file is mended.`,
      "",
    );
  for (const section of sections) lines.push(...renderSection(section, baseLabel));
  const unused = options.unused ?? [];
  if (unused.length > 0) {
    lines.push(
      "### Stale acceptances",
      "",
      "These entries of `openapi/diff-policy.yaml` match no change between the two revisions (their change is released, or is no longer the one they describe). The pull-request check fails until they are deleted:",
      "",
    );
    for (const entry of unused)
      lines.push(
        `- ${inlineText(describeAcceptance(entry))}: delete ${code(acceptanceLines(entry))} (${inlineText(entry.reviewedBy)}, ${entry.date})`,
      );
    lines.push("");
  }
  const unaccepted = comparedSections(sections).flatMap(({ api, report }) =>
    changesOf(report, "breaking", { accepted: false }).map((change) => acceptanceTemplate(api, change)),
  );
  if (unaccepted.length > 0) {
    lines.push(
      "<details><summary>To accept these breaks: entries for <code>openapi/diff-policy.yaml</code></summary>",
      "",
      "Each entry accepts exactly one change; fill in the reason and the reviewer.",
      "",
      "```yaml",
      stringify({ accepted: unaccepted }, { lineWidth: 0 }).trimEnd(),
      "```",
      "",
      "</details>",
      "",
    );
  }
  return lines.join("\n").replace(/\n+$/, "\n");
}

// --- annotations ---------------------------------------------------------------------------------

/** Text for a GitHub workflow command: its own escapes for %, line breaks, and (in properties) : and ,. */
const workflowText = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const workflowProperty = (text: string) => workflowText(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * GitHub workflow commands (`::error file=...,line=...::message`) that put each breaking change
 * no reviewer accepted, each warning and each spec that does not bundle on the source line it
 * concerns, so that the pull request's Files tab shows it on the changed line.
 */
export function renderWorkflowAnnotations(sections: readonly ApiDiffSection[]): string {
  const lines: string[] = [];
  const annotate = (level: "error" | "warning", source: SourceLine, title: string, message: string) =>
    lines.push(
      `::${level} file=${workflowProperty(source.file)},line=${source.line},title=${workflowProperty(title)}::${workflowText(message)}`,
    );
  for (const section of sections) {
    if (section.status === "failed" && section.source !== undefined)
      annotate("error", section.source, `${section.api}: specs do not bundle`, section.error);
    if (section.status !== "compared") continue;
    for (const change of section.report.changes) {
      if (change.source === undefined || change.tier === "info" || change.accepted !== undefined) continue;
      const places = change.places !== undefined && change.places.length > 1 ? ` (${change.places.length} places)` : "";
      const witness = change.witness ? `; for example ${change.witness.shown}` : "";
      annotate(
        change.tier === "breaking" ? "error" : "warning",
        change.source,
        `${section.api}: ${change.ruleIds.join(", ")}`,
        `${change.operation ?? ""} ${change.location}${places}: ${change.property ?? change.kind}${witness}`.trim(),
      );
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

// --- JSON ---------------------------------------------------------------------------------------

/** The report for other tools: version 1 of this project's own format (docs/versioning.md). */
export function renderSpecDiffJson(
  sections: readonly ApiDiffSection[],
  baseLabel: string,
  revisionLabel: string,
  options: { unused?: readonly Acceptance[] } = {},
): string {
  const verdict = hasBreakingChange(sections, { unaccepted: true })
    ? "breaking"
    : hasBreakingChange(sections)
      ? "breaking-accepted"
      : comparedReports(sections).some((report) => changesOf(report, "warning").length > 0)
        ? "warning"
        : "compatible";
  const json = {
    reportVersion: 1,
    base: baseLabel,
    revision: revisionLabel,
    verdict,
    apis: sections.map((section) =>
      section.status === "failed"
        ? { api: section.api, status: section.status, side: section.side, error: section.error, source: section.source ?? null }
        : section.status !== "compared"
          ? { api: section.api, status: section.status }
          : {
              api: section.api,
              status: section.status,
              ...(section.versions ? { versions: section.versions } : {}),
              changes: section.report.changes.map((change) => ({
                tier: change.tier,
                rules: change.ruleIds,
                ...(change.accepted ? { accepted: change.accepted } : {}),
                ...(change.tier === "breaking" && !change.accepted ? { acceptWith: acceptanceTemplate(section.api, change) } : {}),
                operation: change.operation ?? null,
                location: change.location,
                side: change.side,
                kind: change.kind,
                property: change.property ?? null,
                pointer: change.pointer,
                before: change.before ?? null,
                after: change.after ?? null,
                witness: change.witness ?? null,
                source: change.source ?? null,
                places: (change.places ?? []).map((place) => ({ ...place, witness: place.witness ?? null })),
              })),
            },
    ),
    unusedAcceptances: options.unused ?? [],
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

// --- the changelog ------------------------------------------------------------------------------

/** Keywords that change only what people read, not what a client or its generated code sees. */
const documentationKeywords = new Set(["description", "summary", "title", "example", "examples", "externalDocs", "tags"]);
const isDocumentationOnly = (change: ClassifiedChange) =>
  change.tier === "info" &&
  change.property !== undefined &&
  (documentationKeywords.has(change.property) || change.property.startsWith("x-"));

function changelogItem(change: ClassifiedChange): string {
  const where = [change.operation === undefined ? undefined : `**${inlineText(change.operation)}**`, inlineText(change.location)]
    .filter(Boolean)
    .join(" ");
  const rules = change.ruleIds.length > 0 ? ` (${rulesOf(change)}${change.accepted ? `; ${inlineText(change.accepted.reason)}` : ""})` : "";
  return `- ${where}: ${describeChange(change)}${rules}`;
}

/**
 * One release's section for a changelog: per API its spec version and the changes, grouped as
 * integrators need them (breaking, needs attention, other), documentation-only changes counted.
 */
export function renderChangelogSection(heading: string, sections: readonly ApiDiffSection[]): string {
  const lines = [`## ${heading}`, ""];
  for (const section of sections) {
    if (section.status !== "compared") {
      const note =
        section.status === "added"
          ? "New API."
          : section.status === "removed"
            ? "**Breaking:** the API was removed."
            : `Not compared: ${inlineText("error" in section ? section.error : "")}`;
      lines.push(`### ${inlineText(section.api)}`, "", note, "");
      continue;
    }
    const versions = section.versions;
    const versionText =
      versions === undefined ? "" : versions.base === versions.revision ? versions.revision : `${versions.base} → ${versions.revision}`;
    lines.push(`### ${inlineText(`${section.api} ${versionText}`)}`, "");
    const { report } = section;
    if (report.changes.length === 0) {
      lines.push("No changes to the spec.", "");
      continue;
    }
    const groups: [string, ClassifiedChange[]][] = [
      ["Breaking", changesOf(report, "breaking")],
      ["Needs attention", changesOf(report, "warning")],
      ["Other changes", changesOf(report, "info").filter((change) => !isDocumentationOnly(change))],
    ];
    for (const [title, changes] of groups) {
      if (changes.length > 0) lines.push(`#### ${title}`, "", ...changes.map(changelogItem), "");
    }
    const documentation = report.changes.filter(isDocumentationOnly).length;
    if (documentation > 0)
      lines.push(`${plural(documentation, "documentation change")} (descriptions, summaries, examples, \`x-\` notes).`, "");
  }
  return lines.join("\n");
}
