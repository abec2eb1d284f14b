/**
 * Spec-driven exploration: exercises every operation of an API without test code that names
 * one. It starts at the operations whose paths have no parameters, sends each request example
 * of the spec (or no body), and collects every link and `Location` the answers carry. An
 * operation with path parameters is then sent to a collected address that the spec's path
 * templates route to it (a real authorization's `captures` link, a created application's
 * `self`), round after round; DELETEs come last so nothing is removed before it was used.
 * What no answer links to is sent to the path filled with the spec's parameter examples.
 */
import { isJsonObject } from "../../src/testkit/common/json-values";
import { listOperationExamples, type SpecExample } from "../../src/testkit/openapi-model/examples";
import { concretePath } from "../../src/testkit/openapi-model/http-from-spec";
import { expandHref, type ApiSession, type Exchange } from "./http";
import type { ContractOperation } from "./spec";

const METHOD_RANK: Record<string, number> = { POST: 0, GET: 1, PUT: 2, PATCH: 3, OPTIONS: 4, DELETE: 9 };

export interface ExplorationResult {
  exchanges: Map<string, Exchange[]>;
  /** How each operation's address was found: `link` (from an answer) or `example` (parameter examples). */
  reachedBy: Map<string, "link" | "example" | "none">;
  /** Addresses collected from answers. */
  links: Set<string>;
}

/** Every `href` in a JSON body (HAL `_links` and `_embedded`, at any depth). */
export function collectHrefs(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 12) return found;
  if (Array.isArray(value)) {
    for (const item of value) collectHrefs(item, found, depth + 1);
    return found;
  }
  if (!isJsonObject(value)) return found;
  const record = value;
  if (typeof record.href === "string") found.push(record.templated === true ? expandHref(record.href) : record.href);
  for (const child of Object.values(record)) collectHrefs(child, found, depth + 1);
  return found;
}

export function requestExamplesOf(session: ApiSession, operationId: string): SpecExample[] {
  return listOperationExamples(session.spec.doc).filter((e) => e.kind === "request" && e.operationId === operationId);
}

export class Explorer {
  readonly links = new Set<string>();
  readonly exchanges = new Map<string, Exchange[]>();
  readonly reachedBy = new Map<string, "link" | "example" | "none">();
  private readonly origin: string;

  constructor(private readonly session: ApiSession) {
    this.origin = new URL(session.baseUrl).origin;
    this.links.add(session.baseUrl + "/");
  }

  /** Records the addresses an answer carries. */
  harvest(exchange: Exchange): void {
    const hrefs = collectHrefs(exchange.json);
    const location = exchange.headers.get("location");
    if (location) hrefs.push(location);
    for (const href of hrefs) {
      try {
        this.links.add(this.session.resolve(href));
      } catch {
        /* not a URL: the schema check reports it where it matters */
      }
    }
  }

  /** Collected addresses that the spec routes to this operation. */
  candidates(operation: ContractOperation): string[] {
    const router = operation.external ? this.session.spec.externalRouter : this.session.spec.router;
    const found: string[] = [];
    for (const link of this.links) {
      const url = new URL(link);
      if ((url.origin === this.origin) === operation.external || !this.session.mayContact(link)) continue;
      const matched = router.match(operation.method, url.pathname);
      if (matched.kind === "match" && matched.route.operationId === operation.operationId) found.push(link);
    }
    return found;
  }

  /** Sends each request example of the operation, example i to urls[i mod n]. */
  private async send(operation: ContractOperation, urls: string[]): Promise<void> {
    const examples = requestExamplesOf(this.session, operation.operationId);
    const bodies: Array<{ body?: unknown; mediaType?: string }> = examples.length
      ? examples.map((e) => ({ body: e.value, mediaType: e.mediaType === "*/*" ? "application/octet-stream" : e.mediaType }))
      : [{}];
    const list = this.exchanges.get(operation.operationId) ?? [];
    this.exchanges.set(operation.operationId, list);
    for (const [index, { body, mediaType }] of bodies.entries()) {
      const url = urls[index % urls.length]!;
      const exchange = await this.session.call({ operationId: operation.operationId, url, body, mediaType, conformance: "record" });
      list.push(exchange);
      this.harvest(exchange);
    }
  }

  async run(rounds = 6): Promise<ExplorationResult> {
    const operations = [...this.session.spec.operations].sort((a, b) => (METHOD_RANK[a.method] ?? 5) - (METHOD_RANK[b.method] ?? 5));
    const pending = new Set(operations.map((o) => o.operationId));
    const deletes = operations.filter((o) => o.method === "DELETE");

    for (const operation of operations) {
      if (operation.template.includes("{") || operation.external || operation.method === "DELETE") continue;
      await this.send(operation, [this.session.urlFor(operation)]);
      this.reachedBy.set(operation.operationId, "link");
      pending.delete(operation.operationId);
    }
    for (let round = 0; round < rounds; round++) {
      let progressed = false;
      for (const operation of operations) {
        if (!pending.has(operation.operationId) || operation.method === "DELETE") continue;
        const urls = this.candidates(operation);
        if (urls.length === 0) continue;
        // Examples are spread over distinct resources, so one capture does not use up the next one's authorization.
        await this.send(operation, urls);
        this.reachedBy.set(operation.operationId, "link");
        pending.delete(operation.operationId);
        progressed = true;
      }
      if (!progressed) break;
    }
    for (const operation of deletes) {
      const urls = this.candidates(operation);
      if (urls.length > 0) {
        await this.send(operation, [urls[urls.length - 1]!]);
        this.reachedBy.set(operation.operationId, "link");
        pending.delete(operation.operationId);
      }
    }
    for (const operationId of pending) {
      const operation = this.session.spec.operation(operationId);
      if (operation.external) {
        this.reachedBy.set(operationId, "none");
        continue;
      }
      await this.send(operation, [this.session.baseUrl + concretePath(operation)]);
      this.reachedBy.set(operationId, "example");
    }
    return { exchanges: this.exchanges, reachedBy: this.reachedBy, links: this.links };
  }
}
