/**
 * Types only: which generated resource type a relation leads to, so `follow(root, "ch:applications")`
 * is an ApplicationCollection and `items(...)` yields Applications. The relation names are keys
 * of the generated `_links` types; unknown relations give a plain HalResource.
 */
import type { components } from "../../../../generated/merchant/schema";
import type { HalResource } from "./hal";

type S = components["schemas"];

/** What a GET on each relation answers. */
export interface RelationTargets {
  "ch:root": S["Root"];
  "ch:applications": S["ApplicationCollection"];
  "ch:application": S["Application"];
  "ch:transactions": S["TransactionCollection"];
  "ch:disputes": S["DisputeCollection"];
  "ch:dispute": S["Dispute"];
  "ch:people": S["PersonCollection"];
  "ch:person": S["Person"];
  "ch:gateways": S["GatewayCollection"];
  "ch:contracts": S["ContractCollection"];
  "ch:files": S["FileCollection"];
  "ch:comments": S["CommentCollection"];
}

/** What a POST to each collection relation takes and answers. */
export interface CreateTargets {
  "ch:applications": { body: S["ApplicationCreate"]; created: S["Application"] };
  "ch:people": { body: S["PersonCreate"]; created: S["Person"] };
  "ch:files": { body: S["FileCreate"]; created: S["File"] };
  "ch:comments": { body: S["CommentCreate"]; created: S["Comment"] };
}

/** The relations a resource's type declares in `_links` (any string for an untyped resource). */
export type RelOf<R> = R extends { _links?: infer L } ? Extract<keyof NonNullable<L>, string> | (string & {}) : string;

export type Target<R, K extends string> = K extends "self" ? R : K extends keyof RelationTargets ? RelationTargets[K] : HalResource;

/** The item type of a collection relation: what `_embedded[rel]` holds. */
export type ItemOf<K extends string> = K extends keyof RelationTargets
  ? RelationTargets[K] extends { _embedded: infer E }
    ? K extends keyof E
      ? E[K] extends ReadonlyArray<infer I>
        ? I
        : HalResource
      : HalResource
    : HalResource
  : HalResource;

export type CreateBody<K extends string> = K extends keyof CreateTargets ? CreateTargets[K]["body"] : Record<string, unknown>;
export type Created<K extends string> = K extends keyof CreateTargets ? CreateTargets[K]["created"] : HalResource;
