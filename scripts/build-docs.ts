/**
 * Builds a self-contained Redoc page per API from its bundle (scripts inlined: works with no
 * network) into dist/docs/, the guides (docs/*.md) as HTML pages into dist/docs/guides/, and
 * dist/docs/index.html linking them all. dist/ is build output.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { listApis, projectRoot } from "./lib/apis";
import { runBinAsync } from "./lib/exec";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { isApiName } from "../src/testkit/openapi-model/model-records";
import {
  addClientNotes,
  addCodeSamples,
  demoteHeadingsNamedLikeTags,
  markSourceNotes,
  postProcessRedocPage,
  redocOptions,
  replaceBooleanSchemas,
} from "./lib/docs-decorations";
import { docsPageCss, escapeHtml, guidePage, renderGuide, renderGuides, type Guide } from "./lib/guides";
import { whatChangedMarkdown } from "./lib/spec-diff-history";

export const docsOutDir = join(projectRoot, "dist", "docs");
/** TypeScript samples, one file per operation: docs/examples/samples/<api>/<operationId>.ts. */
export const samplesDir = join(projectRoot, "docs", "examples", "samples");

/** The guides: docs/*.md, rendered to dist/docs/guides/<name>.html. */
export const guidesSourceDir = join(projectRoot, "docs");

/**
 * The index's "Start here" path for integrators, in reading order, with why each step matters;
 * the API reference pages come after the first two. Every other guide is for contributors to this
 * project. A guide in neither list stops the build, so a new one has to be placed.
 */
export const integratorGuides: readonly { source: string; why: string }[] = [
  { source: "clients.md", why: "install the typed clients and make a first call to either API" },
  { source: "sandbox.md", why: "run both APIs on your machine, with seeded test credentials, for your integration tests" },
  { source: "contract-tests.md", why: "check in CI that an implementation (yours, the sandbox, the test environment) honours the specs" },
  { source: "versioning.md", why: "what a new version of a spec or a package means for your code" },
  { source: "what-changed.md", why: "what changed in each API from one release to the next, breaking changes first" },
];
export const contributorGuides: readonly string[] = [
  "architecture.md",
  "contributing-specs.md",
  "coverage-gateway.md",
  "coverage-merchant.md",
  "contract-rules.md",
  "codegen.md",
  "benchmarks.md",
];

/** Where docs/what-changed.md takes the release sections, generated from the release tags. */
const whatChangedMarker = "<!-- what-changed: the release sections go here (scripts/build-docs.ts) -->";

function withReleaseSections(guides: Guide[]): Guide[] {
  return guides.map((guide) => {
    if (guide.source !== "what-changed.md") return guide;
    if (!guide.body.includes(whatChangedMarker)) throw new Error(`build-docs: docs/what-changed.md lost its line ${whatChangedMarker}`);
    const sections = renderGuide(whatChangedMarkdown(projectRoot), new Set(guides.map((g) => g.source))).body;
    return { ...guide, body: guide.body.replace(whatChangedMarker, () => sections) };
  });
}

