/** Data rows of Markdown tables, each with the nearest heading above its table. */

export interface TableRow {
  heading: string;
  cells: string[];
}

export function markdownTableRows(markdown: string): TableRow[] {
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
    const cells = line
      .trim()
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((cell) => cell.trim());
    rows.push({ heading, cells });
  }
  return rows;
}

export const cleanCell = (cell: string) => cell.replace(/`/g, "").trim();

/** The heading of the coverage maps' table of departures (test/source-departures.test.ts reads it). */
export const DEPARTURES_HEADING = "Departures from the source description";

/** The rows of docs/coverage-<api>.md that map a source row (table, row, locations). */
export function coverageRows(markdown: string): TableRow[] {
  return markdownTableRows(markdown).filter((row) => row.cells.length >= 3 && row.heading !== DEPARTURES_HEADING);
}

/**
 * Source rows the coverage map does not list: each row of a source description is keyed by its
 * table's heading and its first cell, and each must appear in the map as often as in the source.
 */
export function unmappedSourceRows(source: string, coverage: string): string[] {
  const available = new Map<string, number>();
  for (const row of coverageRows(coverage)) {
    const key = `${cleanCell(row.cells[0]!)} :: ${cleanCell(row.cells[1]!)}`;
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  const missing: string[] = [];
  for (const row of markdownTableRows(source)) {
    const key = `${row.heading} :: ${cleanCell(row.cells[0]!)}`;
    const left = available.get(key) ?? 0;
    if (left === 0) missing.push(key);
    else available.set(key, left - 1);
  }
  return missing;
}
