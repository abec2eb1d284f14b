/**
 * What comments and files hang off: the comment contexts the sandbox models (where the
 * commented resource is read, its link relation, its commentable properties) and the owners of
 * files. Both are looked up by names from the request (path segments), so they are Maps: no
 * inherited entries.
 */
import type { OpenApiDocument } from "../../spec/document";
import type { SpecRouter } from "../../spec/router";
import { commentableProperties } from "./comments";
import type { FileStore } from "./files";
import type { OperationId } from "./operation";
import type { MerchantResources } from "./resources";
import { responseSchema } from "./spec-facts";

/** A resource that something links back to: its relation and the operation that reads it. */
export interface Owner {
  rel: string;
  get: OperationId;
  param: string;
}

export interface CommentContext extends Owner {
  /** How a refusal names the resource ("an application"). */
  name: string;
  exists(id: string): boolean;
  /** Dotted names of the properties a field comment may name. */
  commentable: ReadonlySet<string>;
}

export function commentContexts(doc: OpenApiDocument, router: SpecRouter, resources: MerchantResources, files: FileStore): ReadonlyMap<string, CommentContext> {
  const contexts: Array<[string, Omit<CommentContext, "commentable">]> = [
    ["applications", { rel: "ch:application", get: "getApplication", param: "application_id", exists: (id) => resources.applications.has(id), name: "an application" }],
    ["people", { rel: "ch:person", get: "getPerson", param: "person_id", exists: (id) => resources.people.has(id), name: "a person" }],
    ["files", { rel: "ch:file", get: "getFile", param: "file_id", exists: (id) => files.get(id) !== undefined, name: "a file" }],
    ["disputes", { rel: "ch:dispute", get: "getDispute", param: "dispute_id", exists: (id) => resources.disputes.has(id), name: "a dispute" }],
    ["gateways", { rel: "ch:gateway", get: "getGateway", param: "gateway_id", exists: (id) => resources.gateways.has(id), name: "a gateway" }],
  ];
  return new Map(
    contexts.map(([context, info]) => [context, { ...info, commentable: commentableProperties(doc, responseSchema(doc, router.operation(info.get), 200)) }]),
  );
}

/** The owners of files, by the collection segment of `FileOwner.kind`. */
export const fileOwners: ReadonlyMap<string, Owner> = new Map<string, Owner>([
  ["people", { rel: "ch:person", get: "getPerson", param: "person_id" }],
  ["applications", { rel: "ch:application", get: "getApplication", param: "application_id" }],
  ["disputes", { rel: "ch:dispute", get: "getDispute", param: "dispute_id" }],
]);
