/**
 * Where the spec tests find an operation's schemas and responses in a bundle, through the
 * operation model's records (which followed the `$ref`s at load): the JSON Pointers the
 * validator takes, and a response object as the bundle writes it.
 */
import { deref } from "../../src/testkit/openapi-model/document";
import type { ApiModel } from "../../src/testkit/openapi-model/operation-model";

/** The JSON Pointer of an operation's request body schema for a media type. */
export function requestBodySchemaPointer(model: ApiModel, operationId: string, mediaType: string): string {
  const media = model.operation(operationId).requestBody?.media.find((m) => m.mediaType === mediaType);
  if (!media?.schema) throw new Error(`${operationId} has no ${mediaType} body schema`);
  return media.schema.pointer;
}

/** The JSON Pointer of the schema of an operation's parameter. */
export function parameterSchemaPointer(model: ApiModel, operationId: string, name: string): string {
  const parameter = model.operation(operationId).parameters.find((p) => p.name === name);
  if (!parameter) throw new Error(`${operationId} has no parameter ${name}`);
  return parameter.schema.pointer;
}

/** An operation's documented response for a status key, as the bundle writes it, and the pointer of its base. */
export function responseOf(model: ApiModel, operationId: string, status: string): { response: Record<string, any>; base: string } {
  const documented = model.operation(operationId).responses.get(status);
  if (!documented) throw new Error(`${operationId} documents no ${status}`);
  return { response: deref<Record<string, any>>(model.document, { $ref: `#${documented.pointer}` }), base: documented.pointer };
}
