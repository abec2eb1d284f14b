/**
 * `npm run contract:rules`: the spec's rules (contract-tests/rules/inventory.ts), the scenarios
 * that prove each one (the `rules` the suite's tests declare), and the waived ones
 * (contract-tests/rules/waivers.ts), written to docs/contract-rules.md.
 *
 *   npm run contract:rules              write docs/contract-rules.md
 *   npm run contract:rules -- --check   write nothing; fail on an unproven, unwaived rule, a
 *                                       declared id the inventory lacks, a stale waiver, or a
 *                                       committed page that differs from what would be written
 *                                       (a step of `npm run test:contract`)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { collectTests, type CollectedTest } from "../contract-tests/rules/collect";
import { ruleInventory, wildcard, type SpecRule } from "../contract-tests/rules/inventory";
import { waivers, type Waiver } from "../contract-tests/rules/waivers";
import { determinationReport, type DeterminationReport } from "../contract-tests/model/determinations";

const root = resolve(__dirname, "..");
const docFile = join(root, "docs", "contract-rules.md");

export interface RuleStatus {
  rule: SpecRule;
  provenBy: CollectedTest[];
  waiver?: Waiver;
}

export function assess(tests: CollectedTest[]): { statuses: RuleStatus[]; unknown: Array<{ id: string; test: string }>; stale: Waiver[] } {
  const inventory = ruleInventory();
  const known = new Set(inventory.map((r) => r.id));
  const unknown = tests.flatMap((t) => t.rules.filter((id) => !known.has(id)).map((id) => ({ id, test: t.name })));
  const statuses = inventory.map((rule) => {
    const provenBy = tests.filter((t) => t.rules.includes(rule.id));
    const waiver = provenBy.length === 0 ? waivers.find((w) => wildcard(w.rules).test(rule.id)) : undefined;
    return { rule, provenBy, waiver };
  });
  const stale = waivers.filter((w) => !statuses.some((s) => s.waiver === w));
  return { statuses, unknown, stale };
}

const escape = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/**
 * The determination inventory's section: per API, how many places of the answers are determined
 * (by the bundle's structure, by the prose) and free, and every free one, by its home, with the
 * reason; the determinations resting on an `x-inferred` choice, by home.
 */
