/**
 * The rules of the gateway seed that JSON Schema can express must be in the spec: each test
 * starts from a valid example of the spec and breaks exactly one rule, and checks the bundle's
 * schema (Ajv) refuses it. This tests the spec, not an implementation: that a target refuses
 * such requests is proved by the contract suite (contract-tests/fuzz/ for one parameter's rules,
 * contract-tests/behaviour/gateway-requests.test.ts for the rules that join parameters).
 */
import { describe, expect, it } from "vitest";
import { paymentMethods } from "../generated/gateway/constants";
import { getAtPointer } from "../src/testkit/openapi-model/document";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { describeValidationErrors, violationLines } from "../src/testkit/openapi-model/validation-errors";

type Body = Record<string, any>;

/** The seed: "Exactly one payment method must be used": the members the spec's PaymentMethod lists. */
const PAYMENT_METHODS: readonly string[] = paymentMethods;

const model = apiModel("gateway");
const doc = model.document;
const examples = listOperationExamples(doc);

function requestExamples(operationId: string): Body[] {
  const found = examples.filter((e) => e.operationId === operationId && e.kind === "request").map((e) => e.value as Body);
  if (found.length === 0) throw new Error(`${operationId} has no request examples`);
  return found.map((value) => structuredClone(value));
}

function exampleWith(operationId: string, predicate: (body: Body) => boolean): Body {
  const found = requestExamples(operationId).find(predicate);
  if (!found) throw new Error(`${operationId} has no request example that fits`);
  return found;
}

/** The operation's form body schema over the body, its errors as the testkit describes them. */
function check(operationId: string, body: Body) {
  const schema = model.operation(operationId).requestBody?.media.find((m) => m.mediaType === FORM_MEDIA_TYPE)?.schema;
  if (!schema) throw new Error(`${operationId} has no form body schema`);
  const errors = schema.errors(body);
  return { valid: errors.length === 0, errors, text: violationLines(describeValidationErrors(doc, errors)).join("\n") };
}

const methodOf = (body: Body) => PAYMENT_METHODS.filter((method) => method in body);

describe.each(["createAuthorization", "createDebit"])("%s payment methods", (operationId) => {
  const singleMethodExamples = requestExamples(operationId).filter((body) => methodOf(body).length === 1);

  it("has a valid example for every payment method", () => {
    const covered = new Set(singleMethodExamples.flatMap(methodOf));
    expect([...covered].sort()).toEqual([...PAYMENT_METHODS].sort());
    for (const body of singleMethodExamples) expect(check(operationId, body).text).toBe("");
  });

  it("rejects a request with no payment method", () => {
    const body = structuredClone(singleMethodExamples[0]!);
    for (const method of PAYMENT_METHODS) delete body[method];
    expect(check(operationId, body).valid).toBe(false);
  });

  it.each(PAYMENT_METHODS)("rejects %s together with any other payment method", (method) => {
    const withMethod = singleMethodExamples.find((body) => method in body)!;
    for (const other of singleMethodExamples.filter((body) => !(method in body))) {
      const [otherMethod] = methodOf(other);
      const body = { ...withMethod, [otherMethod!]: other[otherMethod!] };
      expect(check(operationId, body).valid, `${method} + ${otherMethod}`).toBe(false);
    }
  });

  it("accepts unknown parameters (the service ignores them)", () => {
    expect(check(operationId, { ...singleMethodExamples[0]!, unknown_parameter: "ignored" }).text).toBe("");
  });
});

