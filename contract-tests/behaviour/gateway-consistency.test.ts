/**
 * Gateway answers against their requests and the rules no flow provokes: answers carry what was
 * sent (amounts, currency, texts, whether a CSC was sent), follow-ups on a transaction in the
 * wrong state are declined, a wrong signature fails whatever the bracket encoding, unknown
 * parameters are ignored, every cause of a 401 the spec lists, and the media type's version.
 */
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { createSigner } from "../../src/toolkit/clients/gateway/signing";
import { parseMediaType } from "../../src/testkit/openapi-model/media-types";
import { invalidParameterStatusCodes, responseMediaType } from "../../generated/gateway/constants";
import { apiSpec } from "../support/spec";
import { propertySchemas } from "../../src/testkit/openapi-model/schema-walk";
import { scenario, session, target } from "../support/context";
import { card, expectApproved, expectDeclined, Gateway, statusForcingPans } from "../support/gateway";
import { onlyLink } from "../../src/testkit/common/hal-reading";
import { objectOf, stringOf } from "../../src/testkit/common/json-values";
import type { Exchange } from "../support/http";

const gateway = () => new Gateway(session("gateway"));
const behaviour = { api: "gateway", behaviour: true } as const;
const INPUT_ERROR = 40000;

/** The schema a top-level parameter of an authorization refers to. */
function invalidParameterSchema(parameter: string): string | undefined {
  const schema = propertySchemas(apiSpec("gateway").doc, { $ref: "#/components/schemas/AuthorizationRequest" }).get(parameter);
  return stringOf(objectOf(schema).$ref)?.split("/").pop();
}

/** A follow-up of a transaction: through its link when it has one, else the spec's path for its id. */
function followUp(
  gw: Gateway,
  transaction: Exchange,
  operationId: "createCapture" | "createRefund" | "createVoid",
  body?: Record<string, unknown>,
): Promise<Exchange> {
  const rel = { createCapture: "captures", createRefund: "refunds", createVoid: "voids" }[operationId];
  const href = onlyLink(transaction.json, rel)?.href;
  return gw.session.call({
    operationId,
    ...(href ? { url: gw.session.resolve(href) } : { params: { authorization_id: String(transaction.json?.id) } }),
    ...(body ? { body } : {}),
  });
}

describe("Answers match requests", () => {
  scenario(
    "every transaction answer carries the amount, currency, text_on_statement and reference sent, and csc.present says whether a CSC was sent",
    {
      ...behaviour,
      testCards: true,
      rules: [
        "gateway:echo:createAuthorization",
        "gateway:echo:createCapture",
        "gateway:echo:createRefund",
        "gateway:echo:createDebit",
        "gateway:echo:createCredit",
        "gateway:status:CreditApproved",
      ],
    },
    async () => {
      const gw = gateway();
      const reference = `ref${randomUUID().slice(0, 8)}`;
      const authorization = await gw.authorize({ amount: 1234, currency: "DKK", text_on_statement: "Contract shop", reference });
      expectApproved(authorization, "authorization");
      expect(authorization.json, "the authorization echoes what was sent").toMatchObject({
        amount: 1234,
        currency: "DKK",
        text_on_statement: "Contract shop",
        reference,
      });
      expect(authorization.json.csc?.present, "a CSC was sent").toBe(true);
      const withoutCsc = await gw.authorize({ amount: 777, currency: "EUR" }, { csc: undefined });
      expectApproved(withoutCsc, "authorization without a CSC");
      expect(withoutCsc.json).toMatchObject({ amount: 777, currency: "EUR" });
      expect(withoutCsc.json.csc?.present ?? false, "no CSC was sent").toBe(false);
      const capture = await gw.capture(authorization, { amount: 1000, text_on_statement: "Contract capture" });
      expectApproved(capture, "capture");
      expect(capture.json, "the capture echoes what was sent").toMatchObject({ amount: 1000, text_on_statement: "Contract capture" });
      const refund = await gw.refund(authorization, { amount: 400 });
      expectApproved(refund, "refund");
      expect(refund.json.amount, "the refund's amount is the one sent").toBe(400);
      const debit = await gw.debit(3300);
      expectApproved(debit, "debit");
      expect(debit.json.amount).toBe(3300);
      const credit = await gw.credit(2200);
      expectApproved(credit, "credit");
      expect(credit.json.amount).toBe(2200);
    },
  );
});

