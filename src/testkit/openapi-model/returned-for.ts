/**
 * The status-code table of an API whose answers carry a code from a fixed list (the gateway's
 * `status.code`): the component schema whose `oneOf` branches each give a code (`const`) and the
 * transaction types it is returned for (`x-returned-for`). Read from the spec's structure:
 * where an answer carries the code is where its schema refers to the table; the transaction type
 * an operation makes is its own `x-transaction-type` (the model's `transactionType`).
 */
import { isJsonObject } from "../common/json-values";
import type { BundleReader } from "./bundle-reading";
import { toPointer } from "./document";

export interface ReturnedForTable {
  /** JSON Pointer of the table's schema. */
  readonly pointer: string;
  /** The transaction types each code is returned for. */
  readonly byCode: ReadonlyMap<number, readonly string[]>;
}

/** The table, when a component schema of the bundle is one (at most one may be). */
export function readReturnedFor(reader: BundleReader): ReturnedForTable | undefined {
  const components = reader.object(reader.doc, "components", "");
  const schemas = components ? reader.object(components, "schemas", "/components") : undefined;
  let table: ReturnedForTable | undefined;
  for (const [name, schema] of Object.entries(schemas ?? {})) {
    const pointer = toPointer(["components", "schemas", name]);
    const branches = isJsonObject(schema) && Array.isArray(schema.oneOf) ? schema.oneOf : [];
    if (!branches.some((branch) => isJsonObject(branch) && branch["x-returned-for"] !== undefined)) continue;
    if (table) reader.refuse(pointer, `a second status-code table (x-returned-for) besides #${table.pointer}`);
    const byCode = new Map<number, readonly string[]>();
    branches.forEach((branch, index) => {
      const at = `${pointer}/oneOf/${index}`;
      if (!isJsonObject(branch) || typeof branch.const !== "number") reader.refuse(at, "a status-code table entry without a numeric const");
      byCode.set(branch.const, Object.freeze([...reader.strings(branch, "x-returned-for", at)]));
    });
    table = Object.freeze({ pointer, byCode });
  }
  return table;
}

/** Where an answer's schema carries the table's code (`["status", "code"]`). */
export interface CodePlace {
  readonly path: readonly string[];
}

/** Walks a response schema through `$ref`, the combinators and `properties` to the place that refers to the table. */
export function codePlaceOf(reader: BundleReader, table: ReturnedForTable, schema: unknown, pointer: string): CodePlace | undefined {
  let path: readonly string[] | undefined;
  const visit = (node: unknown, at: readonly string[], where: string, depth: number): void => {
    if (!isJsonObject(node) || depth > 12) return;
    if (typeof node.$ref === "string") {
      if (node.$ref === `#${table.pointer}`) path ??= at;
      else {
        const target = reader.resolve(node, where, "a schema");
        visit(target.node, at, target.pointer, depth + 1);
      }
    }
    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) branches.forEach((branch, index) => visit(branch, at, `${where}/${key}/${index}`, depth + 1));
    }
    if (isJsonObject(node.properties))
      for (const [name, property] of Object.entries(node.properties))
        visit(property, [...at, name], `${where}${toPointer(["properties", name])}`, depth + 1);
  };
  visit(schema, [], pointer, 0);
  return path === undefined ? undefined : { path };
}
