/**
 * The model of the Merchant Management API: the state the spec's rules act on for one client in
 * one sequence (its application, the application's people, comments and files, what each last
 * write left, the rate-limit quota each operation announced) and, for each request, what the spec
 * determines of its answer. Free of HTTP: it reads requests and answers as data and learns the
 * free values (addresses, ids, the quotas' sizes) from the answers. Facts come from
 * generated/merchant/constants.ts; rule ids are those of the determination inventory.
 */
import { curieHref, curieName, halMediaType, pagination, problemMediaType, tokenMediaTypes } from "../../../generated/merchant/constants";
import { equals, holds, valueAt, type Answer, type Expectation } from "../common/prediction";

/** A resource the sequence made, by its address (its `self`, a free value learnt from the answer that created it). */
export interface ResourceState {
  self: string;
  /** What its creation and later PATCHes sent, merged: what a read must show. */
  written: Record<string, unknown>;
  deleted: boolean;
  /** Its link back to the application, where its schema has one. */
  owner?: { self: string; rule: string };
}

/** The quota an operation announced last, and when (the model's clock: the caller's reading, in seconds). */
interface Quota {
  limit: number;
  remaining: number;
  reset: number;
  at: number;
}

const withoutQuery = (href: unknown) => (typeof href === "string" ? href.replace(/[?#].*$/, "").replace(/\{[^}]*\}$/, "") : undefined);
const intHeader = (answer: Answer, name: string) => {
  const raw = answer.header(name);
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
};

/**
 * What was written, member by member at its own place (`body <at>.<member>`, array items by
 * index, an array's length too): the answer must show each as written (members not written are
 * not compared).
 */
function written(at: string, value: unknown, rule: string): Expectation[] {
  const place = (key: string) => (at === "" ? key : `${at}.${key}`);
  if (Array.isArray(value))
    return [
      holds(`body ${at}`, rule, `${value.length} items`, (v) => Array.isArray(v) && v.length === value.length),
      ...value.flatMap((item, i) => written(place(String(i)), item, rule)),
    ];
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => written(place(k), v, rule));
  return [equals(`body ${at}`, rule, value)];
}

/** A link's href (with its rule) and, a plain address not being a URI template, no `templated: true`. */
function link(at: string, rule: string, says: string, test: (href: unknown) => boolean): Expectation[] {
  return [
    holds(`body ${at}.href`, rule, says, test),
    holds(`body ${at}.templated`, rule, "absent or false (a plain address)", (v) => v === undefined || v === false),
  ];
}

/** The curie every top-level representation carries (merchant:rule:HalLinks), as x-curie-href names it. */
const CURIE: Expectation[] = [
  equals("body _links.curies.0.name", "merchant:x-curie-href:Curie", curieName),
  equals("body _links.curies.0.href", "merchant:x-curie-href:Curie", curieHref),
  equals("body _links.curies.0.templated", "merchant:x-curie-href:Curie", true),
];

/** The curie an embedded item may carry (or omit: merchant:rule:HalLinks), at the item's place. */
const itemCurie = (at: string): Expectation[] =>
  CURIE.map(({ place, rule, expect }) => {
    const value = "equals" in expect ? expect.equals : undefined;
    return holds(
      `body ${at}.${place.slice("body ".length)}`,
      rule,
      `absent or ${JSON.stringify(value)}`,
      (v) => v === undefined || v === value,
    );
  });

const wholeNumber = (value: unknown) => typeof value === "string" && /^\d+$/.test(value);

/** Deep merge of a PATCH into what was written (objects by member; anything else replaced). */
function merged(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const old = out[k];
    out[k] =
      v !== null && typeof v === "object" && !Array.isArray(v) && old !== null && typeof old === "object" && !Array.isArray(old)
        ? merged(old as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

export type Kind = "people" | "comments" | "files";

/**
 * Who sends a request: the target's client (`own`), a client it registered (`sibling`: the same
 * merchant, so it shares the resources), or another merchant's client (`stranger`: a resource it
 * cannot see is, to it, not there, as the NotFound answer says: "not visible to this client").
 */
export type Client = "own" | "sibling" | "stranger";
export const seesTheResources = (client: Client) => client !== "stranger";

export class MerchantModel {
  /** The entry point's address, as its own answer named it. */
  root?: string;
  application?: ResourceState;
  readonly resources: Record<Kind, ResourceState[]> = { people: [], comments: [], files: [] };
  private readonly quotas = new Map<string, Quota>();

  // --- what every answer carries ----------------------------------------------------------------

  /** The media type of a success (HAL) or of a problem. */
  mediaType(problem: boolean, statusRule: string): Expectation {
    return holds(
      "header content-type",
      statusRule,
      problem ? problemMediaType : halMediaType,
      (value) => typeof value === "string" && value.split(";")[0]!.trim().toLowerCase() === (problem ? problemMediaType : halMediaType),
    );
  }

  /** What a client of another merchant gets for the sequence's resources, its application's addresses included. */
  hidden(): Expectation[] {
    return this.problem(404, "merchant:status:NotFound");
  }

  /** A problem: its status, media type and `status` member. */
  problem(status: number, rule: string): Expectation[] {
    return [equals("status", rule, status), this.mediaType(true, rule), equals("body status", rule, status)];
  }

  /**
   * The rate-limit headers of an operation's answer, from its last one: the same quota, one request
   * fewer left and no later reset while the announced window lasts (`now` in seconds).
   */
  quotaOf(client: Client, operationId: string, now: number): Expectation[] {
    const last = this.quotas.get(`${client} ${operationId}`);
    if (!last || now - last.at >= last.reset - 1 || last.remaining === 0)
      // Every answer reports its quota: a new window's, of a size the operation's own.
      return [
        holds("header ratelimit-limit", "merchant:header:RateLimitLimit", "a whole number", wholeNumber),
        holds("header ratelimit-remaining", "merchant:header:RateLimitRemaining", "a whole number", wholeNumber),
        holds("header ratelimit-reset", "merchant:header:RateLimitReset", "a whole number", wholeNumber),
      ];
    return [
      equals("header ratelimit-limit", "merchant:header:RateLimitLimit", String(last.limit)),
      equals("header ratelimit-remaining", "merchant:header:RateLimitRemaining", String(last.remaining - 1)),
      holds(
        "header ratelimit-reset",
        "merchant:header:RateLimitReset",
        `at most ${last.reset} (the window announced ${Math.round(now - last.at)} s before)`,
        (value) => typeof value === "string" && /^\d+$/.test(value) && Number(value) <= last.reset,
      ),
    ];
  }

  /** A quota is per operation and client. */
  learnQuota(client: Client, operationId: string, answer: Answer, now: number): void {
    const key = `${client} ${operationId}`;
    const [limit, remaining, reset] = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"].map((h) => intHeader(answer, h));
    if (limit === undefined || remaining === undefined || reset === undefined) this.quotas.delete(key);
    else this.quotas.set(key, { limit, remaining, reset, at: now });
  }

  // --- creations, reads, writes, deletions ----------------------------------------------------------

  /** A creation: 201 (or the 200 the spec documents alike), the created resource's members as sent, `Location` its self. */
  predictCreate(
    operationId: string,
    statusRule: string,
    sent: Record<string, unknown>,
    owner: { self: string; rule: string } | undefined,
  ): Expectation[] {
    const expectations: Expectation[] = [
      holds("status", statusRule, "201 (or 200)", (s) => s === 201 || s === 200),
      this.mediaType(false, statusRule),
      ...written("", sent, `merchant:echo:${operationId}`),
      ...CURIE,
    ];
    if (owner) expectations.push(...this.ownerLink("_links", owner));
    return expectations;
  }

  /** The link from a child (a person, a file, a comment) to the application it belongs to. */
  private ownerLink(at: string, owner: { self: string; rule: string }): Expectation[] {
    return link(
      `${at}.ch:application`,
      owner.rule,
      `absent or ${owner.self}`,
      (href) => href === undefined || withoutQuery(href) === owner.self,
    );
  }

  /** The entry point: its media type and curie, its self the address asked. */
  predictRoot(asked: string): Expectation[] {
    const same = (href: unknown) => typeof href === "string" && href.replace(/\/+$/, "") === asked.replace(/\/+$/, "");
    return [
      equals("status", "merchant:status:getRoot:200", 200),
      this.mediaType(false, "merchant:status:getRoot:200"),
      ...CURIE,
      ...link("_links.self", "merchant:link:HalLinks.self", `absent or ${asked}`, (href) => href === undefined || same(href)),
    ];
  }

  learnRoot(answer: Answer): void {
    const self = valueAt(answer.json, "_links.self.href");
    if (typeof self === "string") this.root = self;
  }

  /** The Location of a 201 is the created resource's self (known once the answer is read). */
  location(answer: Answer): Expectation[] {
    const self = valueAt(answer.json, "_links.self.href");
    const location = answer.header("location") ?? undefined;
    return answer.status === 201
      ? [
          holds(
            "header location",
            "merchant:header:Location",
            `absent or ${String(self)}`,
            (value) => value === undefined || value === self,
          ),
          ...link(
            "_links.self",
            "merchant:header:Location",
            `the Location, ${String(location)}`,
            (href) => location === undefined || href === location,
          ),
        ]
      : [];
  }

  /** The link back to the application a created person, file or comment carries (the schema's rule for it). */
  ownerOf(kind: Kind): { self: string; rule: string } | undefined {
    const schema = { people: "Person", files: "File", comments: "CommentContextLinks" }[kind];
    return this.application && { self: this.application.self, rule: `merchant:link:${schema}.ch:application` };
  }

  learnCreated(kind: Kind | "application", sent: Record<string, unknown>, answer: Answer): ResourceState | undefined {
    const self = valueAt(answer.json, "_links.self.href");
    if (typeof self !== "string") return undefined;
    const state: ResourceState = { self, written: sent, deleted: false, owner: kind === "application" ? undefined : this.ownerOf(kind) };
    if (kind === "application") this.application = state;
    else this.resources[kind].push(state);
    return state;
  }

  predictRead(resource: ResourceState, readRule: string): Expectation[] {
    if (resource.deleted) return this.problem(404, "merchant:status:NotFound");
    return [equals("status", readRule, 200), this.mediaType(false, readRule), ...CURIE, ...this.shown("", resource, readRule)];
  }

  /** A resource as the model knows it, at `at` of an answer: its self, its link to its application, what the writes left. */
  private shown(at: string, resource: ResourceState, rule: string, writes = resource.written): Expectation[] {
    const place = (key: string) => (at === "" ? key : `${at}.${key}`);
    return [
      ...link(place("_links.self"), "merchant:link:HalLinks.self", resource.self, (href) => href === resource.self),
      ...(resource.owner ? this.ownerLink(place("_links"), resource.owner) : []),
      ...written(at, writes, rule),
    ];
  }

  predictUpdate(resource: ResourceState, patch: Record<string, unknown>, rule: string): { expectations: Expectation[]; apply: () => void } {
    if (resource.deleted) return { expectations: this.problem(404, "merchant:status:NotFound"), apply: () => undefined };
    const after = merged(resource.written, patch);
    return {
      expectations: [equals("status", rule, 200), this.mediaType(false, rule), ...CURIE, ...this.shown("", resource, rule, after)],
      apply: () => void (resource.written = after),
    };
  }

  predictDelete(resource: ResourceState, rule: string): { expectations: Expectation[]; apply: () => void } {
    if (resource.deleted) return { expectations: this.problem(404, "merchant:status:NotFound"), apply: () => undefined };
    return { expectations: [equals("status", rule, 204)], apply: () => void (resource.deleted = true) };
  }

  // --- listings ----------------------------------------------------------------------------------

  /**
   * A page of one of the application's listings: the page and size asked (or their defaults),
   * `count` the resources alive, as many items as the page holds, each one of them, and the page
   * links where they lead somewhere.
   */
  predictPage(kind: Kind, perPage: number | undefined, page: number | undefined): Expectation[] {
    const alive = this.resources[kind].filter((r) => !r.deleted);
    const size = perPage ?? pagination.perPageDefault;
    const at = page ?? 1;
    const last = Math.max(1, Math.ceil(alive.length / size));
    const onPage = Math.max(0, Math.min(size, alive.length - (at - 1) * size));
    const selves = new Set(alive.map((r) => r.self));
    const relation = { people: "ch:people", comments: "ch:comments", files: "ch:files" }[kind];
    const pageOf = (href: unknown) => (typeof href === "string" ? new URL(href).searchParams : undefined);
    const leadsTo = (n: number) => (href: unknown) => {
      const query = pageOf(href);
      return (
        query !== undefined &&
        Number(query.get("page") ?? 1) === n &&
        Number(query.get(pagination.parameter) ?? pagination.perPageDefault) === size
      );
    };
    return [
      equals("status", "merchant:query:Page", 200),
      this.mediaType(false, "merchant:query:Page"),
      ...CURIE,
      ...link("_links.self", "merchant:link:HalLinks.self", `page ${at}`, leadsTo(at)),
      ...(kind === "people"
        ? []
        : this.ownerLink("_links", {
            ...this.ownerOf(kind)!,
            rule: kind === "files" ? "merchant:link:FileCollection.ch:application" : "merchant:link:CommentContextLinks.ch:application",
          })),
      equals("body count", "merchant:query:Page", alive.length),
      equals("body page", page === undefined ? "merchant:default:parameter.Page" : "merchant:query:Page", at),
      equals("body per_page", perPage === undefined ? "merchant:default:parameter.PerPage" : "merchant:query:PerPage", size),
      holds(
        `body _embedded.${relation}`,
        "merchant:query:Page",
        `${onPage} of the ${alive.length} ${kind} the sequence made and did not delete`,
        (items) => {
          const list = items === undefined ? [] : items;
          return (
            Array.isArray(list) && list.length === onPage && list.every((item) => selves.has(String(valueAt(item, "_links.self.href"))))
          );
        },
      ),
      holds(
        "body _links.prev.href",
        "merchant:query:CollectionLinks.prev",
        at > 1 ? `page ${at - 1}` : "absent (the first page)",
        (href) => (at > 1 ? leadsTo(at - 1)(href) : href === undefined),
      ),
      holds(
        "body _links.next.href",
        "merchant:query:CollectionLinks.next",
        at < last ? `page ${at + 1}` : "absent (the last page)",
        (href) => (at < last ? leadsTo(at + 1)(href) : href === undefined),
      ),
      holds(
        "body _links.first.href",
        "merchant:query:CollectionLinks.first",
        "absent or page 1",
        (href) => href === undefined || leadsTo(1)(href),
      ),
      holds(
        "body _links.last.href",
        "merchant:query:CollectionLinks.last",
        `absent or page ${last}`,
        (href) => href === undefined || leadsTo(last)(href),
      ),
    ];
  }

  /** Each item of a page the answer listed, once read: the resource the model knows at that self, as the writes left it. */
  pageItems(kind: Kind): (answer: Answer) => Expectation[] {
    const relation = { people: "ch:people", comments: "ch:comments", files: "ch:files" }[kind];
    const rule = {
      people: "merchant:readback:updatePerson",
      comments: "merchant:readback:createComment",
      files: "merchant:readback:updateFile",
    }[kind];
    return (answer) => {
      const items = valueAt(answer.json, `_embedded.${relation}`);
      if (!Array.isArray(items)) return [];
      return items.flatMap((item, i) => {
        const resource = this.resources[kind].find((r) => !r.deleted && r.self === valueAt(item, "_links.self.href"));
        return resource ? [...itemCurie(`_embedded.${relation}.${i}`), ...this.shown(`_embedded.${relation}.${i}`, resource, rule)] : [];
      });
    };
  }

  /** The last page of a listing at a size. */
  lastPage(kind: Kind, size: number): number {
    return Math.max(1, Math.ceil(this.resources[kind].filter((r) => !r.deleted).length / size));
  }

  // --- tokens ----------------------------------------------------------------------------------------

  predictToken(): Expectation[] {
    return [
      equals("status", "merchant:status:createToken:200", 200),
      equals("header cache-control", "merchant:status:createToken:200", "no-store"),
      equals("body token_type", "merchant:schema:Token.token_type", "Bearer"),
      holds(
        "header content-type",
        "merchant:status:createToken:200",
        "a documented media type of a token",
        (value) =>
          typeof value === "string" &&
          tokenMediaTypes.some((t) => t !== problemMediaType && value.split(";")[0]!.trim().toLowerCase() === t),
      ),
      ...(this.root === undefined
        ? []
        : link(
            "_links.ch:root",
            "merchant:link:Token.ch:root",
            `absent or ${this.root}`,
            (href) => href === undefined || href === this.root,
          )),
      holds(
        "body expires_in",
        "merchant:time:OAuthToken.expires_in",
        "a lifetime in seconds, more than 2",
        (v) => typeof v === "number" && v > 2,
      ),
    ];
  }
}