export function renderDeterminations(reports: DeterminationReport[]): string[] {
  const lines = [
    "## Determination inventory",
    "",
    "Every member and header of every documented answer (per operation and status; nested members, array items, embedded",
    "items and links included) is either **determined**, with the rule that determines it, or **free** (the provider's",
    "choice), with the reason: [contract-tests/model/determinations.ts](../contract-tests/model/determinations.ts) reads it",
    "from the bundles, [determined-by-prose.ts](../contract-tests/model/determined-by-prose.ts) completes it by hand.",
    "The model of each API (contract-tests/model/) predicts determined places and the sequences compare them.",
    "",
    "| API | places | determined by structure | determined by prose | free | resting on `x-inferred` (warnings) |",
    "|---|---|---|---|---|---|",
  ];
  for (const { api, places, warnings } of reports) {
    const count = (f: (d: NonNullable<(typeof places)[number]["determination"]>) => boolean) =>
      places.filter((p) => p.determination !== undefined && f(p.determination)).length;
    lines.push(
      `| ${api} | ${places.length} | ${count((d) => d.determined && d.source === "structure")} | ${count((d) => d.determined && d.source === "prose")} | ${count((d) => !d.determined)} | ${warnings.length} |`,
    );
  }
  for (const { api, places } of reports) {
    lines.push("", `### ${api === "gateway" ? "Gateway API" : "Merchant Management API"}: free members and headers`, "");
    lines.push("| home | places | operations | reason |", "|---|---|---|---|");
    const free = new Map<string, { reason: string; places: number; operations: Set<string> }>();
    for (const p of places) {
      if (p.determination === undefined || p.determination.determined) continue;
      const entry = free.get(p.home) ?? { reason: p.determination.reason, places: 0, operations: new Set<string>() };
      entry.places++;
      entry.operations.add(p.operationId);
      free.set(p.home, entry);
    }
    for (const [home, f] of [...free].sort(([a], [b]) => a.localeCompare(b))) {
      const ops = [...f.operations];
      lines.push(
        `| \`${home}\` | ${f.places} | ${escape(ops.length > 3 ? `${ops.slice(0, 3).join(", ")} and ${ops.length - 3} more` : ops.join(", "))} | ${escape(f.reason)} |`,
      );
    }
  }
  lines.push("", "### Determinations resting on an `x-inferred` choice (warnings, not failures)", "");
  for (const { api, places } of reports) {
    const homes = [...new Set(places.filter((p) => p.inferred && p.determination?.determined).map((p) => p.home))].sort();
    lines.push(`- ${api}: ${homes.length === 0 ? "none" : homes.map((h) => `\`${h}\``).join(", ")}`);
  }
  lines.push("");
  return lines;
}

export function render(statuses: RuleStatus[], determinations: DeterminationReport[] = determinationReport()): string {
  const proven = statuses.filter((s) => s.provenBy.length > 0);
  const waived = statuses.filter((s) => s.waiver);
  const open = statuses.filter((s) => s.provenBy.length === 0 && !s.waiver);
  const byKind = (kind: string) => statuses.filter((s) => s.rule.kind === kind).length;
  const lines = [
    "# Contract rules",
    "",
    "<!-- Written by `npm run contract:rules` from the bundled specs, the suite's scenarios and contract-tests/rules/waivers.ts; do not edit. -->",
    "",
    "Every rule the two specs state, with a stable id, and the contract-suite scenario(s) that prove it: a scenario",
    "declares the ids it proves (`rules` of `scenario()`), and `npm run test:contract` fails on a rule that no scenario",
    "proves and no waiver (contract-tests/rules/waivers.ts, one reason each) excuses. How ids are made:",
    "[contract-tests/rules/inventory.ts](../contract-tests/rules/inventory.ts).",
    "",
    `**${statuses.length} rules**: ${proven.length} proven by a named scenario, ${waived.length} waived with a reason, ${open.length} unproven.`,
    `By kind: ${["rule", "status", "401", "echo", "header", "extension", "guide", "link", "default", "readback", "time", "query"].map((k) => `${byKind(k)} ${k}`).join(", ")}.`,
    "",
  ];
  if (open.length > 0) {
    lines.push(
      "## Unproven",
      "",
      "| rule | stated |",
      "|---|---|",
      ...open.map((s) => `| \`${s.rule.id}\` | ${escape(s.rule.text)} |`),
      "",
    );
  }
  for (const api of ["gateway", "merchant"]) {
    lines.push(
      `## ${api === "gateway" ? "Gateway API" : "Merchant Management API"}: proven`,
      "",
      "| rule | stated | proven by |",
      "|---|---|---|",
    );
    for (const s of proven.filter((p) => p.rule.api === api)) {
      const names = s.provenBy.map((t) => escape(t.name));
      const shown = names.length > 3 ? [...names.slice(0, 3), `and ${names.length - 3} more`] : names;
      lines.push(`| \`${s.rule.id}\` | ${escape(s.rule.text)} | ${shown.join("<br>")} |`);
    }
    lines.push("");
  }
  lines.push(
    "## Waived",
    "",
    "| rule | stated | reason |",
    "|---|---|---|",
    ...waived.map((s) => `| \`${s.rule.id}\` | ${escape(s.rule.text)} | ${escape(s.waiver!.reason)} |`),
    "",
    ...renderDeterminations(determinations),
  );
  return lines.join("\n");
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const tests = await collectTests();
  const { statuses, unknown, stale } = assess(tests);
  const determinations = determinationReport();
  const text = render(statuses, determinations);
  const open = statuses.filter((s) => s.provenBy.length === 0 && !s.waiver);
  const proven = statuses.filter((s) => s.provenBy.length > 0).length;
  const waived = statuses.filter((s) => s.waiver).length;
  const failures: string[] = [];
  for (const s of open)
    failures.push(`unproven rule ${s.rule.id}: no scenario declares it and no waiver names it (${s.rule.text.slice(0, 120)})`);
  for (const u of unknown) failures.push(`"${u.test}" declares ${u.id}, which the inventory does not have`);
  for (const w of stale) failures.push(`stale waiver ${w.rules}: it matches no unproven rule`);
  for (const report of determinations) {
    failures.push(...report.failures);
    for (const entry of report.stale)
      failures.push(
        `${report.api}: the determination ${JSON.stringify(entry)} names no place the bundle's structure leaves open (stale: delete it)`,
      );
    if (report.warnings.length > 0)
      console.warn(
        `${report.api}: ${report.warnings.length} determinations rest on an x-inferred choice (docs/contract-rules.md lists them): a provider that chose otherwise is told, not failed`,
      );
  }
  if (check) {
    let committed = "";
    try {
      committed = readFileSync(docFile, "utf8");
    } catch {
      /* missing: differs */
    }
    if (committed !== text) failures.push("docs/contract-rules.md is not what `npm run contract:rules` writes: run it and commit the page");
  } else {
    writeFileSync(docFile, text);
    console.log(`wrote ${docFile}`);
  }
  for (const f of failures) console.error(f);
  console.log(`rules: ${statuses.length} in the specs, ${proven} proven, ${waived} waived, ${open.length} unproven`);
  console.log(`rules: ${failures.length === 0 ? 1 : 0} passed, ${failures.length === 0 ? 0 : 1} failed`);
  if (failures.length > 0) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
