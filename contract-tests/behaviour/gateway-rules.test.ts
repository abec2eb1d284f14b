/**
 * Gateway behaviour, one named scenario per rule of the seed's *Authentication* and *Test
 * behaviour*: status-forcing test PANs, CSC 987, the merchant block (40420), signatures
 * (missing, wrong, required by the payment method, over the exact bytes), and API keys (any
 * active key of the account; never another account's transactions).
 */
import { randomInt, randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { paymentMethodsRequiringSigning, statusCodes, testEnvironment } from "../../generated/gateway/constants";
import { createSigner } from "../../src/toolkit/clients/gateway/signing";
import { objectOf, stringOf } from "../../src/testkit/common/json-values";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { scenario, session, target } from "../support/context";
import { approved, card, expectApproved, expectDeclined, Gateway, matchingCsc, statusCode, statusForcingPans } from "../support/gateway";
import { apiSpec } from "../support/spec";
import { propertySchemas } from "../../src/testkit/openapi-model/schema-walk";
import { ruleIds } from "../rules/inventory";

const gateway = () => new Gateway(session("gateway"));
const fallbackCode = testEnvironment["status-forcing-fallback-code"];
const INPUT_ERROR = 40000;

/** A PAN of a status-forcing family with random middle digits, so a block on it touches no other scenario. */
function uniqueForcingPan(index = 0): string {
  const { prefix, suffix } = testEnvironment["status-forcing-pans"][index]!;
  const middle = String(randomInt(10 ** 5, 10 ** 6)).padStart(16 - prefix.length - suffix.length, "0");
  return prefix + middle + suffix;
}

describe("Test PANs", () => {
  for (const [index, pan] of statusForcingPans.entries()) {
    scenario(
      `a status-forcing PAN (${pan.slice(0, 6)}...${pan.slice(-4)}) returns the status code sent as amount`,
      {
        rules: [
          "gateway:x-test-environment:status-forcing-pans",
          "gateway:status:AuthorizationApproved",
          "gateway:status:AuthorizationDeclined",
        ],
        api: "gateway",
        behaviour: true,
        testCards: true,
      },
      async () => {
        const gw = gateway();
        for (const code of [approved, 40413, 40412]) {
          const exchange = await gw.authorize({ amount: code }, { pan: uniqueForcingPan(index) });
          expect(statusCode(exchange), `amount ${code} forces status ${code}`).toBe(code);
          if (code === approved) expectApproved(exchange);
          else expectDeclined(exchange, code);
        }
      },
    );

    scenario(
      `a status-forcing PAN (${pan.slice(0, 6)}...${pan.slice(-4)}) with an amount that is not a status code gives ${fallbackCode}`,
      { rules: ["gateway:x-test-environment:status-forcing-fallback-code"], api: "gateway", behaviour: true, testCards: true },
      async () => {
        const notACode = 12345;
        expect(Object.keys(statusCodes)).not.toContain(String(notACode));
        expectDeclined(await gateway().authorize({ amount: notACode }, { pan }), fallbackCode);
      },
    );
  }
});

describe("CSC", () => {
  scenario(
    `CSC ${matchingCsc} is the only matching CSC: it matches; any other CSC does not (csc.matches false)`,
    { rules: ["gateway:x-test-environment:matching-csc"], api: "gateway", behaviour: true, testCards: true },
    async () => {
      const gw = gateway();
      const matching = await gw.authorize({ amount: 1000 }, { csc: matchingCsc });
      expectApproved(matching, `authorization with CSC ${matchingCsc}`);
      expect(matching.json.csc, "csc result").toEqual({ present: true, matches: true });
      const other = await gw.authorize({ amount: 1000 }, { csc: ["123", "124"].find((c) => c !== String(matchingCsc)) });
      expect(other.json.csc, "a CSC other than the matching one is present but does not match").toMatchObject({
        present: true,
        matches: false,
      });
    },
  );
});

describe("Merchant blocked (40420)", () => {
  scenario(
    "after a 40420 every merchant-initiated transaction on that card is declined with 40420; cardholder-initiated ones are not",
    {
      rules: ["gateway:status:CreditDeclined", "gateway:rule:AuthorizationParameters.initiator"],
      api: "gateway",
      behaviour: true,
      testCards: true,
    },
    async () => {
      const gw = gateway();
      const pan = uniqueForcingPan();
      const mit = () => gw.authorize({ amount: approved, initiator: "merchant", credential_on_file: "use" }, { pan, csc: undefined });
      expectApproved(
        await gw.authorize({ amount: approved, credential_on_file: "store" }, { pan }),
        "cardholder-initiated authorization storing the credential",
      );
      expectApproved(await mit(), "merchant-initiated authorization before the block");
      expectDeclined(await gw.authorize({ amount: 40420 }, { pan }), 40420, "authorization the cardholder's block declines");
      expectDeclined(await mit(), 40420, "merchant-initiated authorization after the block");
      expectDeclined(await gw.credit(approved, { pan }), 40420, "credit (implicitly merchant-initiated) after the block");
      expectApproved(await gw.authorize({ amount: approved }, { pan }), "cardholder-initiated authorization after the block");
    },
  );
});

describe("Signatures", () => {
  const body = () => ({ amount: 1000, currency: "EUR", card: card() });

  scenario(
    "a POST without a Signature header is refused with HTTP 400 and status 40000 saying a signature is required",
    { rules: ["gateway:x-scheme-token:securityScheme.signature"], api: "gateway", behaviour: true },
    async () => {
      const exchange = await session("gateway").call({ operationId: "createAuthorization", body: body(), signature: "none" });
      expectDeclined(exchange, INPUT_ERROR, "unsigned authorization");
      expect(exchange.json.status.message, "the message says why").toMatch(/signature/i);
    },
  );

  scenario(
    "a signature that is not over the exact body bytes fails the transaction",
    { rules: ["gateway:x-scheme-token:securityScheme.signature"], api: "gateway", behaviour: true },
    async () => {
      const client = session("gateway");
      // The signature of other bytes, made with the right key: well formed, wrong for this body.
      const wrong = createSigner({ apiKey: target.gateway.signingKeyId, privateKey: target.gateway.signingKeyPem }).headerFor(
        new TextEncoder().encode("amount=1"),
      );
      expectDeclined(
        await client.call({ operationId: "createAuthorization", body: body(), signature: wrong }),
        undefined,
        "authorization with a wrong signature",
      );
    },
  );

  scenario(
    "a Signature with an unknown signing API key fails the transaction with 'invalid signing api-key'",
    { rules: ["gateway:status:Unauthorized"], api: "gateway", behaviour: true },
    async () => {
      const exchange = await session("gateway").call({
        operationId: "createAuthorization",
        body: body(),
        signature: `${randomUUID()} RS256-hex ${"ab".repeat(256)}`,
      });
      expectDeclined(exchange, undefined, "authorization signed with an unknown signing key");
      expect(exchange.json.status.message).toMatch(/invalid signing api-key/i);
    },
  );

  scenario(
    "a correct signature over the exact bytes is accepted, with literal and with percent-encoded brackets",
    { rules: ["gateway:x-scheme-token:securityScheme.signature"], api: "gateway", behaviour: true, testCards: true },
    async () => {
      const client = session("gateway");
      const c = card();
      const fields = `amount=1000&currency=EUR&card[pan]=${c.pan}&card[expire_month]=${c.expire_month}&card[expire_year]=${c.expire_year}&card[csc]=${c.csc}`;
      expectApproved(await client.call({ operationId: "createAuthorization", body: fields }), "literal brackets, signed as sent");
      expectApproved(
        await client.call({ operationId: "createAuthorization", body: fields.replace(/\[/g, "%5B").replace(/\]/g, "%5D") }),
        "percent-encoded brackets, signed as sent",
      );
    },
  );

  const requiring = new Set<string>(paymentMethodsRequiringSigning);
  const examples = listOperationExamples(apiSpec("gateway").doc).filter(
    (e) =>
      e.kind === "request" &&
      e.operationId === "createAuthorization" &&
      Object.keys(objectOf(e.value)).some((k) => requiring.has(k)) &&
      !("series" in objectOf(e.value)) &&
      !("initiator" in objectOf(e.value)),
  );
  for (const example of examples) {
    const method = Object.keys(objectOf(example.value)).find((k) => requiring.has(k))!;
    // The method's own schema states the rule (`**Rule:** signing required`, `x-requires-signing`).
    const methodSchema = stringOf(
      objectOf(propertySchemas(apiSpec("gateway").doc, { $ref: "#/components/schemas/AuthorizationRequest" }).get(method)).$ref,
    )
      ?.split("/")
      .pop();
    const rules = ["gateway:x-requires-signing", ...ruleIds(`gateway:rule:${methodSchema}`)];
    scenario(
      `payment method ${method} requires signing: the unsigned authorization (spec example "${example.name}") is refused`,
      { api: "gateway", behaviour: true, rules },
      async () => {
        const exchange = await session("gateway").call({ operationId: "createAuthorization", body: example.value, signature: "none" });
        expectDeclined(exchange, INPUT_ERROR, `unsigned ${method} authorization`);
        expect(exchange.json.status.message).toMatch(/signature/i);
      },
    );
  }
});

describe("API keys", () => {
  scenario(
    "a request without an API key, or with an unknown one, gets HTTP 401",
    {
      rules: [
        "gateway:status:Unauthorized",
        "gateway:401:Unauthorized:missing",
        "gateway:401:Unauthorized:invalid",
        "gateway:header:WwwAuthenticate",
      ],
      api: "gateway",
      behaviour: true,
    },
    async () => {
      const client = session("gateway");
      const missing = await client.call({ operationId: "getAccount", auth: "none" });
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate"), "the 401 names the Basic scheme").toMatch(/^Basic\b/i);
      expect((await client.call({ operationId: "getAccount", apiKey: randomUUID() })).status).toBe(401);
      expect(
        (
          await client.call({
            operationId: "createAuthorization",
            body: { amount: 1000, currency: "EUR", card: card() },
            apiKey: randomUUID(),
          })
        ).status,
      ).toBe(401);
    },
  );

  scenario(
    "any active key of the merchant account can capture an authorization made with another of its keys",
    { api: "gateway", behaviour: true, secondApiKey: true },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      expectApproved(
        await gw.capture(authorization, { amount: 1000 }, { apiKey: target.gateway.secondApiKey }),
        "capture with the second key",
      );
    },
  );

  scenario(
    "a key of another merchant account cannot capture, refund or void this account's transactions (invalid transaction id)",
    {
      rules: ["gateway:status:CaptureDeclined", "gateway:status:RefundDeclined", "gateway:status:VoidDeclined"],
      api: "gateway",
      behaviour: true,
      otherMerchantApiKey: true,
    },
    async () => {
      const gw = gateway();
      const authorization = await gw.approvedAuthorization(1000);
      const other = { apiKey: target.gateway.otherMerchantApiKey };
      for (const [what, attempt] of [
        ["capture", () => gw.capture(authorization, { amount: 1000 }, other)],
        ["refund", () => gw.refund(authorization, { amount: 1 }, other)],
        ["void", () => gw.void(authorization, other)],
      ] as const) {
        const exchange = await attempt();
        expectDeclined(exchange, undefined, `${what} with another merchant's key`);
        expect(exchange.json.status.message, `${what}: the transaction does not exist for the other account`).toMatch(
          /invalid transaction id/i,
        );
      }
      expectApproved(await gw.capture(authorization, { amount: 1000 }), "the owner can still capture everything");
    },
  );
});
