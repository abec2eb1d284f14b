import { arrayOf, isJsonObject, objectOf } from "../common/json-values";
import { deref, HTTP_METHODS, toPointer, type OpenApiDocument } from "./document";

/** A named example of a request body, response or parameter, with the schema it must satisfy. */
export interface SpecExample {
  /** Human-readable place, e.g. `POST /authorizations request application/x-www-form-urlencoded "card"`. */
  label: string;
  operationId: string;
  kind: "request" | "response" | "parameter" | "schema";
  /** The example's name (its key under `examples`), or "example" for a single `example`. */
  name: string;
  /** Media type for request and response examples. */
  mediaType?: string;
  /** HTTP status for response examples. */
  status?: string;
  /** JSON Pointer of the schema in the bundled document. */
  schemaPointer: string;
  value: unknown;
}

interface MediaTypeObject {
  schema?: unknown;
  examples?: Record<string, unknown>;
  example?: unknown;
}

function mediaTypeExamples(
  doc: OpenApiDocument,
  content: Record<string, MediaTypeObject> | undefined,
  contentPointer: string[],
  labelPrefix: string,
  context: Pick<SpecExample, "operationId" | "kind" | "status">,
): SpecExample[] {
  return Object.entries(content ?? {}).flatMap(([mediaType, media]) => {
    if (!media.schema) return [];
    const schemaPointer = toPointer([...contentPointer, mediaType, "schema"]);
    const named = Object.entries(media.examples ?? {}).map(([name, example]) => ({
      ...context,
      label: `${labelPrefix} ${mediaType} "${name}"`,
      name,
      mediaType,
      schemaPointer,
      value: deref<{ value?: unknown }>(doc, example).value,
    }));
    const single =
      media.example === undefined
        ? []
        : [{ ...context, label: `${labelPrefix} ${mediaType} (example)`, name: "example", mediaType, schemaPointer, value: media.example }];
    return [...named, ...single];
  });
}

/**
 * Every example of every operation in a bundled document: request bodies, responses and
 * parameters. Components reached through `$ref` are followed, and the schema pointer points
 * at the place the operation uses (so a shared response is checked in each context).
 */
export function listOperationExamples(doc: OpenApiDocument): SpecExample[] {
  let listed = operationExamples.get(doc);
  if (!listed) {
    listed = collectOperationExamples(doc).map((example) => Object.freeze(example));
    operationExamples.set(doc, listed);
  }
  return [...listed];
}

/**
 * The examples of each document, listed once: the list is a pure function of the document (which
 * nobody changes), and suites and Dredd hooks ask for it per request. Entries are frozen, the
 * array is a fresh copy each time; the values are the document's own, as they always were.
 */
const operationExamples = new WeakMap<OpenApiDocument, readonly SpecExample[]>();

function collectOperationExamples(doc: OpenApiDocument): SpecExample[] {
  const found: SpecExample[] = [];
  for (const [path, pathItemRaw] of Object.entries(doc.paths)) {
    const pathItem = deref<Record<string, unknown>>(doc, pathItemRaw);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isJsonObject(operation)) continue;
      const operationId = typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`;
      const where = `${method.toUpperCase()} ${path}`;
      const opPointer = ["paths", path, method];

      if (operation.requestBody) {
        const body = deref<{ content?: Record<string, MediaTypeObject>; $ref?: string }>(doc, operation.requestBody);
        const base = refBase(operation.requestBody) ?? [...opPointer, "requestBody"];
        found.push(...mediaTypeExamples(doc, body.content, [...base, "content"], `${where} request`, { operationId, kind: "request" }));
      }
      for (const [status, responseRaw] of Object.entries(objectOf(operation.responses))) {
        const response = deref<{ content?: Record<string, MediaTypeObject> }>(doc, responseRaw);
        const base = refBase(responseRaw) ?? [...opPointer, "responses", status];
        found.push(
          ...mediaTypeExamples(doc, response.content, [...base, "content"], `${where} ${status}`, {
            operationId,
            kind: "response",
            status,
          }),
        );
      }
      const parameters = [
        ...arrayOf(pathItem.parameters).map((p, i) => ({ raw: p, at: ["paths", path, "parameters", String(i)] })),
        ...arrayOf(operation.parameters).map((p, i) => ({ raw: p, at: [...opPointer, "parameters", String(i)] })),
      ];
      for (const { raw, at } of parameters) {
        const parameter = deref<{ name: string; schema?: unknown; examples?: Record<string, unknown>; example?: unknown }>(doc, raw);
        if (!parameter.schema) continue;
        const schemaPointer = toPointer([...(refBase(raw) ?? at), "schema"]);
        const named = Object.entries(parameter.examples ?? {}).map(([name, example]) => ({
          label: `${where} parameter ${parameter.name} "${name}"`,
          name,
          value: deref<{ value?: unknown }>(doc, example).value,
        }));
        if (parameter.example !== undefined) {
          named.push({ label: `${where} parameter ${parameter.name} (example)`, name: "example", value: parameter.example });
        }
        found.push(...named.map((e) => ({ ...e, operationId, kind: "parameter" as const, schemaPointer })));
      }
    }
  }
  return found;
}

/** JSON Schema `examples` arrays on named component schemas, each checked against its schema. */
export function listSchemaExamples(doc: OpenApiDocument): SpecExample[] {
  return Object.entries(objectOf(doc.components?.schemas)).flatMap(([name, schema]) =>
    arrayOf(objectOf(schema).examples).map((value, index) => ({
      label: `components.schemas.${name} examples[${index}]`,
      operationId: "",
      kind: "schema" as const,
      name: `${name}[${index}]`,
      schemaPointer: toPointer(["components", "schemas", name]),
      value,
    })),
  );
}

/** Path segments of the component a local `$ref` points to, or undefined for an inline object. */
function refBase(node: unknown): string[] | undefined {
  const ref = objectOf(node).$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
