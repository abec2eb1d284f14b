/**
 * Pagination of collections. Page-based collections carry `count`, `page`, `per_page` and the
 * links `first`, `prev`, `next`, `last` when they apply; the transactions collection is
 * cursor-based (`self`, `first`, `next` with an opaque cursor). `per_page` defaults and bounds
 * come from the spec (the parameter schema validates the bounds; the default is a constant).
 */
import { createHmac, randomBytes } from "node:crypto";
import { pagination } from "../../../../../generated/merchant/constants";

export interface PageRequest {
  page?: number;
  per_page?: number;
  /** Other query parameters to keep in the links (for example `query`). */
  keep?: Record<string, string | undefined>;
}

/** Characters URLSearchParams leaves as they are: a value of only these is written without it. */
const UNENCODED = /^[A-Za-z0-9*._-]*$/;

/** `base?k=v&...` in URLSearchParams' encoding; plain names and values (numbers, cursors) skip building one. */
function href(base: string, params: Record<string, string | number | undefined>): string {
  let query = "";
  for (const k in params) {
    const v = params[k];
    if (v === undefined) continue;
    const text = typeof v === "number" ? String(v) : v;
    if (!UNENCODED.test(k) || !UNENCODED.test(text)) return slowHref(base, params);
    query += query ? `&${k}=${text}` : `${k}=${text}`;
  }
  return query ? `${base}?${query}` : base;
}

function slowHref(base: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

export function pageOf<T>(
  items: readonly T[],
  collectionUrl: string,
  request: PageRequest,
  options: { last?: boolean } = {},
): { items: T[]; count: number; page: number; per_page: number; links: Record<string, { href: string }> } {
  const perPage = request.per_page ?? pagination.perPageDefault;
  const page = request.page ?? 1;
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const at = (p: number) => ({ href: href(collectionUrl, { ...request.keep, page: p, per_page: perPage }) });
  const links: Record<string, { href: string }> = { self: at(page), first: at(1) };
  if (page > 1) links.prev = at(Math.min(page - 1, pages));
  if (page < pages) links.next = at(page + 1);
  if (options.last !== false) links.last = at(pages);
  return { items: items.slice((page - 1) * perPage, page * perPage), count: items.length, page, per_page: perPage, links };
}

/**
 * Opaque cursors: an offset and the query it belongs to, authenticated so clients cannot forge
 * them (an HMAC with a per-run secret). Issued cursors are remembered, so neither issuing nor
 * following one costs an HMAC twice.
 */
export class Cursors {
  private readonly secret = randomBytes(16);
  private readonly issued = new Map<string, string>();
  private readonly known = new Map<string, { offset: number; query: string }>();
  private readonly pageLinks = new Map<string, Readonly<Record<string, { href: string }>>>();

  encode(offset: number, query: string): string {
    const key = `${offset}\u0000${query}`;
    let cursor = this.issued.get(key);
    if (!cursor) {
      const payload = Buffer.from(JSON.stringify([offset, query])).toString("base64url");
      cursor = `${payload}.${createHmac("sha256", this.secret).update(payload).digest("base64url").slice(0, 16)}`;
      if (this.issued.size > 10_000) {
        this.issued.clear();
        this.known.clear();
      }
      this.issued.set(key, cursor);
      this.known.set(cursor, { offset, query });
    }
    return cursor;
  }

  decode(cursor: string, query: string): number | undefined {
    const known = this.known.get(cursor);
    if (known) return known.query === query ? known.offset : undefined;
    const [payload, mac] = cursor.split(".");
    if (!payload || !mac || createHmac("sha256", this.secret).update(payload).digest("base64url").slice(0, 16) !== mac) return undefined;
    try {
      const [offset, forQuery] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [number, string];
      return Number.isInteger(offset) && offset >= 0 && forQuery === query ? offset : undefined;
    } catch {
      return undefined;
    }
  }

  page<T>(
    items: readonly T[],
    collectionUrl: string,
    request: { per_page?: number; query?: string; offset: number },
  ): { items: T[]; per_page: number; links: Record<string, { href: string }> } {
    const perPage = request.per_page ?? pagination.perPageDefault;
    const end = request.offset + perPage;
    return {
      items: items.slice(request.offset, end),
      per_page: perPage,
      links: this.links(collectionUrl, request.query, perPage, request.offset, end < items.length),
    };
  }

  /** The links of a page, made once per distinct page (frozen: answers only read them; bounded like the cursors). */
  private links(
    collectionUrl: string,
    requested: string | undefined,
    perPage: number,
    offset: number,
    more: boolean,
  ): Readonly<Record<string, { href: string }>> {
    const key = `${collectionUrl}\u0000${requested === undefined ? "" : `=${requested}`}\u0000${perPage}\u0000${offset}\u0000${more}`;
    let links = this.pageLinks.get(key);
    if (links) return links;
    const query = requested ?? "";
    const base = { query: requested, per_page: perPage };
    const made: Record<string, { href: string }> = {
      self: { href: href(collectionUrl, { ...base, next: offset > 0 ? this.encode(offset, query) : undefined }) },
      first: { href: href(collectionUrl, base) },
    };
    if (more) made.next = { href: href(collectionUrl, { ...base, next: this.encode(offset + perPage, query) }) };
    for (const link of Object.values(made)) Object.freeze(link);
    links = Object.freeze(made);
    if (this.pageLinks.size >= 1_000) this.pageLinks.clear();
    this.pageLinks.set(key, links);
    return links;
  }
}
