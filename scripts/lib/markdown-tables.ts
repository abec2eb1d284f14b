/** Data rows of Markdown tables, each with the nearest heading above its table, read with marked's lexer. */
import { Lexer, type Token, type Tokens } from "marked";

export interface TableRow {
  heading: string;
  cells: string[];
}

export function markdownTableRows(markdown: string): TableRow[] {
  const rows: TableRow[] = [];
  let heading = "";
  const visit = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === "heading") heading = (token as Tokens.Heading).text.trim();
      else if (token.type === "table")
        for (const row of (token as Tokens.Table).rows) rows.push({ heading, cells: row.map((cell) => cell.text.trim()) });
      else if ("tokens" in token && Array.isArray(token.tokens)) visit(token.tokens);
      else if (token.type === "list") visit((token as Tokens.List).items);
    }
  };
  visit(Lexer.lex(markdown, { gfm: true }));
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
