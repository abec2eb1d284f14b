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
import { loadBundledSpec } from "../src/testkit/spec/document";
import {
  addCodeSamples,
  demoteHeadingsNamedLikeTags,
  markSourceNotes,
  postProcessRedocPage,
  redocOptions,
  replaceBooleanSchemas,
} from "./lib/docs-decorations";
import { docsPageCss, escapeHtml, guidePage, renderGuides } from "./lib/guides";

export const docsOutDir = join(projectRoot, "dist", "docs");
/** TypeScript samples, one file per operation: docs/examples/samples/<api>/<operationId>.ts. */
export const samplesDir = join(projectRoot, "docs", "examples", "samples");

/** The guides: docs/*.md, rendered to dist/docs/guides/<name>.html. */
export const guidesSourceDir = join(projectRoot, "docs");

export async function buildDocs(): Promise<void> {
  rmSync(join(docsOutDir, "guides"), { recursive: true, force: true });
  mkdirSync(join(docsOutDir, "guides"), { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), "docs-"));
  // Redoc options (which code sample languages it shows) go in through a config of their own.
  const redoclyConfig = join(workDir, "redocly.yaml");
  writeFileSync(redoclyConfig, stringify({ openapi: redocOptions }));
  // One Redocly process per page, side by side.
  const pages = await Promise.all(listApis().map(async (api) => {
    const doc = loadBundledSpec(api.name);
    const info = doc.info as { title: string; version: string };
    const notes = markSourceNotes(doc);
    const samples = addCodeSamples(doc, api.name, samplesDir);
    const booleans = replaceBooleanSchemas(doc);
    const demoted = demoteHeadingsNamedLikeTags(doc);
    const docsBundle = join(workDir, `${api.name}.json`);
    writeFileSync(docsBundle, JSON.stringify(doc));
    const file = `${api.name}.html`;
    const output = join(docsOutDir, file);
    await runBinAsync("redocly", ["build-docs", docsBundle, "--config", redoclyConfig, "--inlineBundle", "--title", info.title, "--output", output]);
    writeFileSync(output, postProcessRedocPage(readFileSync(output, "utf8")));
    console.log(
      `wrote dist/docs/${file} (${samples.operations} operations with curl, ${samples.typescript} with TypeScript samples; ${notes.inferred} inferred notes, ${notes.departures} departures from the source; ${booleans} boolean subschemas rewritten${demoted.length ? `; headings out of the sidebar: ${demoted.join(", ")}` : ""})`,
    );
    return { file, title: info.title, version: info.version };
  }));
  rmSync(workDir, { recursive: true, force: true });

  const guides = renderGuides(guidesSourceDir);
  const nav = (prefix: string, current?: string) =>
    `<header class="docs-nav"><strong><a href="${prefix}index.html">API reference</a></strong>
${pages.map((p) => `<a href="${prefix}${p.file}">${escapeHtml(p.title)}</a>`).join("\n")}
${guides.map((g) => `<a href="${prefix}guides/${g.page}"${g.page === current ? ' aria-current="page"' : ""}>${escapeHtml(g.title)}</a>`).join("\n")}
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
<main><h1>API reference</h1><ul>
${pages.map((p) => `<li><a href="${p.file}">${escapeHtml(p.title)}</a> (version ${escapeHtml(p.version)})</li>`).join("\n")}
</ul><h2>Guides</h2><ul>
${guides.map((g) => `<li><a href="guides/${g.page}">${escapeHtml(g.title)}</a> <small>(docs/${escapeHtml(g.source)})</small></li>`).join("\n")}
</ul></main></body></html>
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
