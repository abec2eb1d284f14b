/**
 * A guess never rejects what the source allows (docs/contributing-specs.md): the one response
 * check, shared by the sandbox and the contract suite, accepts an answer without a member that
 * only inference made required and a create answered 200 (left open beside 201), and still
 * refuses an answer without what the source does promise.
 */
import { describe, expect, it } from "vitest";
import { mediaType as gatewayMediaType } from "../generated/gateway/constants";
import { checkResponse } from "../src/testkit/openapi-model/check-response";
import { apiModel, type ApiModel } from "../src/testkit/openapi-model/operation-model";
import { responseExample } from "./support/spec-examples";

const merchant = apiModel("merchant");
const gateway = apiModel("gateway");
const rateHeaders = { "ratelimit-limit": "100", "ratelimit-remaining": "99", "ratelimit-reset": "60" };
const hal = { ...rateHeaders, "content-type": "application/hal+json" };

/** Each way the answer breaks the spec, as `where: message`. */
function findings(model: ApiModel, operationId: string, status: number, headers: Record<string, string>, json: unknown): string[] {
  const operation = model.operation(operationId);
  return checkResponse(model, operation, { status, headers, body: { json } }, { method: operation.method }).map(
    (f) => `${f.where}: ${f.message}`,
  );
}

/** A response example of the spec without the named top-level members. */
function exampleWithout(operationId: string, status: string, name: string, ...members: string[]): Record<string, unknown> {
  const example = responseExample("merchant", operationId, status, name);
  for (const member of members) delete example[member];
  return example;
}

describe("an answer without a member the source does not promise conforms", () => {
  it("an application without business_model and metadata, or with metadata lacking state and created_at", () => {
    expect(
      findings(merchant, "getApplication", 200, hal, exampleWithout("getApplication", "200", "unsubmitted", "business_model", "metadata")),
    ).toEqual([]);
    expect(
      findings(merchant, "getApplication", 200, hal, { ...exampleWithout("getApplication", "200", "unsubmitted"), metadata: {} }),
    ).toEqual([]);
  });

  it("a person with no property but its links", () => {
    const person = responseExample("merchant", "getPerson", "200", "director");
    expect(findings(merchant, "getPerson", 200, hal, { _links: person._links })).toEqual([]);
  });

  it("a collection page without _embedded", () => {
    expect(
      findings(merchant, "listApplications", 200, hal, exampleWithout("listApplications", "200", "secondOfThreePages", "_embedded")),
    ).toEqual([]);
  });

  it("a 404 problem without request-id and with another title", () => {
    const problem = { ...exampleWithout("getApplication", "404", "notFound", "request-id"), title: "Resource Missing" };
    expect(findings(merchant, "getApplication", 404, { ...rateHeaders, "content-type": "application/problem+json" }, problem)).toEqual([]);
  });

  it("but not an application without _links, which the source gives every response", () => {
    expect(findings(merchant, "getApplication", 200, hal, exampleWithout("getApplication", "200", "unsubmitted", "_links"))).toEqual([
      expect.stringMatching(/_links/),
    ]);
  });
});

describe("a create answered 200 conforms as 201 does", () => {
  it("on the merchant API, whose source leaves the status open", () => {
    const created = responseExample("merchant", "createApplication", "201", "created");
    expect(findings(merchant, "createApplication", 200, hal, created)).toEqual([]);
    expect(findings(merchant, "createApplication", 202, hal, created)).toEqual([expect.stringMatching(/^status/)]);
  });

  it("on the gateway, whose source says 200 or 201", () => {
    const approved = responseExample("gateway", "createAuthorization", "201", "approved");
    const vendorType = `${gatewayMediaType}; version=${gateway.version}; charset=utf-8`;
    expect(findings(gateway, "createAuthorization", 200, { "content-type": vendorType }, approved)).toEqual([]);
  });
});
