/**
 * Field comments: a comment may carry exactly one `ch-field:<property>` tag, and the property
 * must be commentable on the commented resource. Which properties are commentable is read
 * from the bundle (`x-commentable: true` on the resource schema's properties, dotted for nested
 * ones), never listed here.
 */
import { deref, type OpenApiDocument } from "../../spec/document";

type Schema = Record<string, unknown> | boolean;

const FIELD_TAG = "ch-field:";

/** Dotted names of the commentable properties of a schema (`signer.name`, `additional_information`). */
export function commentableProperties(doc: OpenApiDocument, schema: Schema, prefix = "", depth = 0, found = new Set<string>()): Set<string> {
  if (typeof schema === "boolean" || depth > 8) return found;
  const resolved = deref<Record<string, unknown>>(doc, schema);
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, Schema>)) {
    if (typeof property === "boolean" || name.startsWith("_")) continue;
    const path = prefix + name;
    const target = deref<Record<string, unknown>>(doc, property);
    if ((property as Record<string, unknown>)["x-commentable"] === true || target["x-commentable"] === true) found.add(path);
    commentableProperties(doc, property, `${path}.`, depth + 1, found);
  }
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of (resolved[key] ?? []) as Schema[]) commentableProperties(doc, branch, prefix, depth + 1, found);
  }
  return found;
}

/** Why the tags of a new comment are refused, or undefined when they are acceptable. */
export function checkFieldTags(tags: string[] | undefined, commentable: ReadonlySet<string>, resourceName: string): string | undefined {
  if (tags === undefined) return undefined; // a plain comment: free discussion on the resource
  const fieldTags = tags.filter((t) => t.startsWith(FIELD_TAG));
  if (fieldTags.length !== 1 || tags.length !== 1) return "a comment takes exactly one supported field-comment tag (ch-field:<property>)";
  const property = fieldTags[0]!.slice(FIELD_TAG.length);
  if (!commentable.has(property)) {
    const list = [...commentable].sort();
    return list.length
      ? `'${property}' is not a commentable property of ${resourceName}; commentable: ${list.join(", ")}`
      : `${resourceName} has no commentable properties; post the comment without tags`;
  }
  return undefined;
}
