/**
 * Conformance, driven by the spec: every operation of both APIs is exercised (the exploration
 * finds real addresses by following the answers' links) and every response is checked: status
 * documented for the operation, Content-Type a documented media type, headers and body valid
 * against the spec. Secured operations must refuse a request without credentials with their
 * documented 401. A new operation in the spec is covered here without new test code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concretePath } from "../../src/testkit/spec/http-from-spec";
import { session, target, unmet } from "../support/context";
import { Explorer, requestExamplesOf, type ExplorationResult } from "../support/explore";
import { bodyExcerpt, describeExchange } from "../support/http";
import { API_NAMES, apiSpec } from "../support/spec";

describe.each(API_NAMES)("%s API conformance", (api) => {
  const spec = apiSpec(api);
  const skipReason = unmet({ api });
  let exploration: ExplorationResult | undefined;

  beforeAll(async () => {
    if (!skipReason) exploration = await new Explorer(session(api)).run();
  }, 180_000);

  afterAll(() => {
    if (!exploration) return;
    const lines = spec.operations.map((operation) => {
      const statuses = [...new Set((exploration!.exchanges.get(operation.operationId) ?? []).map((e) => e.status))].sort();
      return `  ${operation.operationId.padEnd(36)} ${(exploration!.reachedBy.get(operation.operationId) ?? "none").padEnd(8)} ${statuses.join(", ") || "-"}`;
    });
    console.log(`${api} operations exercised on ${target.kind} (operation, address from, statuses seen):\n${lines.join("\n")}`);
  });

  const operations = spec.operations.map((operation) => [`${operation.operationId} (${operation.method} ${operation.template})`, operation.operationId] as const);

  it.for(operations)("%s: every response is documented, of a documented media type, and valid", ([, operationId], ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const reached = exploration!.reachedBy.get(operationId);
    if (reached === "none") ctx.skip(`no answer of the ${target.kind} target linked to ${operationId}'s own host (a pre-signed link); the file flow scenario covers it where the target has behaviour`);
    const exchanges = exploration!.exchanges.get(operationId) ?? [];
    expect(exchanges.length, `${operationId} was not exercised`).toBeGreaterThan(0);
    const broken = exchanges
      .filter((e) => e.problems.length > 0)
      .map((e) => `${describeExchange(e)}:\n    - ${e.problems.join("\n    - ")}\n    body: ${bodyExcerpt(e, 300)}`);
    // The first few in the message itself, so that every report (JUnit included) shows what broke.
    expect(broken, `${broken.length} responses of ${operationId} break the spec, the first:\n${broken.slice(0, 3).join("\n")}\n`).toEqual([]);
  });

  const secured = spec.operations.filter((o) => spec.isSecured(o) && !o.external);
  it.for(secured.map((o) => [`${o.operationId} (${o.method} ${o.template})`, o.operationId] as const))(
    "%s: refuses a request without credentials with its documented 401",
    async ([, operationId], ctx) => {
      if (skipReason) ctx.skip(skipReason);
      const client = session(api);
      const operation = spec.operation(operationId);
      const explorer = new Explorer(client);
      for (const link of exploration!.links) explorer.links.add(link);
      const url = explorer.candidates(operation)[0] ?? client.baseUrl + concretePath(spec.doc, operationId);
      const example = requestExamplesOf(client, operationId)[0];
      const exchange = await client.call({ operationId, url, auth: "none", body: example?.value, mediaType: example?.mediaType });
      expect(exchange.status, `${describeExchange(exchange)} without credentials`).toBe(401);
    },
  );
});
