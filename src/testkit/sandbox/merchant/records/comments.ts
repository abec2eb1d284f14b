/**
 * Field comments: a comment may carry exactly one field-comment tag (`ch-field:<property>`), and
 * the property must be commentable on the commented resource. Which properties are commentable
 * is read from the bundle (`x-commentable: true` on the resource schema's properties, dotted for
 * nested ones), and the tag's prefix from the pattern of the tag the spec marks
 * `x-names-commentable-property`; neither is listed here.
 */
import { deref, type OpenApiDocument } from "../../../openapi-model/document";
import { propertySchemas } from "../../../openapi-model/schema-walk";

type Schema = Record<string, unknown> | boolean;

/** The prefix of a field-comment tag: the literal start of the pattern of CommentCreate's tag marked `x-names-commentable-property`. */
export function fieldTagPrefix(doc: OpenApiDocument): string {
  const tags = propertySchemas(doc, { $ref: "#/components/schemas/CommentCreate" }).get("tags");
  const item = tags === undefined ? undefined : deref<{ items?: unknown }>(doc, tags).items;
  const tag = item === undefined ? {} : deref<{ pattern?: unknown; "x-names-commentable-property"?: unknown }>(doc, item);
  const prefix = typeof tag.pattern === "string" ? /^\^([\w:-]+)/.exec(tag.pattern)?.[1] : undefined;
  if (tag["x-names-commentable-property"] !== true || !prefix)
    throw new Error("merchant spec: CommentCreate has no field-comment tag pattern");
  return prefix;
}

/** Dotted names of the commentable properties of a schema (`signer.name`, `additional_information`). */
export function commentableProperties(
  doc: OpenApiDocument,
  schema: Schema,
  prefix = "",
  depth = 0,
  found = new Set<string>(),
): Set<string> {
  if (typeof schema === "boolean" || depth > 8) return found;
  const resolved = deref<Record<string, unknown>>(doc, schema);
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, Schema>)) {
    if (typeof property === "boolean" || name.startsWith("_")) continue;
    const path = prefix + name;
    const target = deref<Record<string, unknown>>(doc, property);
    if (property["x-commentable"] === true || target["x-commentable"] === true) found.add(path);
    commentableProperties(doc, property, `${path}.`, depth + 1, found);
  }
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of (resolved[key] ?? []) as Schema[]) commentableProperties(doc, branch, prefix, depth + 1, found);
  }
  return found;
}

/** Why the tags of a new comment are refused, or undefined when they are acceptable. */
export function checkFieldTags(
  tags: string[] | undefined,
  prefix: string,
  commentable: ReadonlySet<string>,
  resourceName: string,
): string | undefined {
  if (tags === undefined) return undefined; // a plain comment: free discussion on the resource
  const fieldTags = tags.filter((t) => t.startsWith(prefix));
  if (fieldTags.length !== 1 || tags.length !== 1) return `a comment takes exactly one supported field-comment tag (${prefix}<property>)`;
  const property = fieldTags[0]!.slice(prefix.length);
  if (!commentable.has(property)) {
    const list = [...commentable].sort();
    return list.length
      ? `'${property}' is not a commentable property of ${resourceName}; commentable: ${list.join(", ")}`
      : `${resourceName} has no commentable properties; post the comment without tags`;
  }
  return undefined;
}
