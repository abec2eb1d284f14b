/**
 * Property-based fuzzing with fast-check, values drawn from the spec's schemas, for every
 * operation that takes a form or JSON body (found in the spec, not listed here):
 *
 *  - a valid request gets a documented response (status, media type, headers, body), never a 5xx;
 *  - a request that breaks one rule of one parameter gets a documented 4xx whose error names
 *    that parameter (`status.message` for the gateway, `errors` for the merchant API, the
 *    `sl-violations` header for the Prism mock, which answers with a static example);
 *  - an arbitrary body, of any shape, never gets a 5xx or an undocumented answer.
 *
 * CONTRACT_FUZZ_RUNS sets the number of cases per property. A failure shows the counterexample
 * with PAN-like digit runs masked.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, type TestContext } from "vitest";
import { ruleIds } from "../rules/inventory";
import { maskPans } from "../../src/toolkit/clients/common/redact";
import { FORM_MEDIA_TYPE } from "../../src/testkit/openapi-model/media-types";
import { contractTest, session, target, unmet } from "../support/context";
import { breakOneRule, validAgainst } from "../support/arbitraries";
import { Explorer } from "../support/explore";
import { bodyExcerpt, describeExchange, type ApiSession, type Exchange } from "../support/http";
import { API_NAMES, apiSpec, type ApiName, type ContractOperation, type Schema } from "../support/spec";

/** What the Prism mock cannot take (see docs/contract-tests.md, "What the mock cannot do"). */
const PRISM_VALIDATION =
  "the Prism mock does not report every broken rule: it ignores JSON Schema 2019+ keywords (dependentRequired, dependentSchemas) and misses some type errors in form bodies, then answers with the 2xx example";
const PRISM_MALFORMED =
  "the Prism mock answers a malformed JSON body with its own error format (not the spec's problem), and crashes (uncaught URIError) on a form body with a malformed percent-escape";
const runs = target.fuzzRuns;

/** Runs a property and fails with a masked report: counterexamples can hold PAN-like values. */
async function check<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  ctx?: { skip: (note: string) => never },
): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { numRuns: runs, endOnFailure: true });
  if (details.failed && details.counterexample === null && ctx) {
    ctx.skip(
      `inconclusive on the ${target.kind} target: too many cases were answered 429 (raise the endpoint's quota or lower CONTRACT_FUZZ_RUNS=${runs})`,
    );
  }
  if (details.failed) {
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      maskPans(
        `property failed after ${details.numRuns} cases (seed ${details.seed}, path ${details.counterexamplePath}):\ncounterexample: ${JSON.stringify(details.counterexample)}\n${error}`,
      ),
    );
  }
}

/** Whether the answer names the parameter (or a parent of it): bracket names for the gateway, dotted ones for the merchant API. */
function namesParameter(api: ApiName, exchange: Exchange, path: string[]): boolean {
  const prefixes = path.map((_, i) => path.slice(0, i + 1));
  if (api === "gateway") {
    const message = String(exchange.json?.status?.message ?? "");
    return prefixes.some((p) =>
      message.includes(
        p[0]! +
          p
            .slice(1)
            .map((s) => `[${s}]`)
            .join(""),
      ),
    );
  }
  const errors = exchange.json?.errors ?? exchange.json;
  const keys = Object.keys(errors ?? {});
  const text = JSON.stringify(errors ?? {});
  return prefixes.some(
    (p) => keys.includes(p.join(".")) || text.includes(`'${p.join(".")}'`) || text.includes(`parameter '${p.join(".")}'`),
  );
}

