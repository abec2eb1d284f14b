/**
 * What path parameters, comments and files refer to, derived from the spec's paths: a
 * collection's *reader* is its `GET /<collection>/{<id>}` operation (the relation that links to
 * one of its resources is the reader's `x-link-relation`). A path parameter names a resource of the
 * collection written before it (`/applications/{application_id}/gateways/{gateway_id}`: an
 * application and a gateway); the comment contexts are the `context` values the spec lists that
 * the sandbox can read. All are looked up by names from the request, so they are Maps.
 */
import { deref, type OpenApiDocument } from "../../../openapi-model/document";
import type { OperationRecord } from "../../../openapi-model/model-records";
import type { SpecRouter } from "../../../openapi-model/router";
import { commentableProperties } from "../records/comments";
import type { FileStore } from "../records/files";
import type { OperationId, PathOf } from "../records/spec-types";
import type { MerchantResources } from "../records/resources";
import { visibleTo } from "../records/tenancy";
import { responseSchema, successAnswer } from "./spec-facts";
import type { Schema } from "../../../openapi-model/schema-walk";

/** The values a schema lists (`enum`), after its `$ref`. */
function enumOf(doc: OpenApiDocument, schema: Schema | undefined): unknown[] {
  if (typeof schema !== "object") return [];
  const values = deref(doc, schema).enum;
  return Array.isArray(values) ? values : [];
}

/** The operation that reads one resource of a collection, and its id parameter. */
export interface Reader {
  get: OperationId;
  param: string;
}

/** A `context` of the comments path (the spec's enum). */
export type CommentContextName = PathOf<"listComments">["context"];

export interface CommentContext extends Reader {
  /** How a refusal names the resource (the title of its schema). */
  name: string;
  exists: Lookup;
  /** Dotted names of the properties a field comment may name. */
  commentable: ReadonlySet<string>;
}

/** Whether a resource exists and is visible to a client of `merchant` (tenancy.ts). */
export type Lookup = (id: string, merchant: string) => boolean;

/** The lookup of each collection, by the operation that reads it (keys are operationIds of the generated types). */
export type Lookups = Partial<Record<OperationId, Lookup>>;

/**
 * The one place where visibility is decided: the pipeline looks up every resource a path names
 * with the caller's merchant before any operation runs, so another merchant's resource is the
 * spec's 404 for every operation under it. Gateways are the acquirer's catalogue, seen by all.
 */
export function resourceLookups(resources: MerchantResources, files: FileStore): Lookups {
  return {
    getApplication: (id, merchant) => visibleTo(merchant, resources.applications.get(id)),
    getPerson: (id, merchant) => visibleTo(merchant, resources.people.get(id)),
    getFile: (id, merchant) => visibleTo(merchant, files.get(id)),
    getDispute: (id, merchant) => visibleTo(merchant, resources.disputes.get(id)),
    getContract: (id, merchant) => visibleTo(merchant, resources.contracts.get(id)),
    getGateway: (id) => resources.gateways.has(id),
    getComment: (id, merchant) => visibleTo(merchant, resources.comments.get(id)),
  };
}

/** The reader of every collection, by the collection's path segment (`applications` → getApplication). */
export function resourceReaders(router: SpecRouter): ReadonlyMap<string, Reader> {
  const readers = new Map<string, Reader>();
  for (const operation of router.operations.values()) {
    const [collection, id, ...rest] = operation.segments;
    if (operation.method !== "GET" || !collection || !("literal" in collection) || !id || !("param" in id) || rest.length) continue;
    readers.set(collection.literal, { get: operation.operationId as OperationId, param: id.param });
  }
  return readers;
}

/**
 * The resource an operation's path is under, by the operation that reads it, and its id
 * (`/people/{person_id}/files`: getPerson and the person_id).
 */
export function ownerOf(
  readers: ReadonlyMap<string, Reader>,
  route: OperationRecord,
  params: Record<string, string>,
): { reader: OperationId; id: string } {
  const [collection, id] = route.segments;
  const reader = collection && "literal" in collection ? readers.get(collection.literal) : undefined;
  if (!reader || !id || !("param" in id)) throw new Error(`merchant sandbox: ${route.operationId} is not under a resource`);
  return { reader: reader.get, id: params[id.param] ?? "" };
}

/**
 * The comment contexts the sandbox models: the values of the comments path's first parameter
 * (`context`) whose collection has a reader that the sandbox can look up.
 */
export function commentContexts(
  doc: OpenApiDocument,
  router: SpecRouter,
  readers: ReadonlyMap<string, Reader>,
  lookups: Lookups,
): ReadonlyMap<CommentContextName, CommentContext> {
  const comments = router.operation("listComments");
  const [first] = comments.segments;
  const parameter = comments.parameters.find((p) => first !== undefined && "param" in first && p.name === first.param);
  const values = enumOf(doc, parameter?.schema.schema) as CommentContextName[]; // the enum the generated type is made of
  const contexts = new Map<CommentContextName, CommentContext>();
  for (const value of values) {
    const reader = readers.get(value);
    const exists = reader && lookups[reader.get];
    if (!reader || !exists) continue;
    const read = router.operation(reader.get);
    const schema = responseSchema(read, successAnswer(read).status);
    const name = (typeof schema === "object" && typeof schema.$ref === "string" ? schema.$ref.split("/").pop() : undefined) ?? value;
    contexts.set(value, { ...reader, name, exists, commentable: commentableProperties(doc, schema) });
  }
  return contexts;
}
