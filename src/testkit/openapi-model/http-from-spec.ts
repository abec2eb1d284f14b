/**
 * Builds concrete HTTP requests from the spec (paths, parameters, security schemes, examples),
 * so tests exercise every operation without restating any of it.
 */
import { randomUUID } from "node:crypto";
import { stringify } from "qs";
import { deref, findOperation, type OpenApiDocument } from "./document";
import { FORM_MEDIA_TYPE } from "./media-types";
import { signatureHeader as signatureFormat } from "../../../generated/gateway/constants";

type SchemaLike = { example?: unknown; examples?: unknown[]; enum?: unknown[]; format?: string; default?: unknown };

/** A value for a path parameter: its example, else the schema's example/enum/default, else by format. */
function parameterValue(doc: OpenApiDocument, parameter: Record<string, unknown>): string {
  const named = Object.values((parameter.examples ?? {}) as Record<string, unknown>)[0];
  if (named !== undefined) return asText(deref<{ value: unknown }>(doc, named).value);
  if (parameter.example !== undefined) return asText(parameter.example);
  const schema = deref<SchemaLike>(doc, parameter.schema ?? {});
  const candidate = schema.example ?? schema.examples?.[0] ?? schema.enum?.[0] ?? schema.default;
  if (candidate !== undefined) return asText(candidate);
  return schema.format === "uuid" ? randomUUID() : "example";
}

/** The concrete path of an operation, with every path parameter filled in. */
export function concretePath(doc: OpenApiDocument, operationId: string): string {
  const { path, operation } = findOperation(doc, operationId);
  const pathItem = deref<Record<string, unknown>>(doc, doc.paths[path]);
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((p) =>
    deref<Record<string, unknown>>(doc, p),
  );
  return path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const parameter = parameters.find((p) => p.name === name && p.in === "path");
    if (!parameter) throw new Error(`${operationId}: no definition of path parameter ${name}`);
    return encodeURIComponent(parameterValue(doc, parameter));
  });
}

/** Headers that satisfy the operation's first security requirement with placeholder credentials. */
export function credentialHeaders(doc: OpenApiDocument, operationId: string): Record<string, string> {
  const { operation } = findOperation(doc, operationId);
  const requirements = (operation.security ?? doc.security ?? []) as Record<string, string[]>[];
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, Record<string, string>>;
  const headers: Record<string, string> = {};
  for (const name of Object.keys(requirements[0] ?? {})) {
    const scheme = schemes[name];
    if (!scheme) throw new Error(`${operationId}: unknown security scheme ${name}`);
    if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic") {
      headers.authorization = "Basic " + Buffer.from(`${randomUUID()}:`).toString("base64");
    } else if ((scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer") || scheme.type === "oauth2") {
      headers.authorization = "Bearer placeholder-access-token";
    } else if (scheme.type === "apiKey" && scheme.in === "header") {
      // The one header scheme of the specs: the gateway's Signature, in its spec-given form.
      headers[scheme.name!.toLowerCase()] = `${randomUUID()} ${signatureFormat.schemeToken} ${"ab".repeat(256)}`;
    }
  }
  return headers;
}

/** Serialises a body for its media type: brackets for forms (`card[pan]=...`), JSON for JSON types. */
export function encodeBody(mediaType: string, value: unknown): string {
  if (mediaType === FORM_MEDIA_TYPE) {
    return stringify(value, { encodeValuesOnly: true, arrayFormat: "brackets" });
  }
  if (/[/+]json$/.test(mediaType)) return JSON.stringify(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An example as the text of a parameter: a string as it is, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
