/**
 * The suite's own expectations are no stricter than the spec: a create the source lets answer
 * 200 or 201 is a creation either way (Location and read-back hold for both), an approval is any
 * success the operation documents, and a problem need not carry what the source never promises.
 */
import { describe, expect, it } from "vitest";
import { approvedStatusCode, mediaType } from "../generated/gateway/constants";
import { problemMediaType } from "../generated/merchant/constants";
import { expectApproved } from "../contract-tests/support/gateway";
import { expectProblem } from "../contract-tests/support/merchant";
import { apiSpec } from "../contract-tests/support/spec";
import { recordedExchange } from "./support/recorded-exchange";

describe("the suite's expectations of a success", () => {
  const merchant = apiSpec("merchant");

  it("take a create's 200 as a creation when the spec documents it with the 201's response", () => {
    const create = merchant.operation("createApplication");
    expect(merchant.isCreation(create, 201)).toBe(true);
    expect(merchant.isCreation(create, 200)).toBe(true);
    expect(merchant.isCreation(create, 202)).toBe(false);
    expect(merchant.isCreation(merchant.operation("getApplication"), 200)).toBe(false);
    // RFC 7591's registration answers 201 only.
    expect(merchant.isCreation(merchant.operation("registerClient"), 200)).toBe(false);
  });

  it("take any success the operation documents as an approval, and nothing else", () => {
    const approved = { status: { code: approvedStatusCode } };
    expect(() =>
      expectApproved(recordedExchange("gateway", "createAuthorization", 200, approved, { method: "POST", contentType: mediaType })),
    ).not.toThrow();
    expect(() =>
      expectApproved(recordedExchange("gateway", "createAuthorization", 201, approved, { method: "POST", contentType: mediaType })),
    ).not.toThrow();
    expect(() =>
      expectApproved(recordedExchange("gateway", "createAuthorization", 202, approved, { method: "POST", contentType: mediaType })),
    ).toThrow();
  });

  it("ask a problem for its status, not for a request id or title the source does not promise", () => {
    expect(() =>
      expectProblem(recordedExchange("merchant", "getApplication", 404, { status: 404 }, { contentType: problemMediaType }), 404),
    ).not.toThrow();
    expect(() =>
      expectProblem(recordedExchange("merchant", "getApplication", 404, {}, { contentType: problemMediaType }), 404),
    ).not.toThrow();
    expect(() =>
      expectProblem(recordedExchange("merchant", "getApplication", 404, { status: 400 }, { contentType: problemMediaType }), 404),
    ).toThrow();
  });
});
