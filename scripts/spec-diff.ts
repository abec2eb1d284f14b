/**
 * `npm run diff -- <git ref>`: bundles every API at that ref and in the working tree, compares
 * them (scripts/lib/spec-diff.ts) and prints a Markdown report fit for a pull-request comment.
 *
 *   npm run diff -- origin/main                       working tree against a ref
 *   npm run diff -- HEAD --repo ../other-checkout     the same for another checkout of the project
 *   npm run diff -- --base a.yaml --revision b.yaml   two bundles directly, no git
 *   ... --output diff.md                              write the report to a file instead of stdout
 *
 * Exit code: 1 when any change is breaking, 0 otherwise, 2 on a usage or tool error.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { listApis, projectRoot } from "./lib/apis";
import { bundleApi } from "./lib/bundle-api";
import { extractSpecSources, resolveCommit } from "./lib/git-snapshot";
import { diffBundles } from "./lib/spec-diff";
import { hasBreakingChange, renderSpecDiffMarkdown, type ApiDiffSection } from "./lib/spec-diff-markdown";

const usage = `Usage:
  npm run diff -- <git ref> [--repo DIR] [--output FILE]
  npm run diff -- --base BASE_BUNDLE --revision REVISION_BUNDLE [--output FILE]`;

/** npm runs scripts from the project root; paths on the command line mean the caller's directory. */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** A mistake in the command line: reported with the usage text. */
class UsageError extends Error {}

interface Comparison {
  sections: ApiDiffSection[];
  baseLabel: string;
  revisionLabel: string;
}

/** Every API of the working tree (or `repo`) against the same API at `ref`. */
function compareWithRef(repo: string, ref: string): Comparison {
  const commit = resolveCommit(repo, ref);
  const workDir = mkdtempSync(join(tmpdir(), "spec-diff-ref-"));
  try {
    const snapshotDir = join(workDir, "base");
    mkdirSync(snapshotDir);
    extractSpecSources(repo, commit, snapshotDir);

    // An API counts as present when redocly.yaml lists it and its root document exists
    // (early commits list an API before its spec is written).
    const presentApis = (root: string) => listApis(root).filter((api) => existsSync(api.root)).map((api) => api.name);
    const baseApis = new Set(presentApis(snapshotDir));
    const revisionApis = presentApis(repo);
    const names = [...new Set([...revisionApis, ...baseApis])];
    const sections = names.map((api): ApiDiffSection => {
      if (!baseApis.has(api)) return { api, status: "added" };
      if (!revisionApis.includes(api)) return { api, status: "removed" };
      const basePath = bundleApi(snapshotDir, api, join(workDir, `${api}.base.yaml`));
      const revisionPath = bundleApi(repo, api, join(workDir, `${api}.revision.yaml`));
      return { api, status: "compared", report: diffBundles(basePath, revisionPath) };
    });
    return { sections, baseLabel: `\`${ref}\` (${commit.slice(0, 12)})`, revisionLabel: "working tree" };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
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
    },
  });

  let comparison: Comparison;
  if (values.base !== undefined || values.revision !== undefined) {
    if (values.base === undefined || values.revision === undefined) throw new UsageError("--base and --revision go together.");
    if (positionals.length > 0) throw new UsageError(`give either a git ref or --base/--revision, not both (got '${positionals.join(" ")}').`);
    const report = diffBundles(fromCaller(values.base), fromCaller(values.revision));
    const api = `${basename(values.base)} → ${basename(values.revision)}`;
    comparison = { sections: [{ api, status: "compared", report }], baseLabel: values.base, revisionLabel: values.revision };
  } else {
    if (positionals.length !== 1) throw new UsageError("give exactly one git ref to compare the working tree with.");
    comparison = compareWithRef(values.repo === undefined ? projectRoot : fromCaller(values.repo), positionals[0]!);
  }

  const markdown = renderSpecDiffMarkdown(comparison.sections, comparison.baseLabel, comparison.revisionLabel);
  if (values.output === undefined) process.stdout.write(markdown);
  else {
    writeFileSync(fromCaller(values.output), markdown);
    console.error(`spec-diff: report written to ${values.output}`);
  }
  return hasBreakingChange(comparison.sections) ? 1 : 0;
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
