/**
 * Reading JSON whose shape nothing has proven yet (a spec bundle walked member by member, an
 * answer read for one field, a parsed file) by checking it at run time: each reader returns the
 * value when it is what the reader names, and that kind's empty form (or undefined) when it is not.
 */

/** A JSON object: any member read from it is still unknown. */
export type JsonObject = Record<string, unknown>;

/** A JSON Schema (2020-12) as a bundle holds it: an object or a boolean. */
export type JsonSchema = JsonObject | boolean;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a JSON object, else an empty one. */
export function objectOf(value: unknown): JsonObject {
  return isJsonObject(value) ? value : {};
}

/** The value when it is an array, else an empty one. */
export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The strings of an array (an array of anything else gives only its strings). */
export function stringsOf(value: unknown): string[] {
  return arrayOf(value).filter((item): item is string => typeof item === "string");
}

/** The value when it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The value when it is a number, else undefined. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

export function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || isJsonObject(value);
}

/** The schemas of a list of schemas (`allOf`, `oneOf`, `anyOf`). */
export function schemasOf(value: unknown): JsonSchema[] {
  return arrayOf(value).filter(isJsonSchema);
}

/** The schemas of a map of schemas (`properties`, `dependentSchemas`), by name. */
export function schemaMapOf(value: unknown): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(objectOf(value)).filter((entry): entry is [string, JsonSchema] => isJsonSchema(entry[1])));
}

/** The members of an object that are themselves objects (`responses`, `content`), by name. */
export function objectMapOf(value: unknown): Record<string, JsonObject> {
  return Object.fromEntries(Object.entries(objectOf(value)).filter((entry): entry is [string, JsonObject] => isJsonObject(entry[1])));
}
