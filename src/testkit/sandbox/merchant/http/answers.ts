/**
 * How the merchant sandbox answers: each operation's success as the spec documents it (status,
 * media type, Location), collections embedded under their operation's relation, and refusals. A refusal is a problem (problems.ts) everywhere except at the
 * token endpoint, which answers in the RFC 6749 form ({error, error_description}), the form the
 * live service uses; `inputRefusal` and `authenticationRefusal` pick the form in one place.
 */
import type { components } from "../../../../../generated/merchant/schema";
import type { OpenApiDocument } from "../../../openapi-model/document";
import type { OperationRecord } from "../../../openapi-model/model-records";
import type { SpecRouter } from "../../../openapi-model/router";
import { dottedName, type SchemaViolation } from "../../../openapi-model/validation-errors";
import { maskedText } from "../../cross-api/masking";
import type { SandboxResponse } from "../../listener/messages";
import type { MerchantLinks } from "./links";
import { pageOf } from "./pagination";
import { problems, withHeaders, type Errors, type ProblemContext } from "./problems";
import { matchAll, parseQuery, type QueryLanguage } from "../records/query-languages";
import type { OperationId } from "../records/spec-types";
import { forbiddenCollectionLinks, mediaTypeWithSchema, queryModifiers, successAnswer, type SuccessAnswer } from "./spec-facts";

type Json = Record<string, unknown>;

/** What every answer needs of its request: its operation, the request id and the headers every answer carries. */
export interface Answering {
  route: OperationRecord;
  problem: ProblemContext;
}

/** What a collection answer reads of its request's query: paging and the collection's query language. */
export interface CollectionQuery {
  page?: components["parameters"]["Page"];
  per_page?: components["parameters"]["PerPage"];
  /** The collection's query language (TQL, APQL, ...). */
  query?: string;
  next?: components["parameters"]["TransactionCursor"];
}

/** What a refusal needs of its request: whether it was made to the token endpoint. */
export interface Refusing extends Answering {
  tokenEndpoint: boolean;
}

/**
 * Errors map of a problem: parameter name (dotted) to messages. Names come from the request
 * (a body's property names), so they are collected in a Map and card numbers in them masked.
 */
export function errorsOf(found: SchemaViolation[], prefix?: string): Errors {
  const errors = new Map<string, string[]>();
  for (const e of found) {
    const name = maskedText(prefix ?? dottedName(e.path));
    const message = prefix && e.path.length ? `${maskedText(dottedName(e.path))} ${e.message}` : e.message;
    const messages = errors.get(name);
    if (messages) messages.push(message);
    else errors.set(name, [message]);
  }
  return Object.fromEntries(errors);
}

