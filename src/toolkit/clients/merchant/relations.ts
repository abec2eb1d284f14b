/**
 * Types only: which generated resource type a relation leads to, so `follow(root, "ch:applications")`
 * is an ApplicationCollection and `items(...)` yields Applications. Nothing here names a relation:
 * generated/merchant/constants.ts maps each relation of the spec to the operations it reaches
 * (`relations`, from the spec's link objects and collection answers), and the types of those
 * operations' answers and bodies come from the generated schema. Unknown relations give a plain
 * HalResource.
 */
import type { relations } from "../../../../generated/merchant/constants";
import type { operations } from "../../../../generated/merchant/schema";
import type { HalResource } from "./hal";

type Relations = typeof relations;
type Relation = keyof Relations;

/** The operations a relation reaches with an HTTP method (lower case, as in the spec). */
type OperationsOf<K, Method extends string> = K extends Relation
  ? Relations[K] extends { readonly [M in Method]: readonly (infer Op)[] }
    ? Extract<Op, keyof operations>
    : never
  : never;

/** The JSON (HAL, problem, plain) body of a request or response object; never when it has none. */
type JsonOf<T> = T extends { content: infer C } ? C[Extract<keyof C, `${string}json`>] : never;

/** The JSON body of the operations' answer with this status (a union across operations). */
type Answer<Op extends keyof operations, Status extends number> = Op extends Op
  ? Status extends keyof operations[Op]["responses"]
    ? JsonOf<operations[Op]["responses"][Status]>
    : never
  : never;

/** The JSON request body of the operations (a union across operations). */
type RequestBody<Op extends keyof operations> = Op extends Op ? JsonOf<NonNullable<operations[Op]["requestBody"]>> : never;

type IsNever<T> = [T] extends [never] ? true : false;

/** What a GET on each relation answers (relations whose GET answers JSON). */
export type RelationTargets = {
  [K in Relation as IsNever<Answer<OperationsOf<K, "get">, 200>> extends true ? never : K]: Answer<OperationsOf<K, "get">, 200>;
};

/** What a POST to each collection relation takes and answers (the spec documents a create as 200 or 201 with one body). */
export type CreateTargets = {
  [K in Relation as IsNever<RequestBody<OperationsOf<K, "post">>> extends true ? never : K]: {
    body: RequestBody<OperationsOf<K, "post">>;
    created: Answer<OperationsOf<K, "post">, 200 | 201>;
  };
};

/** The relations a resource's type declares in `_links` (any string for an untyped resource). */
export type RelOf<R> = R extends { _links?: infer L } ? Extract<keyof NonNullable<L>, string> | (string & {}) : string;

export type Target<R, K extends string> = K extends "self" ? R : K extends keyof RelationTargets ? RelationTargets[K] : HalResource;

/** The item type of a collection relation: what `_embedded[rel]` holds (both may be absent on an empty page). */
export type ItemOf<K extends string> = K extends keyof RelationTargets
  ? RelationTargets[K] extends { _embedded?: infer E }
    ? K extends keyof NonNullable<E>
      ? NonNullable<NonNullable<E>[K]> extends ReadonlyArray<infer I>
        ? I
        : HalResource
      : HalResource
    : HalResource
  : HalResource;

export type CreateBody<K extends string> = K extends keyof CreateTargets ? CreateTargets[K]["body"] : Record<string, unknown>;
export type Created<K extends string> = K extends keyof CreateTargets ? CreateTargets[K]["created"] : HalResource;