describe("createAuthorization field rules", () => {
  const cardBody = () => exampleWith("createAuthorization", (b) => "card" in b && !("series" in b) && !("sca_exemption" in b));

  it("rejects series together with sca_exemption", () => {
    const withSeries = { ...cardBody(), series: { type: "recurring" } };
    const withExemption = { ...cardBody(), sca_exemption: "transaction_risk_analysis" };
    expect(check("createAuthorization", withSeries).text).toBe("");
    expect(check("createAuthorization", withExemption).text).toBe("");
    expect(check("createAuthorization", { ...withSeries, sca_exemption: "transaction_risk_analysis" }).valid).toBe(false);
  });

  it("rejects series[type] together with series[previous]", () => {
    const body = { ...cardBody(), series: { type: "recurring", previous: { id: "6b4a6a39-2b8e-4b6e-9f51-0d1c2a3b4c5d" } } };
    expect(check("createAuthorization", body).valid).toBe(false);
  });

  it("rejects two scheme references in series[previous]", () => {
    const visa = { type: "recurring", tid: "123456789012345" };
    const mastercard = { tid: "MCC123456" + "0115  ", exemption: "fixed_amount_series" };
    // A subsequent-in-series card omits the CSC (the seed: such an authorization cannot carry card[csc]).
    const { csc: _csc, ...card } = cardBody().card;
    const body = { ...cardBody(), card };
    expect(check("createAuthorization", { ...body, series: { previous: { visa } } }).text).toBe("");
    expect(check("createAuthorization", { ...body, series: { previous: { mastercard } } }).text).toBe("");
    expect(check("createAuthorization", { ...body, series: { previous: { visa, mastercard } } }).valid).toBe(false);
  });

  it("requires tid and exemption in the Mastercard group", () => {
    const result = check("createAuthorization", { ...cardBody(), series: { previous: { mastercard: { type: "recurring" } } } });
    expect(result.valid).toBe(false);
    expect(result.text).toMatch(/tid|exemption/);
  });

  it("rejects 3-D Secure ares together with rreq", () => {
    const body = cardBody();
    body.card = { ...body.card, "3dsecure": { v2: { ares: "{}", rreq: "{}" } } };
    expect(check("createAuthorization", body).valid).toBe(false);
  });

  it.each([
    ["all digits", "1234567890"],
    ["all the same character", "aaaaaa"],
    ["too short", "a"],
    ["too long", "x".repeat(23)],
    ["not printable ASCII", "Café Ltd"],
  ])("rejects text_on_statement that is %s", (_rule, text) => {
    const result = check("createAuthorization", { ...cardBody(), text_on_statement: text });
    expect(result.valid).toBe(false);
    expect(result.text).toContain("/text_on_statement");
  });

  it.each([
    ["a PAN that is too short", (b: Body) => (b.card.pan = "41111111111")],
    ["a two-digit year not starting 20", (b: Body) => (b.card.expire_year = "1999")],
    ["a negative amount", (b: Body) => (b.amount = -1)],
    ["a ten-digit amount", (b: Body) => (b.amount = 1_000_000_000)],
    ["a lowercase currency", (b: Body) => (b.currency = "eur")],
    ["an unknown initiator", (b: Body) => (b.initiator = "robot")],
  ])("rejects %s and names the field", (_what, breakIt) => {
    const body = cardBody();
    breakIt(body);
    const result = check("createAuthorization", body);
    expect(result.valid).toBe(false);
    expect(result.text).toMatch(/\/(card\/pan|card\/expire_year|amount|currency|initiator)/);
  });

  it("accepts a zero amount (account verification)", () => {
    expect(check("createAuthorization", { ...cardBody(), amount: 0 }).text).toBe("");
  });
});

describe("createDebit field rules", () => {
  it("rejects an amount of zero: debits move money", () => {
    const body = exampleWith("createDebit", (b) => "card" in b);
    const result = check("createDebit", { ...body, amount: 0 });
    expect(result.valid).toBe(false);
    expect(result.text).toContain("/amount");
  });
});

describe("createCapture field rules", () => {
  it("accepts each single kind of travel data and rejects two", () => {
    const base = exampleWith("createCapture", () => true);
    delete base.travel;
    const kinds = {
      car: { pick_up_date: "2026-12-01" },
      flight: { departure_date: "2026-12-01" },
      lodging: { check_in_date: "2026-12-01" },
    };
    for (const [kind, value] of Object.entries(kinds)) {
      expect(check("createCapture", { ...base, travel: { [kind]: value } }).text, kind).toBe("");
    }
    expect(check("createCapture", { ...base, travel: { car: kinds.car, flight: kinds.flight } }).valid).toBe(false);
    expect(check("createCapture", { ...base, travel: {} }).valid).toBe(false);
  });

  it("rejects a zero capture amount", () => {
    const base = exampleWith("createCapture", () => true);
    expect(check("createCapture", { ...base, amount: 0 }).valid).toBe(false);
  });
});

describe("machine-readable rules agree with the prose beside them", () => {
  const schemas = getAtPointer(doc, "/components/schemas") as Record<string, Record<string, any>>;

  it("x-invalid-status-code: each schema's description names the same status", () => {
    const marked = Object.entries(schemas).filter(([, schema]) => schema["x-invalid-status-code"] !== undefined);
    expect(marked.length).toBeGreaterThan(0);
    for (const [name, schema] of marked) expect(schema.description, name).toContain(`gives status ${schema["x-invalid-status-code"]}`);
  });

  it("x-trans-status-outcomes: the description names every letter, and the failure code", () => {
    const status = schemas.ThreeDSecureResult!.properties.status;
    const outcomes = status["x-trans-status-outcomes"] as Record<string, string[]>;
    const failure = schemas.StatusCode!.oneOf.find((entry: any) => entry["x-key"] === "three-d-secure-authentication-failure").const;
    for (const letter of Object.values(outcomes).flat()) expect(status.description).toContain(`\`${letter}\``);
    expect(status.description).toContain(String(failure));
  });

  it("x-key: every status code has a distinct one", () => {
    const keys = (schemas.StatusCode!.oneOf as any[]).map((entry) => entry["x-key"]);
    expect(keys.every((key) => typeof key === "string")).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("x-strongly-authenticated and x-requires-signing-when-omitted: the method's description says so", () => {
    const methods = Object.values(schemas).filter(
      (schema) => schema["x-strongly-authenticated"] !== undefined || schema["x-requires-signing-when-omitted"] !== undefined,
    );
    expect(methods.length).toBeGreaterThan(0);
    for (const schema of methods) {
      if (schema["x-strongly-authenticated"]) expect(schema.description).toContain("strongly authenticated");
      for (const field of schema["x-requires-signing-when-omitted"] ?? [])
        expect(schema.description).toContain(`Signing is required when \`${field}\` is omitted`);
    }
  });
});
