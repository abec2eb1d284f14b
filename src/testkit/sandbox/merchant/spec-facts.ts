/**
 * Facts the merchant sandbox reads from the bundled spec at run time: the spec's servers, the
 * files a person needs, the relation that leads to an operation (`x-link-relation`), the
 * modifiers of a query language (`x-query-modifiers`), the schema a merged update must satisfy
 * (`x-merged-must-satisfy`), and the documented request and response media types, statuses
 * and schemas. Each reader fails loudly when the shape it expects is gone.
 */
import { deref, type OpenApiDocument } from "../../openapi-model/document";
import type { RoutedOperation } from "../../openapi-model/router";
import { propertySchemas } from "../../openapi-model/schema-walk";

type Json = Record<string, unknown>;
type Content = Record<string, { schema?: unknown }>;
interface Response {
  content?: Content;
  headers?: Json;
}

/** The files a person needs before submission: the spec's `x-required-file-labels` on PersonCreate. */
export function requiredPersonFileLabels(doc: OpenApiDocument): string[] {
  const labels = (doc.components?.schemas?.PersonCreate as { "x-required-file-labels"?: unknown } | undefined)?.["x-required-file-labels"];
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((label) => typeof label === "string")) {
    throw new Error("merchant spec: PersonCreate has no x-required-file-labels");
  }
  return labels;
}

/** The base URLs of the spec's `servers` (audiences a token may be issued for, besides the sandbox's own). */
export function specServers(doc: OpenApiDocument): string[] {
  return ((doc.servers ?? []) as Array<{ url: string }>).map((s) => s.url);
}

/** The relation whose link leads to an operation (`x-link-relation`), or undefined when no link does. */
export function linkRelation(route: RoutedOperation): string | undefined {
  const rel = route.operation["x-link-relation"];
  return typeof rel === "string" ? rel : undefined;
}

/** The modifiers the spec gives the query language of an operation's `query` parameter (`x-query-modifiers`). */
export function queryModifiers(doc: OpenApiDocument, route: RoutedOperation): string[] {
  const raw = (route.operation.parameters ?? []) as unknown[];
  for (const parameter of raw.map((p) => deref<Json>(doc, p))) {
    const modifiers = parameter["x-query-modifiers"];
    if (parameter.in === "query" && Array.isArray(modifiers)) return modifiers.map(String);
  }
  throw new Error(`merchant spec: ${route.operationId} has no query parameter with x-query-modifiers`);
}

/** The name of the schema a partial update must satisfy once merged (`x-merged-must-satisfy` on its request schema). */
export function mergedMustSatisfy(doc: OpenApiDocument, route: RoutedOperation): string {
  const name = deref<Json>(doc, requestSchema(doc, route))["x-merged-must-satisfy"];
  if (typeof name !== "string") throw new Error(`merchant spec: ${route.operationId}'s request schema has no x-merged-must-satisfy`);
  return name;
}

/** Whether a schema is the named component (a `$ref` to it). */
export function isSchemaRef(schema: unknown, name: string): boolean {
  return (schema as { $ref?: unknown } | undefined)?.$ref === `#/components/schemas/${name}`;
}

/** An operation's request body media types and their schemas. */
export function requestContent(doc: OpenApiDocument, route: RoutedOperation): Content {
  return deref<{ content?: Content }>(doc, route.operation.requestBody).content ?? {};
}

/** The schema of an operation's request body (its first media type). */
export function requestSchema(doc: OpenApiDocument, route: RoutedOperation): Json {
  return (Object.values(requestContent(doc, route))[0]?.schema ?? {}) as Json;
}

function documentedResponse(doc: OpenApiDocument, route: RoutedOperation, status: number): Response {
  const raw = (route.operation.responses as Json)[String(status)];
  if (raw === undefined) throw new Error(`merchant spec: ${route.operationId} documents no ${status} answer`);
  return deref<Response>(doc, raw);
}

/** The schema of an operation's documented answer with the given status (its first media type). */
export function responseSchema(doc: OpenApiDocument, route: RoutedOperation, status: number): Json {
  return (Object.values(documentedResponse(doc, route, status).content ?? {})[0]?.schema ?? {}) as Json;
}

/** What the spec documents for an operation's success: its one 2xx status, the media type it is documented in first, and whether it carries `Location`. */
export interface SuccessAnswer {
  status: number;
  mediaType: string | undefined;
  location: boolean;
}

export function successAnswer(doc: OpenApiDocument, route: RoutedOperation): SuccessAnswer {
  const statuses = Object.keys(route.operation.responses as Json).filter((code) => /^2\d\d$/.test(code));
  if (statuses.length !== 1) throw new Error(`merchant spec: ${route.operationId} documents ${statuses.length} success answers, not one`);
  const status = Number(statuses[0]);
  const response = documentedResponse(doc, route, status);
  const location = Object.keys(response.headers ?? {}).some((name) => name.toLowerCase() === "location");
  return { status, mediaType: Object.keys(response.content ?? {})[0], location };
}

/** The media type of a documented answer whose body is the named schema (the spec documents some answers in two forms). */
export function mediaTypeWithSchema(doc: OpenApiDocument, route: RoutedOperation, status: number, schemaName: string): string {
  const entry = Object.entries(documentedResponse(doc, route, status).content ?? {}).find(([, media]) =>
    isSchemaRef(media.schema, schemaName),
  );
  if (!entry) throw new Error(`merchant spec: ${route.operationId} ${status} documents no ${schemaName} body`);
  return entry[0];
}

/** The properties a schema forbids (`name: false`), following `$ref` and `allOf`. */
function forbiddenProperties(doc: OpenApiDocument, schema: unknown, depth = 0, found = new Set<string>()): Set<string> {
  if (typeof schema !== "object" || schema === null || depth > 16) return found;
  const resolved = deref<Json>(doc, schema);
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Json)) if (property === false) found.add(name);
  for (const branch of (resolved.allOf ?? []) as unknown[]) forbiddenProperties(doc, branch, depth + 1, found);
  return found;
}

/** The links an operation's collection answer must not carry (the contracts collection has no `last`). */
export function forbiddenCollectionLinks(doc: OpenApiDocument, route: RoutedOperation): ReadonlySet<string> {
  const collection = responseSchema(doc, route, successAnswer(doc, route).status);
  const links = propertySchemas(doc, collection).get("_links");
  return links === undefined ? new Set() : forbiddenProperties(doc, links);
}
