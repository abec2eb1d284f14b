/**
 * Every departure from the source description is findable: each `x-departs-from-source` in the
 * hand-written spec has its row in the departures table of docs/coverage-<api>.md, and each
 * row there points at a departure that exists (the location names the object that carries it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { listServiceApis, projectRoot } from "../scripts/lib/apis";
import { DEPARTURES_HEADING, markdownTableRows } from "../scripts/lib/markdown-tables";
import { toPointer } from "../src/testkit/openapi-model/document";

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith(".yaml") ? [join(dir, entry.name)] : [],
  );
}

/** `openapi/<api>/<file>.yaml#<pointer>` of every object carrying `x-departs-from-source`. */
function departuresInSpec(api: string): string[] {
  const found: string[] = [];
  for (const file of yamlFiles(join(projectRoot, "openapi", api))) {
    const visit = (node: unknown, at: string[]) => {
      if (Array.isArray(node)) return node.forEach((item, index) => visit(item, [...at, String(index)]));
      if (!node || typeof node !== "object") return;
      if ("x-departs-from-source" in node) found.push(`${relative(projectRoot, file)}#${toPointer(at)}`);
      for (const [key, value] of Object.entries(node)) if (key !== "x-departs-from-source") visit(value, [...at, key]);
    };
    visit(parse(readFileSync(file, "utf8")), []);
  }
  return found.sort();
}

function departuresInCoverage(api: string): string[] | undefined {
  const markdown = readFileSync(join(projectRoot, "docs", `coverage-${api}.md`), "utf8");
  if (!markdown.includes(`## ${DEPARTURES_HEADING}`)) return undefined;
  return markdownTableRows(markdown)
    .filter((row) => row.heading === DEPARTURES_HEADING)
    .flatMap((row) => [...row.cells[0]!.matchAll(/`(openapi\/[^`#]+\.yaml#[^`]*)`/g)].map((m) => m[1]!))
    .sort();
}

describe.each(listServiceApis().map((api) => api.name))("%s departures from the source description", (api) => {
  it(`docs/coverage-${api}.md has a "${DEPARTURES_HEADING}" table that lists exactly the spec's departures`, () => {
    const listed = departuresInCoverage(api);
    expect(listed, `docs/coverage-${api}.md lacks "## ${DEPARTURES_HEADING}"`).toBeDefined();
    expect(listed).toEqual(departuresInSpec(api));
  });
});
