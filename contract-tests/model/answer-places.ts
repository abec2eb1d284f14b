/**
 * Every place of every documented answer of an API: for each operation and documented status,
 * each member of its body (recursively: nested objects, array items as `[]`, embedded items,
 * links and their members) and each header it documents, read from the bundle through the
 * operation model. What the determination inventory (./determinations.ts) classifies, and what
 * the model (./<api>/) predicts.
 */
import { isJsonObject, schemasOf } from "../../src/testkit/common/json-values";
import { deref } from "../../src/testkit/openapi-model/document";
import { propertySchemas, type Schema } from "../../src/testkit/openapi-model/schema-walk";
import type { ApiSpec, ContractOperation } from "../support/spec";

export interface AnswerPlace {
  api: ApiSpec["name"];
  operationId: string;
  /** The documented response's key (`201`, `4XX`, `default`). */
  status: string;
  /** `body` or `header`. */
  in: "body" | "header";
  /** The member's dotted path (`status.code`, `_links.captures.href`, `_embedded.ch:people[].name`) or the header's name. */
  path: string;
  /** The member's schema, after its `$ref`s. */
  schema: Record<string, unknown>;
  /** Schema names the path went through (the innermost last): what a hand-written determination may name. */
  through: string[];
  /** The member's home: the innermost named schema the walk entered and the path inside it (`Person.name`, `HalLink.href`); a body's own top-level member of an unnamed schema is `<operationId>.<path>`. */
  home: string;
  /** The place is marked `x-inferred` (the member, or the schema it is), so a determination resting on it is a warning. */
  inferred: boolean;
  /** Where it is: `<operationId> <status> <in> <path>`, the key determinations match. */
  key: string;
}

/** How deep a body is walked: the specs' answers nest far less; a recursive schema stops here. */
const MAX_DEPTH = 8;

function refName(node: unknown): string | undefined {
  const ref = isJsonObject(node) ? node.$ref : undefined;
  return typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.split("/").pop() : undefined;
}

/** The schema of an array's items (through allOf/oneOf branches), if it is an array. */
function itemsOf(spec: ApiSpec, schema: Record<string, unknown>): Schema | undefined {
  if (isJsonObject(schema.items)) return schema.items;
  for (const key of ["allOf", "oneOf", "anyOf"] as const)
    for (const branch of schemasOf(schema[key])) {
      const items = itemsOf(spec, deref(spec.doc, branch));
      if (items !== undefined) return items;
    }
  return undefined;
}

/** Schema names a schema is made of at its top (its $ref and the $refs of its combinator branches). */
function namesOf(spec: ApiSpec, schema: Schema, found: string[] = [], depth = 0): string[] {
  if (typeof schema === "boolean" || depth > 8) return found;
  const name = refName(schema);
  if (name && !found.includes(name)) found.push(name);
  const resolved = deref<Record<string, unknown>>(spec.doc, schema);
  for (const key of ["allOf", "oneOf", "anyOf"] as const)
    for (const branch of schemasOf(resolved[key])) namesOf(spec, branch, found, depth + 1);
  return found;
}

function walkBody(
  spec: ApiSpec,
  schema: Schema,
  path: string,
  through: string[],
  inferred: boolean,
  depth: number,
  home: string,
  visit: (path: string, schema: Record<string, unknown>, through: string[], inferred: boolean, home: string) => void,
): void {
  if (typeof schema === "boolean" || depth > MAX_DEPTH) return;
  const names = namesOf(spec, schema);
  // A schema that contains itself (a recursive one) is walked once along a path.
  if (names.some((name) => through.includes(name) && depth > 0 && through.lastIndexOf(name) < through.length - names.length)) return;
  const resolved = deref<Record<string, unknown>>(spec.doc, schema);
  const here = [...through, ...names.filter((n) => !through.includes(n))];
  // Marked where the member itself or the named schema it is part of says x-inferred (not an outer one).
  const own = resolved["x-inferred"] !== undefined || (isJsonObject(schema) && schema["x-inferred"] !== undefined);
  const marked = own || inferred;
  if (path !== "") visit(path, resolved, here, marked, home);
  const inherited = names.length > 0 ? own : inferred;
  // Inside a named schema, its members' home is that schema.
  const base = names.length > 0 ? names[0]! : home;
  const within = (suffix: string) => (names.length > 0 ? `${base}${suffix}` : `${home}${suffix}`);
  const items = itemsOf(spec, resolved);
  if (items !== undefined) walkBody(spec, items, `${path}[]`, here, inherited, depth + 1, within("[]"), visit);
  for (const [name, property] of propertySchemas(spec.doc, resolved))
    walkBody(spec, property, path === "" ? name : `${path}.${name}`, here, inherited, depth + 1, within(`.${name}`), visit);
  if (isJsonObject(resolved.additionalProperties))
    walkBody(spec, resolved.additionalProperties, `${path}{}`, here, inherited, depth + 1, within("{}"), visit);
}

/** Every place of the documented answers of one operation. */
export function placesOf(spec: ApiSpec, operation: ContractOperation): AnswerPlace[] {
  const places: AnswerPlace[] = [];
  for (const response of operation.responses.values()) {
    const add = (place: Omit<AnswerPlace, "api" | "operationId" | "status" | "key">) => {
      const key = `${operation.operationId} ${response.key} ${place.in} ${place.path}`;
      if (!places.some((p) => p.key === key))
        places.push({ api: spec.name, operationId: operation.operationId, status: response.key, key, ...place });
    };
    for (const header of response.headers)
      add({
        in: "header",
        path: header.name,
        schema: header.schema?.resolved() ?? {},
        through: [],
        inferred: false,
        home: `header.${header.name}`,
      });
    // Content-Type is a header of every answer with a body, whether or not the response lists it.
    if (response.media.length > 0 && !response.headers.some((h) => h.lower === "content-type"))
      add({ in: "header", path: "Content-Type", schema: {}, through: [], inferred: false, home: "header.Content-Type" });
    for (const media of response.media) {
      if (!media.schema) continue;
      walkBody(spec, media.schema.schema, "", [], false, 0, operation.operationId, (path, schema, through, inferred, home) =>
        add({ in: "body", path, schema, through, inferred, home }),
      );
    }
  }
  return places;
}

/** Every place of every documented answer of the API. */
export function answerPlaces(spec: ApiSpec): AnswerPlace[] {
  return spec.operations.flatMap((operation) => placesOf(spec, operation));
}
