/**
 * Builds concrete HTTP requests from the operation model (paths, parameters, security schemes,
 * examples), so tests exercise every operation without restating any of it.
 */
import { randomUUID } from "node:crypto";
import { stringify } from "qs";
import { FORM_MEDIA_TYPE } from "./media-types";
import type { OperationRecord, ParameterRecord } from "./model-records";

/** A value for a path parameter: its example, else the schema's default, else by format. */
function parameterValue(parameter: ParameterRecord): string {
  if (parameter.example.found) return asText(parameter.example.value);
  const schema = parameter.schema.resolved();
  if (schema.default !== undefined) return asText(schema.default);
  return schema.format === "uuid" ? randomUUID() : "example";
}

/** The concrete path of an operation, with every path parameter filled in (the model checked at load that each is defined). */
export function concretePath(operation: OperationRecord): string {
  return operation.template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.name === name && p.in === "path")!;
    return encodeURIComponent(parameterValue(parameter));
  });
}

/** Headers that satisfy the operation's first security requirement with placeholder credentials. */
export function credentialHeaders(operation: OperationRecord): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const scheme of operation.security[0] ?? []) {
    if (scheme.type === "http" && scheme.scheme === "basic")
      headers.authorization = "Basic " + Buffer.from(`${randomUUID()}:`).toString("base64");
    else if (scheme.type === "http" || scheme.type === "oauth2") headers.authorization = "Bearer placeholder-access-token";
    // The signature in its spec-given form (`<key id> <scheme token> <hex>`); no other key header exists in the specs.
    else if (scheme.signature) headers[scheme.header.toLowerCase()] = `${randomUUID()} ${scheme.signature.schemeToken} ${"ab".repeat(256)}`;
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
