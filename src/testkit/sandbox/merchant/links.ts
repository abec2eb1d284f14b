/**
 * HAL links of the merchant sandbox, built from the spec's path templates over the sandbox's
 * base URL (set once its listener is up): plain links, templated links (RFC 6570, the
 * operation's query parameters) and the curies every `_links` carries.
 */
import { curieName } from "../../../../generated/merchant/constants";
import type { OpenApiDocument } from "../../spec/document";
import type { SpecRouter } from "../../spec/router";
import type { OperationId } from "./operation";
import { curieHref } from "./spec-facts";

export interface Curie {
  href: string;
  templated: true;
  name: string;
}

export class MerchantLinks {
  /** The sandbox's own base URL (empty until the listener is up). */
  base = "";
  readonly curies: Curie[];
  /** Path templates split at their parameters, once per operation: `["/applications/", "application_id", ""]`. */
  private readonly templateParts = new Map<string, string[]>();
  /** The query part of each operation's templated link. */
  private readonly templateQueries = new Map<string, string>();

  constructor(
    private readonly router: SpecRouter,
    doc: OpenApiDocument,
  ) {
    this.curies = [{ href: curieHref(doc), templated: true, name: curieName }];
  }

  /** The address of an operation with its path parameters filled in. */
  href(operationId: OperationId, params: Record<string, string> = {}): string {
    let parts = this.templateParts.get(operationId);
    if (!parts) {
      parts = this.router.operation(operationId).template.split(/\{([^}]+)\}/);
      this.templateParts.set(operationId, parts);
    }
    let out = this.base;
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : encodeURIComponent(params[parts[i]!] ?? "");
    return out;
  }

  /** A templated link: the operation's address and its query parameters (the opaque cursor excluded). */
  templated(operationId: OperationId, params: Record<string, string> = {}): { href: string; templated: true } {
    let query = this.templateQueries.get(operationId);
    if (query === undefined) {
      const names = this.router
        .operation(operationId)
        .parameters.filter((p) => p.in === "query" && p.name !== "next")
        .map((p) => p.name);
      query = names.length ? `{?${names.join(",")}}` : "";
      this.templateQueries.set(operationId, query);
    }
    return { href: this.href(operationId, params) + query, templated: true };
  }

  link(operationId: OperationId, params: Record<string, string> = {}): { href: string } {
    return { href: this.href(operationId, params) };
  }

  /** An address under the base URL that no operation of the spec describes (`/records/...`). */
  unserved(path: string): { href: string } {
    return { href: this.base + path };
  }
}
