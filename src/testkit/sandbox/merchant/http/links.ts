/**
 * HAL links of the merchant sandbox, built from the spec's path templates over the sandbox's
 * base URL (set once its listener is up): plain links, templated links (RFC 6570, the
 * operation's query parameters) and the curies every `_links` carries. A link to an operation
 * goes under the relation the spec ties to it (`x-link-relation`).
 */
import { curieHref, curieName } from "../../../../../generated/merchant/constants";
import type { SpecRouter } from "../../../openapi-model/router";
import type { OperationId, PathOf } from "../records/spec-types";

/** A link's path parameters: none for an operation without, else its generated path type. */
type PathArgs<K extends OperationId> = keyof PathOf<K> extends never ? [params?: PathOf<K>] : [params: PathOf<K>];

export interface Curie {
  href: string;
  templated: true;
  name: string;
}

export class MerchantLinks {
  /** The sandbox's own base URL (empty until the listener is up). */
  base = "";
  readonly curies: Curie[];
  /** Path templates split at their parameters, once per operation. */
  private readonly templateParts = new Map<string, string[]>();
  /** The query part of each operation's templated link. */
  private readonly templateQueries = new Map<string, string>();

  /** Names of the parameters whose value a client takes from a link, never from a template. */
  private readonly fromLink: ReadonlySet<string>;

  constructor(private readonly router: SpecRouter) {
    this.curies = [{ href: curieHref, templated: true, name: curieName }];
    const parameters = [...router.operations.values()].flatMap((operation) => operation.parameters);
    this.fromLink = new Set(parameters.filter((p) => p.extensions["x-from-link"] !== undefined).map((p) => p.name));
  }

  /** The names of an operation's path parameters, in path order. */
  pathParameters(operationId: OperationId): string[] {
    return this.parts(operationId).filter((_, i) => i % 2 === 1);
  }

  /** The relation whose link leads to an operation. */
  relationOf(operationId: OperationId): string {
    const rel = this.router.operation(operationId).linkRelation;
    if (rel === undefined) throw new Error(`merchant spec: ${operationId} has no x-link-relation`);
    return rel;
  }

  /** `{[relation]: link}` to an operation, to spread into `_links`. */
  related<K extends OperationId>(operationId: K, ...[params]: PathArgs<K>): Record<string, { href: string }> {
    return { [this.relationOf(operationId)]: { href: this.fill(operationId, params ?? {}) } };
  }

  /** `{[relation]: link}` to the one resource an operation reads, named by its id (its one path parameter). */
  relatedById(reader: OperationId, id: string): Record<string, { href: string }> {
    const names = this.pathParameters(reader);
    if (names.length !== 1) throw new Error(`merchant sandbox: ${reader} does not read one resource by its id`);
    return { [this.relationOf(reader)]: { href: this.fill(reader, { [names[0]!]: id }) } };
  }

  /** `{[relation]: templated link}` to an operation, to spread into `_links`. */
  relatedTemplate<K extends OperationId>(operationId: K, ...[params]: PathArgs<K>): Record<string, { href: string; templated: true }> {
    return { [this.relationOf(operationId)]: this.templatedLink(operationId, params ?? {}) };
  }

  /** The address of an operation with its path parameters filled in. */
  href<K extends OperationId>(operationId: K, ...[params]: PathArgs<K>): string {
    return this.fill(operationId, params ?? {});
  }

  /** A templated link: the operation's address and its query parameters, less those whose value comes from a link (`x-from-link`: the opaque cursor). */
  templated<K extends OperationId>(operationId: K, ...[params]: PathArgs<K>): { href: string; templated: true } {
    return this.templatedLink(operationId, params ?? {});
  }

  private templatedLink(operationId: OperationId, params: object): { href: string; templated: true } {
    let query = this.templateQueries.get(operationId);
    if (query === undefined) {
      const names = this.router
        .operation(operationId)
        .parameters.filter((p) => p.in === "query" && !this.fromLink.has(p.name))
        .map((p) => p.name);
      query = names.length ? `{?${names.join(",")}}` : "";
      this.templateQueries.set(operationId, query);
    }
    return { href: this.fill(operationId, params) + query, templated: true };
  }

  link<K extends OperationId>(operationId: K, ...[params]: PathArgs<K>): { href: string } {
    return { href: this.fill(operationId, params ?? {}) };
  }

  /** The address a request was made to (its operation's, with its path parameters), without its query. */
  addressOf(call: { route: { operationId: string }; params: object }): string {
    return this.fill(call.route.operationId as OperationId, call.params);
  }

  /** An address under the base URL that no operation of the spec describes (`/records/...`). */
  unserved(path: string): { href: string } {
    return { href: this.base + path };
  }

  /** Path templates split at their parameters, once per operation: `["/applications/", "application_id", ""]`. */
  private parts(operationId: OperationId): string[] {
    let parts = this.templateParts.get(operationId);
    if (!parts) {
      parts = this.router.operation(operationId).template.split(/\{([^{}]+)\}/);
      this.templateParts.set(operationId, parts);
    }
    return parts;
  }

  private fill(operationId: OperationId, given: object): string {
    const params = given as Record<string, string>; // path parameters are strings
    const parts = this.parts(operationId);
    let out = this.base;
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : encodeURIComponent(params[parts[i]!] ?? "");
    return out;
  }
}
