/**
 * `npm run diff -- <git ref>`: bundles every API at that ref and in the working tree, compares
 * them (scripts/lib/spec-diff.ts) and prints a tiered Markdown report fit for a pull-request comment.
 *
 *   npm run diff -- origin/main                       working tree against a ref
 *   npm run diff -- HEAD --repo ../other-checkout     the same for another checkout of the project
 *   npm run diff -- --base a.yaml --revision b.yaml   two bundles directly, no git (--api NAME: the API they are, for acceptances)
 *   ... --output diff.md                              write the report to a file instead of stdout
 *   ... --json diff.json                              also write the report as JSON for other tools
 *   ... --policy FILE                                 severities and acceptances (default: openapi/diff-policy.yaml of the revision)
 *   ... --fail-on unaccepted                          exit 1 only for breaking changes no reviewer accepted (the pull-request check)
 *   ... --github-annotations                          print GitHub workflow commands for each unaccepted break and warning, at its source line
 *   npm run diff -- --what-changed [--output FILE]    the changelog of every release tag, newest first (the docs' "What changed")
 *
 * Exit code: 1 when a change is breaking (by default even when accepted: it still needs a major
 * version, which `npm run release -- prepare --level auto` reads from here; with --fail-on
 * unaccepted, only an unaccepted one, or a stale acceptance), 0 otherwise, 2 on a usage, policy
 * or tool error.
 */
import { writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "./lib/apis";
import { diffBundles } from "./lib/spec-diff";
import { compareWithRef, policyFileIn, whatChangedMarkdown } from "./lib/spec-diff-history";
import {
  hasBreakingChange,
  renderSpecDiffJson,
  renderSpecDiffMarkdown,
  renderWorkflowAnnotations,
  unusedAcceptances,
  type ApiDiffSection,
} from "./lib/spec-diff-markdown";
import { acceptanceLines, describeAcceptance, loadPolicy, type DiffPolicy } from "./lib/spec-diff-policy";

const usage = `Usage:
  npm run diff -- <git ref> [--repo DIR] [--output FILE] [--json FILE] [--policy FILE] [--fail-on breaking|unaccepted]
  npm run diff -- --base BASE_BUNDLE --revision REVISION_BUNDLE [--api NAME] [same options]
  npm run diff -- --what-changed [--repo DIR] [--output FILE]`;

/** npm runs scripts from the project root; paths on the command line mean the caller's directory. */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** A mistake in the command line: reported with the usage text. */
class UsageError extends Error {}

interface Comparison {
  sections: ApiDiffSection[];
  policy: DiffPolicy;
  policyError?: string;
  baseLabel: string;
  revisionLabel: string;
}

function write(path: string | undefined, text: string, what: string): void {
  if (path === undefined) process.stdout.write(text);
  else {
    writeFileSync(fromCaller(path), text);
    console.error(`spec-diff: ${what} written to ${path}`);
  }
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      base: { type: "string" },
      revision: { type: "string" },
      repo: { type: "string" },
      output: { type: "string" },
      json: { type: "string" },
      policy: { type: "string" },
      api: { type: "string" },
      "fail-on": { type: "string", default: "breaking" },
      "what-changed": { type: "boolean", default: false },
      "github-annotations": { type: "boolean", default: false },
    },
  });
  const failOn = values["fail-on"];
  if (failOn !== "breaking" && failOn !== "unaccepted") throw new UsageError(`--fail-on takes breaking or unaccepted, not '${failOn}'.`);
  const repo = values.repo === undefined ? projectRoot : fromCaller(values.repo);

  if (values["what-changed"]) {
    if (positionals.length > 0 || values.base !== undefined || values.revision !== undefined)
      throw new UsageError("--what-changed takes no ref or bundles: it reads the release tags.");
    write(values.output, whatChangedMarkdown(repo), "changelog");
    return 0;
  }

  const policy = values.policy === undefined ? undefined : loadPolicy(fromCaller(values.policy));
  let comparison: Comparison;
  if (values.base !== undefined || values.revision !== undefined) {
    if (values.base === undefined || values.revision === undefined) throw new UsageError("--base and --revision go together.");
    if (positionals.length > 0)
      throw new UsageError(`give either a git ref or --base/--revision, not both (got '${positionals.join(" ")}').`);
    const effectivePolicy = policy ?? loadPolicy(policyFileIn(projectRoot));
    // The API's name, which acceptances name: --api, else the bundle's file name (gateway.yaml → gateway).
    const api = values.api ?? basename(values.revision).replace(/\.(ya?ml|json)$/, "");
    const report = diffBundles(fromCaller(values.base), fromCaller(values.revision), { api, policy: effectivePolicy });
    comparison = {
      sections: [{ api, status: "compared", report }],
      policy: effectivePolicy,
      baseLabel: values.base,
      revisionLabel: values.revision,
    };
  } else {
    if (positionals.length !== 1) throw new UsageError("give exactly one git ref to compare the working tree with.");
    const ref = positionals[0]!;
    const compared = compareWithRef(repo, ref, policy);
    comparison = { ...compared, baseLabel: `\`${ref}\` (${compared.commit.slice(0, 12)})`, revisionLabel: "working tree" };
  }

  const { sections, baseLabel, revisionLabel, policyError } = comparison;
  const unused = unusedAcceptances(sections, comparison.policy);
  write(values.output, renderSpecDiffMarkdown(sections, baseLabel, revisionLabel, { unused, policyError }), "report");
  if (values.json !== undefined) write(values.json, renderSpecDiffJson(sections, baseLabel, revisionLabel, { unused }), "JSON report");
  if (values["github-annotations"]) {
    if (values.output === undefined) throw new UsageError("--github-annotations prints to stdout: write the report with --output FILE.");
    const policyAt = policyError === undefined ? null : /^(.+?):(\d+): (.*)$/.exec(policyError);
    if (policyAt !== null) process.stdout.write(`::error file=${policyAt[1]},line=${policyAt[2]},title=Diff policy::${policyAt[3]}\n`);
    process.stdout.write(renderWorkflowAnnotations(sections));
    for (const entry of unused)
      if (entry.lines !== undefined)
        process.stdout.write(
          `::error file=${entry.lines.file},line=${entry.lines.first},endLine=${entry.lines.last},title=Stale acceptance::Matches no change between the base and the head: delete these lines.\n`,
        );
  }
  // A spec or policy file that cannot be read: the report above says where; the check fails as a tool error.
  if (policyError !== undefined) console.error(`spec-diff: ${policyError}`);
  if (policyError !== undefined || sections.some((section) => section.status === "failed")) return 2;
  if (failOn === "unaccepted") {
    // The check names each stale entry with the lines to delete: it accepts nothing any more,
    // and left in place it could one day match a change nobody reviewed.
    for (const entry of unused)
      console.error(
        `spec-diff: ${acceptanceLines(entry)}: stale acceptance (${describeAcceptance(entry)}) matches no change between ${baseLabel} and ${revisionLabel}; delete these lines.`,
      );
    if (unused.length > 0) return 1;
  }
  return hasBreakingChange(sections, { unaccepted: failOn === "unaccepted" }) ? 1 : 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error: unknown) {
  // Drop the framed notices redocly prints (Node 20 deprecation) from tool output in the message.
  const message = (error instanceof Error ? error.message : String(error)).replace(/^.*[║╔╚].*$\n?/gm, "").replace(/\n{3,}/g, "\n\n");
  const isUsage = error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(`spec-diff: ${message}${isUsage ? `\n${usage}` : ""}`);
  process.exitCode = 2;
}
