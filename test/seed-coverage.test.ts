/**
 * Every table row of the source descriptions has its place in the spec: docs/coverage-<api>.md
 * records each row (its table and first cell) with spec locations, and this test checks that
 * every location resolves in the hand-written spec, so that a moved or deleted rule fails here.
 * Comparing a map with the source document itself is `npm run check:source-coverage` (the
 * source documents are not part of the repository).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { listServiceApis, projectRoot } from "../scripts/lib/apis";
import { coverageRows, markdownTableRows, unmappedSourceRows } from "../scripts/lib/markdown-tables";
import { getAtPointer } from "../src/testkit/openapi-model/document";

describe.each(listServiceApis().map((api) => api.name))("%s source coverage map", (api) => {
  const coveragePath = join(projectRoot, "docs", `coverage-${api}.md`);
  const coverage = existsSync(coveragePath) ? readFileSync(coveragePath, "utf8") : "";
  const rows = coverageRows(coverage);

  it("exists and maps rows", () => {
    expect(existsSync(coveragePath), coveragePath).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("points every row at spec locations that exist", () => {
    const documents = new Map<string, unknown>();
    const problems: string[] = [];
    for (const row of rows) {
      const locations = [
        ...row.cells
          .slice(2)
          .join("|")
          .matchAll(/`(openapi\/[^`#]+\.yaml)#([^`]*)`/g),
      ];
      if (locations.length === 0) problems.push(`${row.cells[0]} / ${row.cells[1]}: no location`);
      for (const [, file, pointer] of locations) {
        const path = join(projectRoot, file!);
        if (!documents.has(path)) documents.set(path, existsSync(path) ? parse(readFileSync(path, "utf8")) : undefined);
        const doc = documents.get(path);
        if (doc === undefined) problems.push(`${file}: no such file`);
        else if (getAtPointer(doc, pointer!) === undefined) problems.push(`${file}#${pointer}: does not resolve`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("comparing a source description with its map (check:source-coverage)", () => {
  const coverage = [
    "| Seed table | Row | Where in the spec |",
    "|---|---|---|",
    "| Fields | amount | `x` |",
    "| Fields | currency | `y` |",
  ].join("\n");

  it("accepts a source whose rows are all mapped", () => {
    expect(
      unmappedSourceRows(
        ["## Fields", "| Field | Meaning |", "|---|---|", "| `amount` | minor units |", "| currency | ISO 4217 |"].join("\n"),
        coverage,
      ),
    ).toEqual([]);
  });

  it("names a source row the map lacks, and a row the source has more often than the map", () => {
    const source = ["## Fields", "| Field | Meaning |", "|---|---|", "| amount | a |", "| amount | again |", "| csc | new |"].join("\n");
    expect(unmappedSourceRows(source, coverage)).toEqual(["Fields :: amount", "Fields :: csc"]);
  });
});

describe("markdownTableRows (marked's GFM tables)", () => {
  it("reads a cell with an escaped pipe whole, under the nearest heading, tables in lists included", () => {
    const markdown =
      "## Codes\n\n| code | meaning |\n|---|---|\n| `a \\| b` | either |\n\n- item\n\n  | x | y |\n  |---|---|\n  | 1 | 2 |\n";
    expect(markdownTableRows(markdown)).toEqual([
      { heading: "Codes", cells: ["`a | b`", "either"] },
      { heading: "Codes", cells: ["1", "2"] },
    ]);
  });
});