describe("Transactions in the wrong state", () => {
  scenario(
    "a declined authorization cannot be captured, refunded or voided, and an authorization cannot be refunded before a capture",
    {
      ...behaviour,
      testCards: true,
      rules: [
        "gateway:rule:createCapture",
        "gateway:rule:RefundRequest.amount",
        "gateway:x-windows:voidable-status-codes",
        "gateway:status:CaptureDeclined",
        "gateway:status:RefundDeclined",
        "gateway:status:VoidDeclined",
      ],
    },
    async () => {
      const gw = gateway();
      const code = 40413;
      const declined = await gw.authorize({ amount: code }, { pan: statusForcingPans[0] });
      expectDeclined(declined, code, "authorization forced to a decline");
      expect(declined.json.id, "a declined authorization has an id").toEqual(expect.any(String));
      expectDeclined(await followUp(gw, declined, "createCapture", { amount: 100 }), undefined, "capture of a declined authorization");
      expectDeclined(await followUp(gw, declined, "createRefund", { amount: 100 }), undefined, "refund of a declined authorization");
      expectDeclined(
        await followUp(gw, declined, "createVoid"),
        undefined,
        `void of an authorization that ended with ${code}, not a voidable status`,
      );
      const fresh = await gw.approvedAuthorization(1000);
      expectDeclined(await gw.refund(fresh, { amount: 100 }), undefined, "refund before any capture");
      expectApproved(await gw.capture(fresh, { amount: 1000 }), "the fresh authorization is still capturable");
    },
  );
});

describe("Signatures under both bracket encodings", () => {
  scenario(
    "a wrong signature fails the transaction whether the brackets are sent literally or percent-encoded",
    { ...behaviour, rules: ["gateway:x-scheme-token:securityScheme.signature"] },
    async () => {
      const client = session("gateway");
      const c = card();
      const literal = `amount=1000&currency=EUR&card[pan]=${c.pan}&card[expire_month]=${c.expire_month}&card[expire_year]=${c.expire_year}&card[csc]=${c.csc}`;
      const encoded = literal.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
      const signer = createSigner({ apiKey: target.gateway.signingKeyId, privateKey: target.gateway.signingKeyPem });
      // Each body signed as the other one is written: the same fields, other bytes.
      expectDeclined(
        await client.call({
          operationId: "createAuthorization",
          body: literal,
          signature: signer.headerFor(new TextEncoder().encode(encoded)),
        }),
        undefined,
        "literal brackets, signature of the encoded bytes",
      );
      expectDeclined(
        await client.call({
          operationId: "createAuthorization",
          body: encoded,
          signature: signer.headerFor(new TextEncoder().encode(literal)),
        }),
        undefined,
        "encoded brackets, signature of the literal bytes",
      );
    },
  );
});

describe("Unknown parameters", () => {
  scenario(
    "unknown parameters are accepted and ignored: the authorization is approved as if they were not there",
    { ...behaviour, testCards: true, rules: ["gateway:guide:unknown-parameters-ignored"] },
    async () => {
      const gw = gateway();
      const exchange = await gw.authorize({ amount: 1500, currency: "EUR", contract_test_unknown: "x", extra: { nested: "y" } });
      expectApproved(exchange, "authorization with unknown parameters");
      expect(exchange.json.amount).toBe(1500);
      expect(JSON.stringify(exchange.json), "unknown parameters are not echoed").not.toContain("contract_test_unknown");
    },
  );
});

describe("A request body without Content-Type", () => {
  scenario(
    "a POST whose form body comes without Content-Type is read as a form, as the spec's x-request-media-type-when-missing says: approved, with the form's amount echoed",
    { ...behaviour, testCards: true, rules: ["gateway:x-request-media-type-when-missing:info"] },
    async () => {
      const gw = gateway();
      const exchange = await gw.session.call({
        operationId: "createAuthorization",
        body: { amount: 1700, currency: "EUR", card: card() },
        withoutContentType: true,
      });
      expectApproved(exchange, "authorization sent without Content-Type");
      expect(exchange.json.amount).toBe(1700);
    },
  );
});

describe("Every cause of a 401", () => {
  scenario(
    "a disabled API key gets HTTP 401",
    { ...behaviour, disabledApiKey: true, rules: ["gateway:401:Unauthorized:disabled"] },
    async () => {
      const client = session("gateway");
      expect(
        (await client.call({ operationId: "getAccount", apiKey: target.gateway.disabledApiKey })).status,
        "getAccount with a disabled key",
      ).toBe(401);
      expect(
        (
          await client.call({
            operationId: "createAuthorization",
            body: { amount: 1000, currency: "EUR", card: card() },
            apiKey: target.gateway.disabledApiKey,
          })
        ).status,
        "an authorization with a disabled key",
      ).toBe(401);
    },
  );

  scenario(
    "an expired API key gets HTTP 401",
    { ...behaviour, expiredApiKey: true, rules: ["gateway:401:Unauthorized:expired"] },
    async () => {
      const client = session("gateway");
      expect(
        (await client.call({ operationId: "getAccount", apiKey: target.gateway.expiredApiKey })).status,
        "getAccount with an expired key",
      ).toBe(401);
      expect(
        (
          await client.call({
            operationId: "createAuthorization",
            body: { amount: 1000, currency: "EUR", card: card() },
            apiKey: target.gateway.expiredApiKey,
          })
        ).status,
        "an authorization with an expired key",
      ).toBe(401);
    },
  );
});

