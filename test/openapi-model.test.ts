/**
 * The operation model (src/testkit/openapi-model/): one typed record per operation, built once
 * per API per process from a bundle parsed once; the one response check and the one request check
 * over it; the load's refusal of what the model cannot read.
 */
import { describe, expect, it } from "vitest";
import { mediaTypeOf, parseMediaType } from "../src/testkit/openapi-model/media-types";
import { mediaType as gatewayMediaType, signatureHeader, statusCodes } from "../generated/gateway/constants";
import { ModelLoadError } from "../src/testkit/openapi-model/bundle-reading";
import { checkBody, checkParameters } from "../src/testkit/openapi-model/check-request";
import { checkResponse, type CheckedResponse, type FindingRule } from "../src/testkit/openapi-model/check-response";
import { bundleParseCount, loadBundledSpec, type OpenApiDocument } from "../src/testkit/openapi-model/document";
import { ApiModel, apiModel } from "../src/testkit/openapi-model/operation-model";

const gateway = apiModel("gateway");
const merchant = apiModel("merchant");
const vendorType = `${gatewayMediaType}; version=${gateway.version}; charset=utf-8`;

function response(status: number, headers: Record<string, string>, body?: unknown): CheckedResponse {
  return { status, headers, body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : { json: body } };
}

function rulesOf(
  model: ApiModel,
  operationId: string,
  answer: CheckedResponse,
  method = model.operation(operationId).method,
): FindingRule[] {
  return checkResponse(model, model.operation(operationId), answer, { method }).map((f) => f.rule);
}

const rateHeaders = { "ratelimit-limit": "100", "ratelimit-remaining": "99", "ratelimit-reset": "60" };
const problem = (status: number) => ({ type: "about:blank", title: "Not Found", status, detail: "No such thing." });

describe("the model", () => {
  it("is built once per API from a bundle parsed once and frozen", () => {
    expect(apiModel("gateway")).toBe(gateway);
    expect(gateway.document).toBe(loadBundledSpec("gateway"));
    expect(bundleParseCount("gateway")).toBe(1);
    expect(bundleParseCount("merchant")).toBe(1);
    expect(Object.isFrozen(gateway.document.paths)).toBe(true);
    expect(Object.isFrozen(gateway.operation("createCapture"))).toBe(true);
  });

  it("holds each operation's facts: parameters, body decoder, responses, security with the signature the spec marks", () => {
    const capture = gateway.operation("createCapture");
    expect(capture).toMatchObject({ method: "POST", template: "/authorizations/{authorization_id}/captures", external: false });
    expect(capture.parameters.map((p) => [p.name, p.in, p.required])).toEqual([["authorization_id", "path", true]]);
    expect(capture.requestBody?.media.map((m) => m.decoder)).toEqual(["form"]);
    expect(capture.security).toEqual([
      [
        expect.objectContaining({ type: "http", scheme: "basic" }),
        expect.objectContaining({ type: "apiKey", header: signatureHeader.name, signature: { schemeToken: signatureHeader.schemeToken } }),
      ],
    ]);
    expect(capture.transactionType).toBe("capture");
    expect(merchant.operation("uploadFileContent").external).toBe(true);
    expect(merchant.operation("listApplications").linkRelation).toMatch(/applications/);
  });
});

