/**
 * Facts the merchant sandbox reads from the bundled spec at run time: the spec's servers, the
 * files a person needs, the
 * modifiers of a query language (`x-query-modifiers`), the schema a merged update must satisfy
 * (`x-merged-must-satisfy`), and the documented request and response media types, statuses
 * and schemas, from the operation model's records. Each reader fails loudly when the shape it
 * expects is gone.
 */
import { isJsonObject } from "../../../common/json-values";
import { deref, type OpenApiDocument } from "../../../openapi-model/document";
import type { OperationRecord, ResponseRecord } from "../../../openapi-model/model-records";
import { propertySchemas, type Schema } from "../../../openapi-model/schema-walk";

/** The files a person needs before submission: the spec's `x-required-file-labels` on PersonCreate. */
export function requiredPersonFileLabels(doc: OpenApiDocument): string[] {
  const schema = doc.components?.schemas?.PersonCreate;
  const labels = isJsonObject(schema) ? schema["x-required-file-labels"] : undefined;
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((label) => typeof label === "string")) {
    throw new Error("merchant spec: PersonCreate has no x-required-file-labels");
  }
  return labels;
}

/** The base URLs of the spec's `servers` (audiences a token may be issued for, besides the sandbox's own). */
export function specServers(doc: OpenApiDocument): string[] {
  const servers: unknown = doc.servers ?? [];
  if (!Array.isArray(servers)) throw new Error("merchant spec: servers is not a list");
  return servers.map((server) => (isJsonObject(server) && typeof server.url === "string" ? server.url : "")).filter(Boolean);
}

/** The modifiers the spec gives the query language of an operation's `query` parameter (`x-query-modifiers`). */
export function queryModifiers(route: OperationRecord): string[] {
  for (const parameter of route.parameters) {
    const modifiers = parameter.extensions["x-query-modifiers"];
    if (parameter.in === "query" && Array.isArray(modifiers)) return modifiers.map(String);
  }
  throw new Error(`merchant spec: ${route.operationId} has no query parameter with x-query-modifiers`);
}

/** The name of the schema a partial update must satisfy once merged (`x-merged-must-satisfy` on its request schema). */
export function mergedMustSatisfy(doc: OpenApiDocument, route: OperationRecord): string {
  const schema = requestSchema(route);
  const name = typeof schema === "boolean" ? undefined : deref(doc, schema)["x-merged-must-satisfy"];
  if (typeof name !== "string") throw new Error(`merchant spec: ${route.operationId}'s request schema has no x-merged-must-satisfy`);
  return name;
}

/** Whether a schema is the named component (a `$ref` to it). */
export function isSchemaRef(schema: Schema | undefined, name: string): boolean {
  return typeof schema === "object" && schema.$ref === `#/components/schemas/${name}`;
}

/** The schema of an operation's request body (its first media type). */
export function requestSchema(route: OperationRecord): Schema {
  return route.requestBody?.media[0]?.schema?.schema ?? {};
}

function documentedResponse(route: OperationRecord, status: number): ResponseRecord {
  const response = route.responses.get(String(status));
  if (response === undefined) throw new Error(`merchant spec: ${route.operationId} documents no ${status} answer`);
  return response;
}

/** The schema of an operation's documented answer with the given status (its first media type). */
export function responseSchema(route: OperationRecord, status: number): Schema {
  return documentedResponse(route, status).media[0]?.schema?.schema ?? {};
}

/** What the spec documents for an operation's success: its 2xx status, the media type it is documented in first, and whether it carries `Location`. */
export interface SuccessAnswer {
  status: number;
  mediaType: string | undefined;
  location: boolean;
}

/** The sandbox's status where the spec documents a create as 200 or 201 with one response: that of a created resource. */
const CREATED = "201";

export function successAnswer(route: OperationRecord): SuccessAnswer {
  const statuses = [...route.responses.keys()].filter((code) => /^2\d\d$/.test(code));
  const oneResponse = new Set(statuses.map((code) => route.responses.get(code)?.pointer)).size === 1;
  const chosen = statuses.length === 1 ? statuses[0] : oneResponse && statuses.includes(CREATED) ? CREATED : undefined;
  if (chosen === undefined)
    throw new Error(`merchant spec: ${route.operationId} documents ${statuses.length} different success answers, not one`);
  const status = Number(chosen);
  const response = documentedResponse(route, status);
  return { status, mediaType: response.media[0]?.mediaType, location: response.headers.some((header) => header.lower === "location") };
}

/** The media type of a documented answer whose body is the named schema (the spec documents some answers in two forms). */
export function mediaTypeWithSchema(route: OperationRecord, status: number, schemaName: string): string {
  const media = documentedResponse(route, status).media.find((m) => isSchemaRef(m.schema?.schema, schemaName));
  if (!media) throw new Error(`merchant spec: ${route.operationId} ${status} documents no ${schemaName} body`);
  return media.mediaType;
}

/** The properties a schema forbids (`name: false`), following `$ref` and `allOf`. */
function forbiddenProperties(doc: OpenApiDocument, schema: unknown, depth = 0, found = new Set<string>()): Set<string> {
  if (!isJsonObject(schema) || depth > 16) return found;
  const resolved = deref(doc, schema);
  const properties = resolved.properties;
  if (isJsonObject(properties)) for (const [name, property] of Object.entries(properties)) if (property === false) found.add(name);
  const branches = resolved.allOf;
  if (Array.isArray(branches)) for (const branch of branches) forbiddenProperties(doc, branch, depth + 1, found);
  return found;
}

/** The links an operation's collection answer must not carry (the contracts collection has no `last`). */
export function forbiddenCollectionLinks(doc: OpenApiDocument, route: OperationRecord): ReadonlySet<string> {
  const collection = responseSchema(route, successAnswer(route).status);
  const links = propertySchemas(doc, collection).get("_links");
  return links === undefined ? new Set() : forbiddenProperties(doc, links);
}
