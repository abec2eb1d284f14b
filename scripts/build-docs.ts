/**
 * Builds a self-contained Redoc page per API from its bundle (scripts inlined: works with no
 * network) into dist/docs/, plus dist/docs/index.html linking them. dist/ is build output.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listApis, projectRoot } from "./lib/apis";
import { runBin } from "./lib/exec";
import { loadBundledSpec } from "../src/spec/document";
import { addCodeSamples, markSourceNotes } from "./lib/docs-decorations";

export const docsOutDir = join(projectRoot, "dist", "docs");
/** TypeScript samples, one file per operation: docs/examples/samples/<api>/<operationId>.ts. */
export const samplesDir = join(projectRoot, "docs", "examples", "samples");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function buildDocs(): void {
  mkdirSync(docsOutDir, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), "docs-"));
  const pages = listApis().map((api) => {
    const doc = loadBundledSpec(api.name);
    const info = doc.info as { title: string; version: string };
    const notes = markSourceNotes(doc);
    const samples = addCodeSamples(doc, api.name, samplesDir);
    const docsBundle = join(workDir, `${api.name}.json`);
    writeFileSync(docsBundle, JSON.stringify(doc));
    const file = `${api.name}.html`;
    runBin("redocly", ["build-docs", docsBundle, "--inlineBundle", "--title", info.title, "--output", join(docsOutDir, file)], {
      quiet: true,
    });
    console.log(
      `wrote dist/docs/${file} (${samples.operations} operations with curl, ${samples.typescript} with TypeScript samples; ${notes.inferred} inferred notes, ${notes.departures} departures from the source)`,
    );
    return { file, title: info.title, version: info.version };
  });
  rmSync(workDir, { recursive: true, force: true });
  const guides = readdirSync(join(projectRoot, "docs")).filter((name) => name.endsWith(".md"));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>API reference</h1><ul>
${pages.map((p) => `<li><a href="${p.file}">${escapeHtml(p.title)}</a> (version ${escapeHtml(p.version)})</li>`).join("\n")}
</ul><h2>Guides</h2><ul>
${guides.map((g) => `<li><a href="guides/${g}">${escapeHtml(g)}</a></li>`).join("\n")}
</ul></body></html>
`;
  writeFileSync(join(docsOutDir, "index.html"), html);
  console.log("wrote dist/docs/index.html");
}

if (require.main === module) buildDocs();
