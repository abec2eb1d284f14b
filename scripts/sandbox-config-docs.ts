/**
 * `ts-node scripts/sandbox-config-docs.ts [--write]`: the Markdown table of every key of the
 * sandbox config file, generated from its schema (generated/sandbox-control/config-file.schema.json, bundled from
 * openapi/sandbox-control/formats/config-file.schema.yaml) with the defaults
 * of `defaultConfig()`. Prints the table; `--write` puts it into docs/sandbox.md between the
 * `config-keys` markers. test/sandbox-config.test.ts fails when the docs and the schema differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultConfig } from "../src/testkit/sandbox/configuration/config";
import { generatedDir } from "../src/testkit/openapi-model/document";

/** A node of the schema: the keywords the table shows, and any other. */
export interface ConfigSchemaNode {
  [keyword: string]: unknown;
  $ref?: string;
  allOf?: ConfigSchemaNode[];
  $defs?: Record<string, ConfigSchemaNode>;
  description?: string;
  type?: string;
  properties?: Record<string, ConfigSchemaNode>;
  required?: string[];
  additionalProperties?: boolean | ConfigSchemaNode;
  propertyNames?: ConfigSchemaNode;
  items?: ConfigSchemaNode;
  maxItems?: number;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** The bundled schema of the config file. */
export const configFileSchema = JSON.parse(
  readFileSync(join(generatedDir, "sandbox-control", "config-file.schema.json"), "utf8"),
) as ConfigSchemaNode;

/**
 * A node with its `$ref` (or single `allOf` branch) folded in: the referenced schema, the node's
 * own keywords over it, and its properties merged one by one (a node may tighten a referenced one's).
 */
export function resolved(node: ConfigSchemaNode): ConfigSchemaNode {
  const { $ref, allOf, ...own } = node;
  const base = $ref !== undefined ? configFileSchema.$defs![$ref.replace("#/$defs/", "")]! : allOf?.length === 1 ? allOf[0]! : undefined;
  if (base === undefined) return node;
  const target = resolved(base);
  const properties = Object.fromEntries(
    Object.entries({ ...target.properties, ...own.properties }).map(([name, child]) => [
      name,
      own.properties?.[name] && target.properties?.[name] ? { ...resolved(target.properties[name]), ...own.properties[name] } : child,
    ]),
  );
  return { ...target, ...own, ...(Object.keys(properties).length > 0 ? { properties } : {}) };
}

export const sandboxDocPath = resolve(__dirname, "..", "docs", "sandbox.md");
export const tableMarkers = { start: "<!-- config-keys:start -->", end: "<!-- config-keys:end -->" } as const;

const KiB = 1024;
const MiB = 1024 * KiB;
const DAY = 24 * 60 * 60;

function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A bound with its unit spelled out where the key's name gives one (`...Bytes`, `...Seconds`). */
function amount(n: number, key: string): string {
  if (/Bytes$/.test(key) && n >= KiB && n % KiB === 0) return `${grouped(n)} (${n % MiB === 0 ? `${n / MiB} MiB` : `${n / KiB} KiB`})`;
  if (/Seconds$/.test(key) && n >= DAY && n % DAY === 0) {
    const days = n / DAY;
    return `${grouped(n)} (${days % 365 === 0 ? `${days / 365} ${days === 365 ? "year" : "years"}` : `${days} ${days === 1 ? "day" : "days"}`})`;
  }
  return grouped(n);
}

function typeOf(node: ConfigSchemaNode): string {
  if (node.enum) return node.enum.map((v) => `\`${v}\``).join(" or ");
  const items = node.items && resolved(node.items);
  if (node.type === "array") return `list of ${items?.type === "object" ? "objects" : `${items?.type ?? "value"}s`}`;
  if (node.type === "object" && node.propertyNames) return "object (map)";
  return node.type ?? "any";
}

function boundsOf(node: ConfigSchemaNode, key: string, required: boolean): string {
  const parts: string[] = [];
  if (required) parts.push("required");
  if (node.minimum !== undefined && node.maximum !== undefined) parts.push(`${amount(node.minimum, key)} to ${amount(node.maximum, key)}`);
  if (node.maxLength !== undefined) {
    const min = node.minLength ?? 0;
    parts.push(
      min === node.maxLength
        ? `${min} characters`
        : min === 0
          ? `at most ${grouped(node.maxLength)} characters`
          : `${min} to ${grouped(node.maxLength)} characters`,
    );
  }
  if (node.pattern !== undefined) parts.push(`pattern \`${node.pattern}\``);
  if (node.format !== undefined) parts.push(`format \`${node.format}\``);
  if (node.maxItems !== undefined) parts.push(`at most ${grouped(node.maxItems)} items`);
  const items = node.items && resolved(node.items);
  if (node.type === "array" && items && items.type !== "object") parts.push(`each: ${boundsOf(items, key, false)}`);
  if (node.propertyNames) parts.push(`keys: ${node.propertyNames.description ?? "any"}`);
  return parts.join("; ");
}

function literal(value: unknown): string {
  if (typeof value === "number") return grouped(value);
  return `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;
}

const NONE = "—";

/** The default of a key: the schema's own, else `defaultConfig()` at the same path. */
function defaultOf(node: ConfigSchemaNode, path: string[] | undefined): string {
  if (node.default !== undefined) return literal(node.default);
  if (path === undefined) return NONE;
  let value: unknown = defaultConfig();
  for (const segment of path)
    value =
      value !== null && typeof value === "object" && Object.hasOwn(value, segment)
        ? (value as Record<string, unknown>)[segment]
        : undefined;
  if (value === undefined) return NONE;
  if (Array.isArray(value)) return `${value.length} seeded`;
  if (node.type === "object" && node.properties) return NONE; // its keys carry their defaults
  return literal(value);
}

function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

interface Row {
  key: string;
  node: ConfigSchemaNode;
  required: boolean;
  /** Path in `defaultConfig()`; undefined inside list items, which have no default entry. */
  defaultPath: string[] | undefined;
}

function rowsOf(reference: ConfigSchemaNode, key: string, required: boolean, defaultPath: string[] | undefined, rows: Row[]): Row[] {
  const node = resolved(reference);
  if (key !== "") rows.push({ key, node, required, defaultPath });
  const prefix = key === "" ? "" : `${key}.`;
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    rowsOf(child, prefix + name, node.required?.includes(name) ?? false, defaultPath && [...defaultPath, name], rows);
  }
  if (node.type === "array" && node.items) {
    const items = resolved(node.items);
    for (const [name, child] of Object.entries(items.properties ?? {})) {
      rowsOf(child, `${key}[].${name}`, items.required?.includes(name) ?? false, undefined, rows);
    }
  }
  if (node.propertyNames && typeof node.additionalProperties === "object") {
    rowsOf(node.additionalProperties, `${key}.<operationId>`, false, undefined, rows);
  }
  return rows;
}

/** The table of every key of the config file. */
export function configKeysTable(): string {
  const lines = ["| key | type | bounds | default | meaning |", "|---|---|---|---|---|"];
  for (const row of rowsOf(configFileSchema, "", false, [], [])) {
    const leaf =
      row.key
        .split(/[.[\]]+/)
        .filter(Boolean)
        .pop() ?? row.key;
    lines.push(
      `| \`${row.key}\` | ${cell(typeOf(row.node))} | ${cell(boundsOf(row.node, leaf, row.required))} | ${cell(defaultOf(row.node, row.defaultPath))} | ${cell(row.node.description ?? "")} |`,
    );
  }
  return lines.join("\n");
}

/** The table as docs/sandbox.md has it between the markers, or undefined without markers. */
export function documentedTable(markdown: string): string | undefined {
  const start = markdown.indexOf(tableMarkers.start);
  const end = markdown.indexOf(tableMarkers.end);
  if (start < 0 || end < start) return undefined;
  return markdown.slice(start + tableMarkers.start.length, end).trim();
}

if (require.main === module) {
  const table = configKeysTable();
  if (process.argv.includes("--write")) {
    const markdown = readFileSync(sandboxDocPath, "utf8");
    if (documentedTable(markdown) === undefined)
      throw new Error(`${sandboxDocPath} has no ${tableMarkers.start} ... ${tableMarkers.end} markers`);
    const start = markdown.indexOf(tableMarkers.start) + tableMarkers.start.length;
    writeFileSync(sandboxDocPath, `${markdown.slice(0, start)}\n${table}\n${markdown.slice(markdown.indexOf(tableMarkers.end))}`);
    console.log(`wrote the config keys table into ${sandboxDocPath}`);
  } else {
    console.log(table);
  }
}