describe("checkResponse", () => {
  it("refuses an undocumented status", () => {
    expect(rulesOf(gateway, "createVoid", response(418, { "content-type": vendorType }))).toEqual(["status"]);
  });

  it("accepts a 5xx the operation does not list inside the range the spec states, and refuses one where no range is stated", () => {
    for (const status of [501, 505, 599])
      expect(rulesOf(gateway, "createVoid", response(status, { "content-type": vendorType }))).toEqual([]);
    // The merchant API lists 500 and 503 without a range: a 502 is not documented.
    expect(
      rulesOf(merchant, "getRoot", response(502, { ...rateHeaders, "content-type": "application/problem+json" }, problem(502))),
    ).toEqual(["status"]);
  });

  it("finds a missing required header and a header that breaks its schema", () => {
    const { "ratelimit-reset": _reset, ...withoutReset } = rateHeaders;
    const missing = checkResponse(merchant, merchant.operation("deletePerson"), response(204, withoutReset), { method: "DELETE" });
    expect(missing).toEqual([{ rule: "header", where: "header RateLimit-Reset", message: "is required but missing" }]);
    expect(rulesOf(merchant, "deletePerson", response(204, { ...rateHeaders, "ratelimit-remaining": "many" }))).toEqual(["header"]);
  });

  it("wants a body exactly when one is documented, but none after HEAD or with 204, and reads zero bytes as an empty representation", () => {
    expect(rulesOf(gateway, "getAccount", response(200, {}))).toEqual(["presence"]);
    // The gateway documents no body for 404, and so no media type: none is wanted, and a body is refused.
    expect(rulesOf(gateway, "getAccount", response(404, {}))).toEqual([]);
    expect(rulesOf(gateway, "getAccount", response(404, { "content-type": vendorType }, {}))).toEqual(["presence"]);
    expect(rulesOf(merchant, "getRoot", response(200, rateHeaders), "HEAD")).toEqual([]);
    expect(rulesOf(merchant, "deletePerson", response(204, rateHeaders, { unexpected: true }))).toEqual(["presence"]);
    expect(
      rulesOf(merchant, "downloadFileContent", response(200, { ...rateHeaders, "content-type": "application/pdf" }, Buffer.alloc(0))),
    ).toEqual([]);
  });

  it("wants a documented media type, UTF-8 JSON and a semantic version parameter", () => {
    const body = { _links: {} };
    expect(rulesOf(gateway, "discoverResources", response(200, { "content-type": "text/html" }, body))).toEqual(["media-type"]);
    expect(rulesOf(gateway, "discoverResources", response(200, {}, body))).toEqual(["media-type"]);
    const latin1 = checkResponse(
      gateway,
      gateway.operation("discoverResources"),
      response(200, { "content-type": `${gatewayMediaType}; charset=latin1` }, { _links: {} }),
      {
        method: "GET",
      },
    );
    expect(latin1.map((f) => f.message)).toContain("charset latin1 is not utf-8 (JSON is UTF-8)");
    const unversioned = checkResponse(
      gateway,
      gateway.operation("discoverResources"),
      response(200, { "content-type": `${gatewayMediaType}; version=1` }, { _links: {} }),
      {
        method: "GET",
      },
    );
    expect(unversioned.map((f) => f.message)).toContain("version 1 is not a semantic version");
  });

  it("validates the body against the schema of its media type, and refuses JSON that does not parse", () => {
    const broken = checkResponse(
      gateway,
      gateway.operation("discoverResources"),
      response(200, { "content-type": vendorType }, { _links: "no" }),
      {
        method: "GET",
      },
    );
    expect(broken.map((f) => f.rule)).toEqual(["body"]);
    expect(broken[0]!.where).toBe("body /_links");
    expect(rulesOf(gateway, "discoverResources", response(200, { "content-type": vendorType }, Buffer.from("{not json")))).toEqual([
      "body",
    ]);
  });

  it("holds a transaction's status code to the types x-returned-for gives it", () => {
    const authorizationOnly = Object.entries(statusCodes).find(
      ([, entry]) =>
        (entry.returnedFor as readonly string[]).includes("authorization") && !(entry.returnedFor as readonly string[]).includes("capture"),
    )!;
    const code = Number(authorizationOnly[0]);
    const declined = (operationId: string) =>
      checkResponse(gateway, gateway.operation(operationId), response(400, { "content-type": vendorType }, { status: { code } }), {
        method: "POST",
      });
    expect(declined("createCapture").filter((f) => f.rule === "returned-for")).toEqual([
      {
        rule: "returned-for",
        where: "body /status/code",
        message: expect.stringMatching(new RegExp(`^${code} is not one the spec lists for a capture`)),
      },
    ]);
    expect(declined("createAuthorization")).toEqual([]);
  });
});

