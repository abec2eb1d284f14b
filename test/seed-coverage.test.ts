/**
 * Every table row of a seed document must have its place in the spec: docs/coverage-<api>.md maps
 * each row to spec locations, and this test checks that no row is missing and every location
 * resolves in the hand-written source file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { listApis, projectRoot } from "../scripts/lib/apis";
import { getAtPointer } from "../src/spec/document";

interface TableRow {
  heading: string;
  cells: string[];
}

/** Data rows of every Markdown table, each with the nearest heading above its table. */
function markdownTableRows(markdown: string): TableRow[] {
  const rows: TableRow[] = [];
  let heading = "";
  let inTable = false;
  let sawSeparator = false;
  for (const line of markdown.split("\n")) {
    const headingMatch = /^#{1,6}\s+(.*)$/.exec(line);
    if (headingMatch) heading = headingMatch[1]!.trim();
    if (!line.trimStart().startsWith("|")) {
      inTable = false;
      sawSeparator = false;
      continue;
    }
    if (!inTable) {
      inTable = true; // header row
      continue;
    }
    if (!sawSeparator && /^\s*\|[\s:|-]+\|\s*$/.test(line)) {
      sawSeparator = true;
      continue;
    }
    const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
    rows.push({ heading, cells });
  }
  return rows;
}

const cleanCell = (cell: string) => cell.replace(/`/g, "").trim();

describe.each(listApis().map((api) => api.name))("%s seed coverage", (api) => {
  const seedPath = join(projectRoot, "..", "shared", "seeds", `${api}-api.md`);
  const coveragePath = join(projectRoot, "docs", `coverage-${api}.md`);

  it("has the seed and the coverage document", () => {
    expect(existsSync(seedPath), `${seedPath} (the seed, beside the project)`).toBe(true);
    expect(existsSync(coveragePath), coveragePath).toBe(true);
  });

  const seedRows = existsSync(seedPath) ? markdownTableRows(readFileSync(seedPath, "utf8")) : [];
  const coverageRows = existsSync(coveragePath)
    ? markdownTableRows(readFileSync(coveragePath, "utf8")).filter((row) => row.cells.length >= 3)
    : [];

  it("maps every table row of the seed", () => {
    const available = new Map<string, number>();
    for (const row of coverageRows) {
      const key = `${cleanCell(row.cells[0]!)} :: ${cleanCell(row.cells[1]!)}`;
      available.set(key, (available.get(key) ?? 0) + 1);
    }
    const missing: string[] = [];
    for (const row of seedRows) {
      const key = `${row.heading} :: ${cleanCell(row.cells[0]!)}`;
      const left = available.get(key) ?? 0;
      if (left === 0) missing.push(key);
      else available.set(key, left - 1);
    }
    expect(seedRows.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it("points every row at spec locations that exist", () => {
    const documents = new Map<string, unknown>();
    const problems: string[] = [];
    for (const row of coverageRows) {
      const locations = [...row.cells.slice(2).join("|").matchAll(/`(openapi\/[^`#]+\.yaml)#([^`]*)`/g)];
      if (locations.length === 0) problems.push(`${row.cells[0]} / ${row.cells[1]}: no location`);
      for (const [, file, pointer] of locations) {
        const path = join(projectRoot, file!);
        if (!documents.has(path)) documents.set(path, existsSync(path) ? parse(readFileSync(path, "utf8")) : undefined);
        const doc = documents.get(path);
        if (doc === undefined) problems.push(`${file}: no such file`);
        else if (getAtPointer(doc, pointer!) === undefined) problems.push(`${file}#${pointer}: does not resolve`);
      }
    }
    expect(coverageRows.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
