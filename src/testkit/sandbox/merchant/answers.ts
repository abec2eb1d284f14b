/**
 * How the merchant sandbox answers: HAL resources and collections, the spec's documented
 * OAuth bodies, and refusals. A refusal is a problem (problems.ts) everywhere except at the
 * token endpoint, which answers in the RFC 6749 form ({error, error_description}), the form the
 * live service uses; `inputRefusal` and `authenticationRefusal` pick the form in one place.
 */
import { halMediaType } from "../../../../generated/merchant/constants";
import type { OpenApiDocument } from "../../spec/document";
import { dottedName, type ParameterError } from "../../spec/request-validation";
import type { RoutedOperation, SpecRouter } from "../../spec/router";
import { maskCardNumbers } from "../card-numbers";
import type { SandboxResponse } from "../http";
import type { MerchantLinks } from "./links";
import type { CollectionQuery } from "./operation";
import { pageOf } from "./pagination";
import { problems, type Errors, type ProblemContext } from "./problems";
import { parseQuery, type QueryLanguage } from "./resources";
import { documentedMediaType, mediaTypeWithSchema } from "./spec-facts";

type Json = Record<string, unknown>;

/** What every answer needs of its request: the request id and the headers every answer carries. */
export interface Answering {
  problem: ProblemContext;
}

/** What a refusal needs of its request: whether it was made to the token endpoint. */
export interface Refusing extends Answering {
  tokenEndpoint: boolean;
}

/**
 * Errors map of a problem: parameter name (dotted) to messages. Names come from the request
 * (a body's property names), so they are collected in a Map and card numbers in them masked.
 */
export function errorsOf(found: ParameterError[], prefix?: string): Errors {
  const errors = new Map<string, string[]>();
  for (const e of found) {
    const name = maskCardNumbers(prefix ?? dottedName(e.path));
    const message = prefix && e.path.length ? `${maskCardNumbers(dottedName(e.path))} ${e.message}` : e.message;
    const messages = errors.get(name);
    if (messages) messages.push(message);
    else errors.set(name, [message]);
  }
  return Object.fromEntries(errors);
}

export class Answers {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly router: SpecRouter,
    private readonly links: MerchantLinks,
  ) {}

  hal(ctx: Answering, status: number, body: Json, extra: Record<string, string> = {}): SandboxResponse {
    return { status, headers: { ...ctx.problem.headers, ...extra, "content-type": halMediaType }, body };
  }

  created(ctx: Answering, body: Json): SandboxResponse {
    return this.hal(ctx, 201, body, { location: ((body._links as Json).self as { href: string }).href });
  }

  noContent(ctx: Answering, extra: Record<string, string> = {}): SandboxResponse {
    return { status: 204, headers: { ...ctx.problem.headers, ...extra } };
  }

  /** An answer in the media type the spec documents for it (the OAuth endpoints: plain JSON). */
  documented(ctx: Answering & { route: RoutedOperation }, status: number, body: Json, extra: Record<string, string> = {}): SandboxResponse {
    return { status, headers: { ...ctx.problem.headers, "content-type": documentedMediaType(this.doc, ctx.route, status), ...extra }, body };
  }

  /** One page of a page-based collection, its `query` kept in the page links. */
  collection(
    ctx: Answering & { query: CollectionQuery },
    rel: string,
    all: Json[],
    selfUrl: string,
    extraLinks: Json = {},
    options: { last?: boolean } = {},
  ): SandboxResponse {
    const keep = typeof ctx.query.query === "string" ? { query: ctx.query.query } : undefined;
    const page = pageOf(all, selfUrl, { page: ctx.query.page, per_page: ctx.query.per_page, keep }, options);
    return this.hal(ctx, 200, {
      count: page.count,
      page: page.page,
      per_page: page.per_page,
      _links: { ...page.links, ...extraLinks, curies: this.links.curies },
      _embedded: { [rel]: page.items },
    });
  }

  /** The items the request's `query` selects, or the 400 of a malformed query. */
  queried<T>(ctx: Answering & { query: CollectionQuery }, supported: QueryLanguage<T>, accepted: string[], items: T[]): T[] | SandboxResponse {
    const parsed = parseQuery<T>(ctx.query.query, supported, accepted);
    if (!parsed.ok) return problems.validation(ctx.problem, { query: [parsed.message] }, "The query is malformed.");
    return items.filter(parsed.predicate);
  }

  /** A token endpoint error in the RFC 6749 form. */
  oauthError(ctx: Answering, status: 400 | 401, error: string, description: string): SandboxResponse {
    const errorRoute = this.router.operation("createToken");
    return {
      status,
      headers: {
        ...ctx.problem.headers,
        "content-type": mediaTypeWithSchema(this.doc, errorRoute, status, "OAuthError"),
        "cache-control": "no-store",
        ...(status === 401 ? { "www-authenticate": 'Basic realm="oauth"' } : {}),
      },
      body: { error, error_description: maskCardNumbers(description) },
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