export class Answers {
  /** What the spec documents for each operation's success, read once per operation. */
  private readonly successes = new Map<string, SuccessAnswer>();
  /** The accepted modifiers of each operation's query language, read once per operation (a spec walk per request cost a tenth of a page). */
  private readonly modifiers = new Map<string, string[]>();
  /** Whether each operation's collection answer may carry `last`, read once per operation. */
  private readonly lastAllowed = new Map<string, boolean>();

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly router: SpecRouter,
    private readonly links: MerchantLinks,
  ) {}

  /**
   * The operation's success answer as the spec documents it: its one 2xx status, its media
   * type, and `Location` (the body's self link) where the spec documents that header.
   */
  success(ctx: Answering, body?: Json | Buffer, extra?: Record<string, string>): SandboxResponse {
    let documented = this.successes.get(ctx.route.operationId);
    if (!documented) {
      documented = successAnswer(ctx.route);
      this.successes.set(ctx.route.operationId, documented);
    }
    const headers = withHeaders(ctx.problem.headers, extra);
    if (body === undefined) return { status: documented.status, headers };
    if (Buffer.isBuffer(body)) return { status: documented.status, headers, body }; // content in its own media type (given in `extra`)
    if (documented.mediaType) headers["content-type"] = documented.mediaType;
    if (documented.location) headers.location = ((body._links as Json).self as { href: string }).href;
    return { status: documented.status, headers, body };
  }

  /** One page of a page-based collection, embedded under the operation's relation, its `query` kept in the page links. */
  collection(ctx: Answering & { query: CollectionQuery; params: object }, all: Json[], extraLinks: Json = {}): SandboxResponse {
    const keep = typeof ctx.query.query === "string" ? { query: ctx.query.query } : undefined;
    let last = this.lastAllowed.get(ctx.route.operationId);
    if (last === undefined)
      this.lastAllowed.set(ctx.route.operationId, (last = !forbiddenCollectionLinks(this.doc, ctx.route).has("last")));
    const page = pageOf(all, this.links.addressOf(ctx), { page: ctx.query.page, per_page: ctx.query.per_page, keep }, { last });
    return this.success(ctx, {
      count: page.count,
      page: page.page,
      per_page: page.per_page,
      _links: { ...page.links, ...extraLinks, curies: this.links.curies },
      _embedded: { [this.links.relationOf(ctx.route.operationId as OperationId)]: page.items },
    });
  }

  /** The items the request's `query` selects, or the 400 of a malformed query. */
  queried<T>(ctx: Answering & { query: CollectionQuery }, supported: QueryLanguage<T>, items: T[]): T[] | SandboxResponse {
    const parsed = parseQuery<T>(ctx.query.query, supported, this.acceptedModifiers(ctx.route, supported));
    if (!parsed.ok) return problems.validation(ctx.problem, { query: [parsed.message] }, "The query is malformed.");
    // No query selects everything: the items as they are (handlers only read them).
    return parsed.predicate === matchAll ? items : items.filter(parsed.predicate);
  }

  /** A queried collection: the items the query selects, each represented, as a page (or the query's problem). */
  queriedCollection<T>(
    ctx: Answering & { query: CollectionQuery; params: object },
    supported: QueryLanguage<T>,
    items: T[],
    represent: (item: T) => Json,
  ): SandboxResponse {
    const selected = this.queried(ctx, supported, items);
    return Array.isArray(selected) ? this.collection(ctx, selected.map(represent)) : selected;
  }

  /**
   * The modifiers of the operation's query language that the sandbox accepts without filtering
   * on them: the spec's (`x-query-modifiers`) less the ones it models. A modelled modifier the
   * spec does not list is a sandbox bug.
   */
  private acceptedModifiers<T>(route: OperationRecord, supported: QueryLanguage<T>): string[] {
    const known = this.modifiers.get(route.operationId);
    if (known) return known;
    const modifiers = queryModifiers(route);
    const unknown = [...supported.keys()].filter((name) => !modifiers.includes(name));
    if (unknown.length)
      throw new Error(`merchant sandbox: ${route.operationId} models modifiers the spec does not list: ${unknown.join(", ")}`);
    const accepted = modifiers.filter((name) => !supported.has(name));
    this.modifiers.set(route.operationId, accepted);
    return accepted;
  }

  /** A token endpoint error in the RFC 6749 form. */
  oauthError(ctx: Answering, status: 400 | 401, error: string, description: string): SandboxResponse {
    const errorRoute = this.router.operation("createToken");
    return {
      status,
      headers: {
        ...ctx.problem.headers,
        "content-type": mediaTypeWithSchema(errorRoute, status, "OAuthError"),
        "cache-control": "no-store",
        ...(status === 401 ? { "www-authenticate": 'Basic realm="oauth"' } : {}),
      },
      body: { error, error_description: maskedText(description) },
    };
  }

  /** A refused request input: the validation problem with these errors, or the token endpoint's OAuth error. */
  inputRefusal(ctx: Refusing, errors: Errors, oauth: { error?: string; description: string }): SandboxResponse {
    if (ctx.tokenEndpoint) return this.oauthError(ctx, 400, oauth.error ?? "invalid_request", oauth.description);
    return problems.validation(ctx.problem, errors);
  }

  /** A caller that failed authentication: HTTP Basic client authentication at the token endpoint, its bearer token elsewhere. */
  authenticationRefusal(ctx: Refusing, detail: string): SandboxResponse {
    if (ctx.tokenEndpoint) return this.oauthError(ctx, 401, "invalid_client", detail);
    return problems.unauthorized(ctx.problem, this.links.href("createToken"), detail);
  }
}