export async function buildDocs(): Promise<void> {
  rmSync(join(docsOutDir, "guides"), { recursive: true, force: true });
  mkdirSync(join(docsOutDir, "guides"), { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), "docs-"));
  // Redoc options (which code sample languages it shows) go in through a config of their own.
  const redoclyConfig = join(workDir, "redocly.yaml");
  writeFileSync(redoclyConfig, stringify({ openapi: redocOptions }));
  // One Redocly process per page, side by side.
  const pages = await Promise.all(
    listApis().map(async (api) => {
      if (!isApiName(api.name))
        throw new Error(
          `redocly.yaml names ${api.name}, an API the operation model does not read: add it to API_NAMES (src/testkit/openapi-model/model-records.ts)`,
        );
      // The decorations change the document: a copy of the shared, frozen bundle.
      const doc = structuredClone(loadBundledSpec(api.name));
      const info = doc.info as { title: string; version: string };
      const notes = markSourceNotes(doc);
      const samples = addCodeSamples(doc, api.name, samplesDir);
      const clientNotes = addClientNotes(doc, api.name, samplesDir);
      const booleans = replaceBooleanSchemas(doc);
      const demoted = demoteHeadingsNamedLikeTags(doc);
      const docsBundle = join(workDir, `${api.name}.json`);
      writeFileSync(docsBundle, JSON.stringify(doc));
      const file = `${api.name}.html`;
      const output = join(docsOutDir, file);
      await runBinAsync("redocly", [
        "build-docs",
        docsBundle,
        "--config",
        redoclyConfig,
        "--inlineBundle",
        "--title",
        info.title,
        "--output",
        output,
      ]);
      writeFileSync(output, postProcessRedocPage(readFileSync(output, "utf8")));
      console.log(
        `wrote dist/docs/${file} (${samples.operations} operations with curl, ${samples.typescript} with TypeScript samples; ${notes.inferred} inferred notes, ${notes.departures} departures from the source; ${booleans} boolean subschemas rewritten${clientNotes.length ? `; client notes: ${clientNotes.join(", ")}` : ""}${demoted.length ? `; headings out of the sidebar: ${demoted.join(", ")}` : ""})`,
      );
      return { file, title: info.title, version: info.version };
    }),
  );
  rmSync(workDir, { recursive: true, force: true });

  const rendered = withReleaseSections(renderGuides(guidesSourceDir));
  const findGuide = (source: string) => {
    const found = rendered.find((g) => g.source === source);
    if (!found) throw new Error(`build-docs: docs/${source} is in the docs index's lists but does not exist`);
    return found;
  };
  const unplaced = rendered.filter((g) => !integratorGuides.some((i) => i.source === g.source) && !contributorGuides.includes(g.source));
  if (unplaced.length > 0) {
    throw new Error(
      `build-docs: place ${unplaced.map((g) => `docs/${g.source}`).join(", ")} in integratorGuides or contributorGuides (scripts/build-docs.ts)`,
    );
  }
  const forIntegrators = integratorGuides.map((i) => ({ ...findGuide(i.source), why: i.why }));
  const forContributors = contributorGuides.map(findGuide);
  const guides = [...forIntegrators, ...forContributors];
  const link = (prefix: string, current: string | undefined) => (g: { page: string; title: string }) =>
    `<a href="${prefix}guides/${g.page}"${g.page === current ? ' aria-current="page"' : ""}>${escapeHtml(g.title)}</a>`;
  const nav = (prefix: string, current?: string) =>
    `<header class="docs-nav"><strong><a href="${prefix}index.html">API reference</a></strong>
${pages.map((p) => `<a href="${prefix}${p.file}">${escapeHtml(p.title)}</a>`).join("\n")}
${forIntegrators.map(link(prefix, current)).join("\n")}
<a href="${prefix}index.html#contributors">For contributors</a>
</header>`;
  for (const guide of guides) writeFileSync(join(docsOutDir, "guides", guide.page), guidePage(guide, nav("../", guide.page)));
  console.log(`wrote dist/docs/guides/ (${guides.length} guides)`);

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" href="data:,">
<style>${docsPageCss}</style></head>
<body>
<main><h1>API reference</h1>
<section id="start-here"><h2>Start here: integrating with the APIs</h2><ol>
${forIntegrators
  .slice(0, 2)
  .map((g) => `<li><a href="guides/${g.page}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.why)}</li>`)
  .join("\n")}
<li>The API reference, every operation with curl and TypeScript samples: ${pages.map((p) => `<a href="${p.file}">${escapeHtml(p.title)}</a> (version ${escapeHtml(p.version)})`).join(", ")}</li>
${forIntegrators
  .slice(2)
  .map((g) => `<li><a href="guides/${g.page}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.why)}</li>`)
  .join("\n")}
</ol></section>
<section id="contributors"><h2>For contributors to this project</h2><ul>
${forContributors.map((g) => `<li><a href="guides/${g.page}">${escapeHtml(g.title)}</a> <small>(docs/${escapeHtml(g.source)})</small></li>`).join("\n")}
</ul></section></main></body></html>
`;
  writeFileSync(join(docsOutDir, "index.html"), html);
  console.log("wrote dist/docs/index.html");
}

if (require.main === module) {
  buildDocs().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