describe("checkRequest", () => {
  it("coerces and validates parameters, once each", () => {
    const list = merchant.operation("listApplications");
    const query = new URLSearchParams("page=2&per_page=0");
    const checked = checkParameters(merchant, list, {}, query);
    expect(checked.values).toMatchObject({ page: 2 });
    expect(checked.errors.map((e) => e.name)).toEqual(["per_page"]);
    expect(checkParameters(merchant, list, {}, new URLSearchParams("page=1&page=2")).errors[0]!.errors[0]!.message).toBe(
      "must be given once",
    );
  });

  it("decodes a form body with its schema's types and names the broken rule, and refuses a media type or JSON it cannot read", () => {
    const capture = gateway.operation("createCapture");
    expect(checkBody(gateway, capture, "application/x-www-form-urlencoded", Buffer.from("amount=1000"))).toMatchObject({
      kind: "ok",
      value: { amount: 1000 },
    });
    const invalid = checkBody(gateway, capture, "application/x-www-form-urlencoded", Buffer.from("amount=-5"));
    expect(invalid.kind === "invalid" && invalid.errors[0]!.path).toEqual(["amount"]);
    expect(checkBody(gateway, capture, "application/json", Buffer.from("{}")).kind).toBe("unsupported-media-type");
    expect(checkBody(merchant, merchant.operation("createApplication"), "application/json", Buffer.from("{")).kind).toBe("malformed");
  });
});

describe("the load refuses what the model cannot read, naming where", () => {
  const changed = (change: (doc: Record<string, any>) => void): OpenApiDocument => {
    const doc = structuredClone(loadBundledSpec("gateway"));
    change(doc);
    return doc;
  };
  const capture = (doc: Record<string, any>) => doc.paths["/authorizations/{authorization_id}/captures"].post;

  it.each([
    [
      "an external $ref",
      (doc: Record<string, any>) => (capture(doc).parameters = [{ $ref: "other.yaml#/Id" }]),
      /external \$ref \(other\.yaml#\/Id\)/,
    ],
    [
      "a parameter style",
      (doc: Record<string, any>) => (capture(doc).parameters = [{ name: "q", in: "query", style: "deepObject", schema: {} }]),
      /#\/paths\/~1authorizations~1\{authorization_id\}~1captures\/post\/parameters\/0: a query parameter of style deepObject/,
    ],
    [
      "a cookie",
      (doc: Record<string, any>) => (capture(doc).parameters = [{ name: "c", in: "cookie", schema: {} }]),
      /a parameter in cookie/,
    ],
    [
      "a security scheme type",
      (doc: Record<string, any>) => (doc.components.securitySchemes.oidc = { type: "openIdConnect", openIdConnectUrl: "https://x" }),
      /#\/components\/securitySchemes\/oidc: a security scheme of type openIdConnect/,
    ],
  ])("%s", (_name, change, message) => {
    const doc = changed(change);
    expect(() => new ApiModel("gateway", doc)).toThrow(ModelLoadError);
    expect(() => new ApiModel("gateway", doc)).toThrow(message);
  });
});

describe("parseMediaType (whatwg-mimetype)", () => {
  it("reads quoted parameters whole, a `;` inside quotes included, names lower-cased, the first of a repeated one", () => {
    expect(parseMediaType('Multipart/Form-Data; Boundary="a;b"; charset=UTF-8; charset=latin1')).toEqual({
      essence: "multipart/form-data",
      parameters: { boundary: "a;b", charset: "UTF-8" },
      wellFormed: true,
    });
    expect(parseMediaType('application/json; note="say \\"hi\\""')?.parameters).toEqual({ note: 'say "hi"' });
  });

  it("names a malformed type by what was sent, not well-formed; nothing for an empty header", () => {
    expect(parseMediaType("application json; charset=utf-8")).toEqual({ essence: "application json", parameters: {}, wellFormed: false });
    expect(parseMediaType("")).toBeUndefined();
    expect(mediaTypeOf(" Application/HAL+JSON ; charset=utf-8")).toBe("application/hal+json");
  });
});
