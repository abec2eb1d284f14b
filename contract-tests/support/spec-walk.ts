/**
 * Walking a spec document: every node with its path (the rule inventory's walk), and the component
 * schemas that hold links (the run's invariants read them too).
 */
import { arrayOf, isJsonObject, objectOf } from "../../src/testkit/common/json-values";
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";

/** Visits every object node of a document with its path, leaving out `x-` extensions. */
export function walk(node: unknown, path: string[], visit: (value: Record<string, unknown>, path: string[]) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, [...path, String(i)], visit));
    return;
  }
  if (!isJsonObject(node)) return;
  visit(node, path);
  for (const [key, child] of Object.entries(node)) if (!key.startsWith("x-")) walk(child, [...path, key], visit);
}

/** The component schemas a `_links` member refers to (directly or through allOf): each of their properties is a relation. */
const linksSchemaCache = new WeakMap<OpenApiDocument, Set<string>>();
export function linksSchemaNames(doc: OpenApiDocument): Set<string> {
  const known = linksSchemaCache.get(doc);
  if (known) return known;
  const names = new Set<string>();
  linksSchemaCache.set(doc, names);
  const note = (node: unknown) => {
    const { $ref: ref, allOf } = objectOf(node);
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) names.add(ref.split("/").pop()!);
    for (const branch of arrayOf(allOf)) note(branch);
  };
  walk(doc, [], (value, path) => {
    if (path.at(-1) === "_links" && path.at(-2) === "properties") note(value);
  });
  return names;
}