describe.each(API_NAMES)("%s API fuzzing", (api) => {
  const spec = apiSpec(api);
  const skipReason = unmet({ api });
  /** An operation's first form or JSON request body with a schema. */
  const decodedMedia = (operation: ContractOperation): { mediaType: string; schemaPointer: string; schema: Schema } | undefined => {
    for (const { decoder, mediaType, schema } of operation.requestBody?.media ?? [])
      if (decoder !== "binary" && schema) return { mediaType, schemaPointer: schema.pointer, schema: schema.schema };
    return undefined;
  };
  const operations = spec.operations.filter((o) => decodedMedia(o) !== undefined);
  const addresses = new Map<string, { url: string; real: boolean }>();
  let client: ApiSession;

  beforeAll(async () => {
    if (skipReason) return;
    client = session(api);
    const explorer = new Explorer(client);
    const result = await explorer.run();
    for (const operation of operations) {
      const link = explorer.candidates(operation)[0];
      const reached = result.reachedBy.get(operation.operationId);
      const url = link ?? result.exchanges.get(operation.operationId)?.[0]?.url;
      if (url) addresses.set(operation.operationId, { url, real: reached === "link" });
    }
  });

  const media = (operation: ContractOperation) => decodedMedia(operation)!;

  const label = (o: ContractOperation) => `${o.operationId} (${o.method} ${o.template})`;
  const cases = operations.map((o) => [label(o), o.operationId] as const);
  /** The status rules (inventory ids) of an operation's documented answers whose code passes the test. */
  const statusRules = (operationId: string, code: (status: string) => boolean) =>
    [...spec.operation(operationId).responses.values()]
      .filter((r) => code(r.key))
      .flatMap((r) => ruleIds(r.component ? `${api}:status:${r.component}` : `${api}:status:${operationId}:${r.key}`));
  const forCases = (
    name: string,
    rules: (operationId: string) => string[],
    body: (operationId: string, ctx: TestContext) => Promise<void>,
  ) => {
    for (const [caseLabel, operationId] of cases)
      contractTest(`${caseLabel}: ${name}`, { meta: { rules: rules(operationId) } }, (ctx) => body(operationId, ctx));
  };

  forCases(
    "valid requests drawn from the schema get documented answers, never a 5xx",
    (id) => [...statusRules(id, (c) => c === "400" || /^2/.test(c)), ...ruleIds(`${api}:echo:${id}`)],
    async (operationId, ctx) => {
      if (skipReason) ctx.skip(skipReason);
      const operation = spec.operation(operationId);
      const { mediaType, schemaPointer, schema } = media(operation);
      const address = addresses.get(operationId)!;
      await check(validAgainst(spec.doc, spec.validator, schemaPointer, schema), async (body) => {
        const exchange = await client.call({ operationId, url: address.url, body, mediaType });
        expect(exchange.status, `${describeExchange(exchange)} ${bodyExcerpt(exchange, 300)}`).toBeLessThan(500);
      });
    },
  );

  forCases(
    "a request that breaks one rule of one parameter gets a 4xx naming that parameter",
    (id) => statusRules(id, (c) => c === "400"),
    async (operationId, ctx) => {
      if (skipReason) ctx.skip(skipReason);
      const operation = spec.operation(operationId);
      const address = addresses.get(operationId)!;
      if (!address.real)
        ctx.skip(`no ${operationId} resource was reachable on the ${target.kind} target, so its answer is about the address, not the body`);
      const { mediaType, schemaPointer, schema } = media(operation);
      if (target.kind === "mock") ctx.skip(PRISM_VALIDATION);
      const arbitrary = fc
        .tuple(validAgainst(spec.doc, spec.validator, schemaPointer, schema), fc.nat(), fc.nat())
        .map(([valid, pick, rule]) => breakOneRule(spec.validator, schemaPointer, valid, pick, rule, mediaType === FORM_MEDIA_TYPE))
        .filter((broken) => broken !== undefined);
      await check(
        arbitrary,
        async (broken) => {
          const exchange = await client.call({ operationId, url: address.url, body: broken.value, mediaType });
          // A rate-limited answer is documented but says nothing about the body.
          fc.pre(exchange.status !== 429);
          const where = `${describeExchange(exchange)} for a broken ${broken.rule} of ${broken.path.join(".")}: ${bodyExcerpt(exchange, 300)}`;
          expect(exchange.status, where).toBeGreaterThanOrEqual(400);
          expect(exchange.status, where).toBeLessThan(500);
          expect(namesParameter(api, exchange, broken.path), `the error names ${broken.path.join(".")}: ${where}`).toBe(true);
        },
        ctx,
      );
    },
  );

  forCases(
    "an arbitrary body of any shape never gets a 5xx or an undocumented answer",
    () => [],
    async (operationId, ctx) => {
      if (skipReason) ctx.skip(skipReason);
      const operation = spec.operation(operationId);
      const { mediaType } = media(operation);
      if (target.kind === "mock") ctx.skip(PRISM_MALFORMED);
      const address = addresses.get(operationId)!;
      const junk = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.integer(),
            fc.boolean(),
            fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
          ),
          { maxKeys: 6 },
        ),
      );
      await check(junk, async (body) => {
        const exchange = await client.call({ operationId, url: address.url, body: typeof body === "string" ? body : body, mediaType });
        expect(exchange.status, `${describeExchange(exchange)} ${bodyExcerpt(exchange, 300)}`).toBeLessThan(500);
      });
    },
  );
});
