/**
 * Merchant API helpers for the behaviour scenarios: the typed client wired to the suite's
 * checking transport (so its answers are held to the spec too), request bodies from the spec's
 * examples, and facts read from the spec (commentable properties, required file labels).
 */
import { expect } from "vitest";
import { createMerchantClient, type MerchantClient } from "../../src/toolkit/clients/merchant/client";
import type { HalResource } from "../../src/toolkit/clients/merchant/hal";
import { deref } from "../../src/testkit/openapi-model/document";
import { mediaTypeOf } from "../../src/testkit/openapi-model/media-types";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { linksOf } from "../../src/testkit/common/hal-reading";
import { requestExample, type OperationIdOf, type RequestBodyOf } from "./documented-bodies";
import { bodyExcerpt, describeExchange, type ApiSession, type Exchange } from "./http";
import { propertySchemas } from "../../src/testkit/openapi-model/schema-walk";
import { isJsonObject } from "../../src/testkit/common/json-values";
import { apiSpec, type Schema } from "./spec";

/** A request example of the merchant spec, deep-copied, typed as the operation's request body. */
export function merchantExample<Op extends OperationIdOf<"merchant">>(operationId: Op, name?: string): RequestBodyOf<"merchant", Op> {
  return requestExample("merchant", operationId, name);
}

/**
 * The typed client on the session's target, through the session's checking transport: every
 * attempt's answer is checked, and the 401s it answers with a new token are reported. No retries
 * and no 429 waits, so that a 5xx or a 429 reaches the test; a redirect is not followed.
 */
export function merchantClient(session: ApiSession, credentials?: { clientId: string; clientSecret: string }): MerchantClient {
  const { merchant } = session.target;
  return createMerchantClient({
    baseUrl: merchant.baseUrl,
    clientId: credentials?.clientId ?? merchant.clientId,
    clientSecret: credentials?.clientSecret ?? merchant.clientSecret,
    audience: merchant.audience,
    fetch: session.transport(),
    retry: { attempts: 1 },
    rateLimit: { maxRetries: 0 },
    // The suite's transport bounds a request by its progress (support/connections.ts), not the client by the clock.
    timeoutMs: 0,
  });
}

/** The href of a relation (its first link, or the one of that name), absolute. */
export function linkOf(resource: HalResource | object, rel: string, name?: string): string {
  const link = linksOf(resource, rel).find((l) => name === undefined || l.name === name);
  expect(link?.href, `a link ${rel}${name ? ` named ${name}` : ""}`).toEqual(expect.any(String));
  return link!.href;
}

/** Dotted names of the properties a response schema marks `x-commentable` (nested ones included). */
export function commentableProperties(schemaName: string): string[] {
  const doc = apiSpec("merchant").doc;
  const found: string[] = [];
  const visit = (schema: Schema, prefix: string, depth: number) => {
    if (depth > 6 || typeof schema === "boolean") return;
    for (const [name, property] of propertySchemas(doc, schema)) {
      if (name.startsWith("_") || typeof property === "boolean") continue;
      const resolved = deref<Record<string, unknown>>(doc, property);
      if (property["x-commentable"] === true || resolved["x-commentable"] === true) found.push(prefix + name);
      visit(property, `${prefix}${name}.`, depth + 1);
    }
  };
  visit({ $ref: `#/components/schemas/${schemaName}` }, "", 0);
  return [...new Set(found)];
}

/** Every property name of a schema, dotted (for a property that is not commentable). */
export function allProperties(schemaName: string): string[] {
  const doc = apiSpec("merchant").doc;
  const found: string[] = [];
  const visit = (schema: Schema, prefix: string, depth: number) => {
    if (depth > 6 || typeof schema === "boolean") return;
    for (const [name, property] of propertySchemas(doc, schema)) {
      if (name.startsWith("_")) continue;
      found.push(prefix + name);
      visit(property, `${prefix}${name}.`, depth + 1);
    }
  };
  visit({ $ref: `#/components/schemas/${schemaName}` }, "", 0);
  return [...new Set(found)];
}

/**
 * A problem answer: the status, the problem media type, and a `status` member (when sent) equal to
 * the HTTP status. The members each problem must carry are the spec's (conformance checks them):
 * a request id or a title the source does not promise is not asked for here.
 */
export function expectProblem(exchange: Exchange, status: number): void {
  expect(exchange.status, `${describeExchange(exchange)} ${bodyExcerpt(exchange)}`).toBe(status);
  expect(mediaTypeOf(exchange.headers.get("content-type")), "problems are application/problem+json").toBe("application/problem+json");
  if (isJsonObject(exchange.json) && "status" in exchange.json) expect(exchange.json.status, "the problem's status member").toBe(status);
}

/** The labels of the identity documents a person needs, from the spec's example person files. */
export function personFileExamples(): Array<RequestBodyOf<"merchant", "createPersonFile">> {
  return listOperationExamples(apiSpec("merchant").doc)
    .filter((e) => e.kind === "request" && e.operationId === "createPersonFile")
    .map((e) => requestExample("merchant", "createPersonFile", e.name));
}

/** A small PDF-like payload, distinct per call. */
export function fileBytes(tag: string): Buffer {
  return Buffer.from(`%PDF-1.7\n% contract test ${tag} ${Date.now()}\n%%EOF\n`, "latin1");
}

/**
 * A contract's links and the contracts' filter: only a submitted application lets the run's
 * invariants check them, so the submission scenario claims them, not the agreement scenarios.
 */
export const CONTRACT_AGREEMENT: readonly string[] = [
  "merchant:link:Application.ch:contracts",
  "merchant:link:Contract.ch:application",
  "merchant:link:Contract.ch:stamps",
  "merchant:query:ContractQuery",
];
