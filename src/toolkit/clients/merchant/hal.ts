/**
 * HAL navigation: find a relation in `_links` (resolving curies), pick a named link out of an
 * array, and expand templated links with RFC 6570 (url-template). Every address comes out of a
 * link; nothing here builds one.
 */
import { parseTemplate } from "url-template";
import { pagination } from "../../../../generated/merchant/constants";
import type { components } from "../../../../generated/merchant/schema";
import { MerchantUsageError } from "./errors";

export type Link = components["schemas"]["Link"];
type Curie = components["schemas"]["Curie"];

/** Anything with HAL `_links` (and maybe `_embedded`). */
export interface HalResource {
  _links?: object;
  _embedded?: object;
}

/** Variables of a templated link (`{ query: "state:submitted", per_page: 50 }`). */
export type TemplateVariables = Record<string, string | number | boolean | null | Array<string | number | boolean>>;

export function curiesOf(resource: HalResource): Curie[] {
  const curies = (resource._links as { curies?: unknown } | undefined)?.curies;
  return Array.isArray(curies) ? (curies as Curie[]) : [];
}

/** `ch:applications` → `https://developer.clearhaus.com/rels/applications` with the curie named `ch`; other rels unchanged. */
export function expandRel(rel: string, curies: readonly Curie[]): string {
  const colon = rel.indexOf(":");
  if (colon <= 0) return rel;
  const curie = curies.find((c) => c.name === rel.slice(0, colon));
  return curie && typeof curie.href === "string" ? parseTemplate(curie.href).expand({ rel: rel.slice(colon + 1) }) : rel;
}

/**
 * The value of a relation in `_links` or `_embedded`: by its key, else by comparing the
 * relations' curie-expanded URIs, so `ch:files`, another prefix bound to the same URI, and the
 * full URI all find it. `curies` expand the keys (the resource's own, or its container's for
 * embedded items); the asked-for `rel` is expanded with those and then `callerCuries` (the ones
 * the caller saw last, so `ch:` keeps its meaning where a resource binds another prefix).
 */
export function lookupRel(
  members: object | undefined,
  rel: string,
  curies: readonly Curie[],
  callerCuries: readonly Curie[] = [],
): unknown {
  if (!members) return undefined;
  const record = members as Record<string, unknown>;
  if (record[rel] !== undefined) return record[rel];
  const wanted = expandRel(rel, [...curies, ...callerCuries]);
  const key = Object.keys(record).find((k) => k !== "curies" && expandRel(k, curies) === wanted);
  return key === undefined ? undefined : record[key];
}

/** The links of a relation (one or several); empty when the relation is absent. */
export function linksOf(
  resource: HalResource,
  rel: string,
  curies: readonly Curie[] = curiesOf(resource),
  callerCuries: readonly Curie[] = [],
): Link[] {
  const value = lookupRel(resource._links, rel, curies, callerCuries);
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]) as Link[];
}

/**
 * One link of a relation: the one called `name` in a named array (`ch:data` → `upload`,
 * `ch:stamps` → `submitted`), or the only one.
 */
export function selectLink(links: readonly Link[], rel: string, name?: string): Link {
  const names = () => links.map((l) => l.name ?? "(unnamed)").join(", ");
  if (links.length === 0) throw new MerchantUsageError(`The resource has no "${rel}" link (it may not be allowed in its current state)`);
  if (name !== undefined) {
    const named = links.find((l) => l.name === name);
    if (!named) throw new MerchantUsageError(`"${rel}" has no link named "${name}"; it has: ${names()}`);
    return named;
  }
  if (links.length > 1) throw new MerchantUsageError(`"${rel}" holds ${links.length} links (${names()}); pick one by name`);
  return links[0]!;
}

/** The address of a link: the href itself, or the expanded URI Template. */
export function expandLink(link: Link, rel: string, variables?: TemplateVariables): string {
  if (!link.templated) {
    const given = Object.keys(variables ?? {});
    if (given.length > 0) throw new MerchantUsageError(`"${rel}" is not templated; it takes no variables (got ${given.join(", ")})`);
    return link.href;
  }
  checkPerPage(variables);
  return parseTemplate(link.href).expand(variables ?? {});
}

/** `per_page` against the spec's bounds, before anything is sent. */
export function checkPerPage(variables: TemplateVariables | undefined): void {
  const value = variables?.[pagination.parameter];
  if (value === undefined || value === null) return;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(n) || n < pagination.perPageMinimum || n > pagination.perPageMaximum) {
    throw new MerchantUsageError(
      `${pagination.parameter} must be an integer from ${pagination.perPageMinimum} to ${pagination.perPageMaximum} ` +
        `(default ${pagination.perPageDefault}); got ${JSON.stringify(value)}`,
    );
  }
}
