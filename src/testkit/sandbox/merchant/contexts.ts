/**
 * What path parameters, comments and files refer to, derived from the spec's paths: a
 * collection's *reader* is its `GET /<collection>/{<id>}` operation (the relation that links to
 * one of its resources is the reader's `x-link-relation`). A path parameter names a resource of the
 * collection written before it (`/applications/{application_id}/gateways/{gateway_id}`: an
 * application and a gateway); the comment contexts are the `context` values the spec lists that
 * the sandbox can read. All are looked up by names from the request, so they are Maps.
 */
import type { OpenApiDocument } from "../../openapi-model/document";
import type { RoutedOperation, SpecRouter } from "../../openapi-model/router";
import { commentableProperties } from "./comments";
import type { FileStore } from "./files";
import type { OperationId, PathOf } from "./operation";
import type { MerchantResources } from "./resources";
import { visibleTo } from "./tenancy";
import { responseSchema, successAnswer } from "./spec-facts";

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

const splitTemplates = new Map<string, ReadonlyArray<{ literal: string } | { param: string }>>();

/** A path template's segments: `{literal}` or `{param}`. */
export function templateSegments(template: string): ReadonlyArray<{ literal: string } | { param: string }> {
  // Split once per template (the spec's templates only): every request's path check reads them.
  let segments = splitTemplates.get(template);
  if (!segments) {
    segments = Object.freeze(
      template
        .split("/")
        .slice(1)
        .map((segment) => Object.freeze(/^\{[^}]+\}$/.test(segment) ? { param: segment.slice(1, -1) } : { literal: segment })),
    );
    splitTemplates.set(template, segments);
  }
  return segments;
}

/** The reader of every collection, by the collection's path segment (`applications` → getApplication). */
export function resourceReaders(doc: OpenApiDocument): ReadonlyMap<string, Reader> {
  const readers = new Map<string, Reader>();
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const [collection, id, ...rest] = templateSegments(template);
    const operationId = (item as { get?: { operationId?: string } }).get?.operationId;
    if (!collection || !("literal" in collection) || !id || !("param" in id) || rest.length || !operationId) continue;
    readers.set(collection.literal, { get: operationId as OperationId, param: id.param });
  }
  return readers;
}

/**
 * The resource an operation's path is under, by the operation that reads it, and its id
 * (`/people/{person_id}/files`: getPerson and the person_id).
 */
export function ownerOf(
  readers: ReadonlyMap<string, Reader>,
  route: RoutedOperation,
  params: Record<string, string>,
): { reader: OperationId; id: string } {
  const [collection, id] = templateSegments(route.template);
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
  const [first] = templateSegments(comments.template);
  const parameter = comments.parameters.find((p) => first !== undefined && "param" in first && p.name === first.param);
  const values = (parameter?.schema.enum ?? []) as CommentContextName[]; // the enum the generated type is made of
  const contexts = new Map<CommentContextName, CommentContext>();
  for (const value of values) {
    const reader = readers.get(value);
    const exists = reader && lookups[reader.get];
    if (!reader || !exists) continue;
    const read = router.operation(reader.get);
    const schema = responseSchema(doc, read, successAnswer(doc, read).status);
    const name = String((schema.$ref as string | undefined)?.split("/").pop() ?? value);
    contexts.set(value, { ...reader, name, exists, commentable: commentableProperties(doc, schema) });
  }
  return contexts;
}