describe("Media type parameters", () => {
  // The media type the spec states for every response (x-response-media-type on its info).
  const version = parseMediaType(responseMediaType)?.parameters.version;

  scenario(
    `every answer's media type carries the version the spec states (version=${version})`,
    { ...behaviour, rules: ["gateway:guide:media-type-version"] },
    async () => {
      expect(version, "the spec states the media type's version").toEqual(expect.any(String));
      const client = session("gateway");
      const gw = gateway();
      const answers = [await client.call({ operationId: "discoverResources" }), await client.call({ operationId: "getAccount" })];
      answers.push(await gw.authorize({ amount: 1000 }), await gw.authorize({ amount: 1000 }, { pan: "4111111111111112" }));
      for (const answer of answers) {
        const media = parseMediaType(answer.headers.get("content-type"));
        expect(media?.parameters?.version, `${answer.method} ${new URL(answer.url).pathname} -> ${answer.status}: version parameter`).toBe(
          version,
        );
      }
    },
  );
});

describe("Input rules the schema cannot state", () => {
  const codeOf = (schema: string): number | undefined =>
    Object.entries(invalidParameterStatusCodes).find(([parameter]) => invalidParameterSchema(parameter) === schema)?.[1];

  scenario(
    "an invalid currency and an invalid text_on_statement are declined with the status codes their schemas give",
    { ...behaviour, testCards: true, rules: ["gateway:x-invalid-status-code:Currency", "gateway:x-invalid-status-code:TextOnStatement"] },
    async () => {
      const gw = gateway();
      const currencyCode = codeOf("Currency");
      const textCode = codeOf("TextOnStatement");
      expect(currencyCode && textCode, "the spec gives both codes").toBeTruthy();
      expectDeclined(
        await gw.authorize({ amount: 1000, currency: "eur" }),
        currencyCode,
        "a currency that is not an upper-case ISO 4217 code",
      );
      expectDeclined(await gw.authorize({ amount: 1000, text_on_statement: "1234567890" }), textCode, "an all-digit text_on_statement");
    },
  );

  scenario(
    "a text_on_statement of sequential characters, rising or falling, is declined with its schema's status code",
    { ...behaviour, testCards: true, rules: ["gateway:rule:TextOnStatement", "gateway:x-not-sequential:TextOnStatement"] },
    async () => {
      const gw = gateway();
      const textCode = codeOf("TextOnStatement");
      expectDeclined(await gw.authorize({ amount: 1000, text_on_statement: "abcdef" }), textCode, "a rising run");
      expectDeclined(await gw.authorize({ amount: 1000, text_on_statement: "fedcba" }), textCode, "a falling run");
      expectApproved(await gw.authorize({ amount: 1000, text_on_statement: "abcdeg" }), "a text that only starts with a run");
    },
  );

  scenario(
    "credential_on_file=store with initiator=merchant is an input error; an unsigned card authorization without a CSC is refused",
    {
      ...behaviour,
      testCards: true,
      rules: ["gateway:rule:AuthorizationParameters.credential_on_file", "gateway:x-requires-signing-when-omitted:CardMethod"],
    },
    async () => {
      const gw = gateway();
      expectDeclined(
        await gw.authorize({ amount: 1000, initiator: "merchant", credential_on_file: "store" }, { csc: undefined }),
        INPUT_ERROR,
        "store with a merchant initiator",
      );
      const unsigned = await gw.authorize({ amount: 1000 }, { csc: undefined }, { signature: "none" });
      expectDeclined(unsigned, INPUT_ERROR, "an unsigned card authorization without a CSC");
      expectApproved(await gw.authorize({ amount: 1000 }, { csc: undefined }), "the same authorization, signed");
    },
  );

  scenario(
    "a debit with a status-forcing test card is declined with the forced status",
    { ...behaviour, testCards: true, rules: ["gateway:status:DebitDeclined"] },
    async () => {
      const gw = gateway();
      expectDeclined(await gw.debit(40413, { pan: statusForcingPans[0] }), 40413, "debit forced to 40413");
    },
  );
});

describe("Unknown paths", () => {
  scenario("an unknown path gets HTTP 404", { ...behaviour, rules: ["gateway:status:NotFound"] }, async () => {
    const client = session("gateway");
    const exchange = await client.call({
      url: `${client.baseUrl}/no-such-resource-${randomUUID().slice(0, 8)}`,
      method: "GET",
      conformance: "record",
    });
    expect(exchange.status, "an unknown path").toBe(404);
  });
});
