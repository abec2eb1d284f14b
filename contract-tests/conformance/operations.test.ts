/**
 * Conformance, driven by the spec: every operation of both APIs is exercised (the exploration
 * finds real addresses by following the answers' links) and every response is checked: status
 * documented for the operation, Content-Type a documented media type, headers and body valid
 * against the spec. Secured operations must refuse a request without credentials with their
 * documented 401. A new operation in the spec is covered here without new test code.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { concretePath } from "../../src/testkit/openapi-model/http-from-spec";
import { contractTest, session, target, unmet } from "../support/context";
import { Explorer, requestExamplesOf, type ExplorationResult } from "../support/explore";
import { bodyExcerpt, describeExchange } from "../support/http";
import { API_NAMES, apiSpec } from "../support/spec";
import { ruleIds } from "../rules/inventory";

/**
 * Operations whose success needs state the exploration does not build (a submitted application
 * with its contract, an uploaded file): their successes are proven by behaviour scenarios.
 */
const SUCCESS_NEEDS_A_SCENARIO = new Set([
  "addApplicationStamp",
  "addDisputeStamp",
  "addContractStamp",
  "listContracts",
  "optionsContracts",
  "getContract",
  "optionsContract",
  "optionsContractStamp",
  "downloadFileContent",
  "uploadFileContent",
]);

describe.each(API_NAMES)("%s API conformance", (api) => {
  const spec = apiSpec(api);
  const skipReason = unmet({ api });
  let exploration: ExplorationResult | undefined;

  beforeAll(async () => {
    if (!skipReason) exploration = await new Explorer(session(api)).run();
  });

  afterAll(() => {
    if (!exploration) return;
    const lines = spec.operations.map((operation) => {
      const statuses = [...new Set((exploration!.exchanges.get(operation.operationId) ?? []).map((e) => e.status))].sort();
      return `  ${operation.operationId.padEnd(36)} ${(exploration!.reachedBy.get(operation.operationId) ?? "none").padEnd(8)} ${statuses.join(", ") || "-"}`;
    });
    console.log(`${api} operations exercised on ${target.kind} (operation, address from, statuses seen):\n${lines.join("\n")}`);
  });

  /**
   * The rules an operation's conformance test proves: the echo of what was sent (support/echo.ts),
   * `Location` = `_links.self` on 201s, the spec's `x-returned-for` of transaction status codes,
   * and (on a target with behaviour, where the test also requires a documented success) the
   * "when" of each success response the operation writes in place.
   */
  const rulesOf = (operationId: string): string[] => {
    const operation = spec.operation(operationId);
    const responses = [...operation.responses.values()];
    const successes = responses
      .filter((r) => /^2/.test(r.key))
      .map((r) => (r.component ? `${api}:status:${r.component}` : `${api}:status:${operationId}:${r.key}`));
    const locations = responses.some((r) => r.headers.some((h) => h.lower === "location")) ? [`${api}:header:Location`] : [];
    const returnedFor = api === "gateway" && successes.length > 0 && operation.method === "POST" ? [`${api}:x-returned-for`] : [];
    return [...ruleIds(`${api}:echo:${operationId}`), ...locations, ...returnedFor, ...(requiresSuccess(operationId) ? successes : [])];
  };
  /** Whether the test requires a documented success of the operation (it then proves the "when" of its successes). */
  const requiresSuccess = (operationId: string) =>
    !SUCCESS_NEEDS_A_SCENARIO.has(operationId) && [...spec.operation(operationId).responses.keys()].some((code) => /^2/.test(code));

  for (const operation of spec.operations) {
    const { operationId } = operation;
    contractTest(
      `${operationId} (${operation.method} ${operation.template}): every response is documented, of a documented media type, and valid`,
      { meta: { rules: rulesOf(operationId) } },
      (ctx) => {
        if (skipReason) ctx.skip(skipReason);
        const reached = exploration!.reachedBy.get(operationId);
        if (reached === "none")
          ctx.skip(
            `no answer of the ${target.kind} target linked to ${operationId}'s own host (a pre-signed link); the file flow scenario covers it where the target has behaviour`,
          );
        const exchanges = exploration!.exchanges.get(operationId) ?? [];
        expect(exchanges.length, `${operationId} was not exercised`).toBeGreaterThan(0);
        const broken = exchanges
          .filter((e) => e.problems.length > 0)
          .map((e) => `${describeExchange(e)}:\n    - ${e.problems.join("\n    - ")}\n    body: ${bodyExcerpt(e, 300)}`);
        // The first few in the message itself, so that every report (JUnit included) shows what broke.
        expect(
          broken,
          `${broken.length} responses of ${operationId} break the spec, the first:\n${broken.slice(0, 3).join("\n")}\n`,
        ).toEqual([]);
        // Only where an answer linked to the operation: an address filled with the spec's examples names nothing that exists.
        if (target.capabilities.behaviour && requiresSuccess(operationId) && reached === "link") {
          const documented = [...operation.responses.keys()].filter((code) => /^2/.test(code));
          const statuses = [...new Set(exchanges.map((e) => e.status))].sort();
          expect(
            exchanges.some((e) => documented.includes(String(e.status))),
            `${operationId}: the exploration got none of its documented successes (${documented.join(", ")}); it got ${statuses.join(", ")}`,
          ).toBe(true);
        }
      },
    );
  }

  const secured = spec.operations.filter((o) => spec.isSecured(o) && !o.external);
  for (const operation of secured) {
    const { operationId } = operation;
    const unauthorized = operation.responses.get("401")?.component;
    const rules = unauthorized ? [...ruleIds(`${api}:status:${unauthorized}`), ...ruleIds(`${api}:401:${unauthorized}:missing`)] : [];
    contractTest(
      `${operationId} (${operation.method} ${operation.template}): refuses a request without credentials with its documented 401`,
      { meta: { rules } },
      async (ctx) => {
        if (skipReason) ctx.skip(skipReason);
        const client = session(api);
        const explorer = new Explorer(client);
        for (const link of exploration!.links) explorer.links.add(link);
        const url = explorer.candidates(operation)[0] ?? client.baseUrl + concretePath(operation);
        const example = requestExamplesOf(client, operationId)[0];
        const exchange = await client.call({ operationId, url, auth: "none", body: example?.value, mediaType: example?.mediaType });
        expect(exchange.status, `${describeExchange(exchange)} without credentials`).toBe(401);
      },
    );
  }
});
