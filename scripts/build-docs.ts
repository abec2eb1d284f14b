/**
 * Builds a self-contained Redoc page per API from its bundle (scripts inlined: works with no
 * network) into dist/docs/, plus dist/docs/index.html linking them. dist/ is build output.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listApis, projectRoot } from "./lib/apis";
import { runBin } from "./lib/exec";
import { loadBundledSpec } from "../src/spec/document";

export const docsOutDir = join(projectRoot, "dist", "docs");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function buildDocs(): void {
  mkdirSync(docsOutDir, { recursive: true });
  const pages = listApis().map((api) => {
    const info = loadBundledSpec(api.name).info as { title: string; version: string };
    const file = `${api.name}.html`;
    runBin(
      "redocly",
      ["build-docs", join("generated", api.name, "openapi.yaml"), "--inlineBundle", "--title", info.title, "--output", join(docsOutDir, file)],
      { quiet: true },
    );
    console.log(`wrote dist/docs/${file}`);
    return { file, title: info.title, version: info.version };
  });
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
