/**
 * Facts the merchant sandbox reads from the bundled spec: the curie href, the spec's servers,
 * the files a person needs, and the documented request and response media types and schemas.
 */
import { halMediaType } from "../../../../generated/merchant/constants";
import { deref, type OpenApiDocument } from "../../spec/document";
import type { RoutedOperation } from "../../spec/router";

type Json = Record<string, unknown>;
type Content = Record<string, { schema?: unknown }>;

/** The files a person needs before submission: the spec's `x-required-file-labels` on PersonCreate. */
export function requiredPersonFileLabels(doc: OpenApiDocument): string[] {
  const labels = (doc.components?.schemas?.PersonCreate as { "x-required-file-labels"?: unknown } | undefined)?.["x-required-file-labels"];
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((label) => typeof label === "string")) {
    throw new Error("merchant spec: PersonCreate has no x-required-file-labels");
  }
  return labels as string[];
}

/** The curie link's href, from the spec's Hypermedia chapter. */
export function curieHref(doc: OpenApiDocument): string {
  const tags = (doc.tags ?? []) as Array<{ name?: string; description?: string }>;
  const match = /"href": "([^"]*\{rel\})"/.exec(tags.find((t) => t.name === "Hypermedia")?.description ?? "");
  if (!match) throw new Error("merchant spec: cannot read the curie href from the Hypermedia chapter");
  return match[1]!;
}

/** The base URLs of the spec's `servers` (audiences a token may be issued for, besides the sandbox's own). */
export function specServers(doc: OpenApiDocument): string[] {
  return ((doc.servers ?? []) as Array<{ url: string }>).map((s) => s.url);
}

/** An operation's request body media types and their schemas. */
export function requestContent(doc: OpenApiDocument, route: RoutedOperation): Content {
  return deref<{ content?: Content }>(doc, route.operation.requestBody).content ?? {};
}

/** The schema of an operation's request body (its first media type). */
export function requestSchema(doc: OpenApiDocument, route: RoutedOperation): Json {
  return (Object.values(requestContent(doc, route))[0]?.schema ?? {}) as Json;
}

/** The schema of an operation's documented answer with the given status (its first media type). */
export function responseSchema(doc: OpenApiDocument, route: RoutedOperation, status: number): Json {
  const response = deref<{ content?: Content }>(doc, (route.operation.responses as Json)[String(status)]);
  return (Object.values(response.content ?? {})[0]?.schema ?? {}) as Json;
}

/** The media type the spec documents for an operation's response (OAuth endpoints: plain JSON). */
export function documentedMediaType(doc: OpenApiDocument, route: RoutedOperation, status: number): string {
  const response = deref<{ content?: Json }>(doc, (route.operation.responses as Json)[String(status)]);
  return Object.keys(response.content ?? {})[0] ?? halMediaType;
}

/** The media type of a documented answer whose body is the named schema (the spec documents some answers in two forms). */
export function mediaTypeWithSchema(doc: OpenApiDocument, route: RoutedOperation, status: number, schemaName: string): string {
  const response = deref<{ content?: Record<string, { schema?: { $ref?: string } }> }>(doc, (route.operation.responses as Json)[String(status)]);
  const entry = Object.entries(response.content ?? {}).find(([, media]) => media.schema?.$ref === `#/components/schemas/${schemaName}`);
  if (!entry) throw new Error(`merchant spec: ${route.operationId} ${status} documents no ${schemaName} body`);
  return entry[0];
}
