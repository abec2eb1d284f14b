/**
 * The model of the Merchant Management API: the state the spec's rules act on for one client in
 * one sequence (its application, the application's people, comments and files, what each last
 * write left, the rate-limit quota each operation announced) and, for each request, what the spec
 * determines of its answer. Free of HTTP: it reads requests and answers as data and learns the
 * free values (addresses, ids, the quotas' sizes) from the answers. Facts come from
 * generated/merchant/constants.ts; rule ids are those of the determination inventory.
 */
import { halMediaType, pagination, problemMediaType } from "../../../generated/merchant/constants";
import { equals, holds, valueAt, type Answer, type Expectation } from "../common/prediction";

/** A resource the sequence made, by its address (its `self`, a free value learnt from the answer that created it). */
export interface ResourceState {
  self: string;
  /** What its creation and later PATCHes sent, merged: what a read must show. */
  written: Record<string, unknown>;
  deleted: boolean;
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

/** What was sent is contained in what is answered (objects by the members sent). */
function contains(answered: unknown, sent: unknown): boolean {
  if (sent === null || typeof sent !== "object") return JSON.stringify(answered) === JSON.stringify(sent);
  if (Array.isArray(sent))
    return Array.isArray(answered) && sent.length === answered.length && sent.every((v, i) => contains(answered[i], v));
  if (answered === null || typeof answered !== "object") return false;
  return Object.entries(sent).every(([k, v]) => contains((answered as Record<string, unknown>)[k], v));
}

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

export class MerchantModel {
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

  /** A problem: its status, media type and `status` member. */
  problem(status: number, rule: string): Expectation[] {
    return [equals("status", rule, status), this.mediaType(true, rule), equals("body status", rule, status)];
  }

  /**
   * The rate-limit headers of an operation's answer, from its last one: the same quota, one request
   * fewer left and no later reset while the announced window lasts (`now` in seconds).
   */
  quotaOf(operationId: string, now: number): Expectation[] {
    const last = this.quotas.get(operationId);
    if (!last || now - last.at >= last.reset - 1 || last.remaining === 0) return [];
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

  learnQuota(operationId: string, answer: Answer, now: number): void {
    const [limit, remaining, reset] = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"].map((h) => intHeader(answer, h));
    if (limit === undefined || remaining === undefined || reset === undefined) this.quotas.delete(operationId);
    else this.quotas.set(operationId, { limit, remaining, reset, at: now });
  }

  // --- creations, reads, writes, deletions ----------------------------------------------------------

  /** A creation: 201 (or the 200 the spec documents alike), the created resource's members as sent, `Location` its self. */
  predictCreate(
    operationId: string,
    statusRule: string,
    sent: Record<string, unknown>,
    owner: { self: string; rule: string } | undefined,
  ): Expectation[] {
    const echo = `merchant:echo:${operationId}`;
    const expectations: Expectation[] = [
      holds("status", statusRule, "201 (or 200)", (s) => s === 201 || s === 200),
      this.mediaType(false, statusRule),
      holds("body", echo, "the members sent", (body) => contains(body, sent)),
    ];
    if (owner)
      expectations.push(
        holds(
          "body _links.ch:application.href",
          owner.rule,
          `absent or ${owner.self}`,
          (href) => href === undefined || withoutQuery(href) === owner.self,
        ),
      );
    return expectations;
  }

  /** The Location of a 201 is the created resource's self (known once the answer is read). */
  location(answer: Answer): Expectation[] {
    const self = valueAt(answer.json, "_links.self.href");
    return answer.status === 201
      ? [
          holds(
            "header location",
            "merchant:header:Location",
            `absent or ${String(self)}`,
            (value) => value === undefined || value === self,
          ),
        ]
      : [];
  }

  learnCreated(kind: Kind | "application", sent: Record<string, unknown>, answer: Answer): ResourceState | undefined {
    const self = valueAt(answer.json, "_links.self.href");
    if (typeof self !== "string") return undefined;
    const state: ResourceState = { self, written: sent, deleted: false };
    if (kind === "application") this.application = state;
    else this.resources[kind].push(state);
    return state;
  }

  predictRead(resource: ResourceState, readRule: string): Expectation[] {
    if (resource.deleted) return this.problem(404, "merchant:status:NotFound");
    return [
      equals("status", readRule, 200),
      this.mediaType(false, readRule),
      equals("body _links.self.href", readRule, resource.self),
      holds("body", readRule, "what the writes left", (body) => contains(body, resource.written)),
    ];
  }

  predictUpdate(resource: ResourceState, patch: Record<string, unknown>, rule: string): { expectations: Expectation[]; apply: () => void } {
    if (resource.deleted) return { expectations: this.problem(404, "merchant:status:NotFound"), apply: () => undefined };
    const after = merged(resource.written, patch);
    return {
      expectations: [
        equals("status", rule, 200),
        this.mediaType(false, rule),
        equals("body _links.self.href", rule, resource.self),
        holds("body", rule, "what the writes left, this one included", (body) => contains(body, after)),
      ],
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
        "body expires_in",
        "merchant:time:OAuthToken.expires_in",
        "a lifetime in seconds, more than 2",
        (v) => typeof v === "number" && v > 2,
      ),
    ];
  }
}
