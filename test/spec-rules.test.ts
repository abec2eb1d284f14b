/**
 * Structural requirements of the issues that a lint rule cannot see, checked on the bundles so
 * that a spec change cannot drop them silently.
 */
import { describe, expect, it } from "vitest";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";
import { deref, getAtPointer, isHttpMethod, loadBundledSpec, toPointer, type OpenApiDocument } from "../src/testkit/openapi-model/document";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { parameterSchemaPointer, requestBodySchemaPointer, responseOf } from "./support/model-places";

type Operation = Record<string, any> & { operationId: string };
interface Located {
  path: string;
  method: string;
  operation: Operation;
  pathItem: Record<string, any>;
}

function operations(doc: OpenApiDocument): Located[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const pathItem = deref<Record<string, any>>(doc, item);
    return Object.entries(pathItem)
      .filter(([method]) => isHttpMethod(method))
      .map(([method, operation]) => ({ path, method, operation: operation as Operation, pathItem }));
  });
}

/** Property schemas of an object schema, its allOf/oneOf/anyOf branches included. */
function allProperties(doc: OpenApiDocument, schema: unknown, found = new Map<string, any>()): Map<string, any> {
  if (!schema || typeof schema !== "object") return found;
  const resolved = deref<Record<string, any>>(doc, schema);
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    if (typeof property === "object" && !found.has(name)) found.set(name, property);
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) for (const branch of resolved[key] ?? []) allProperties(doc, branch, found);
  return found;
}

function isObjectSchema(doc: OpenApiDocument, schema: unknown): boolean {
  const resolved = deref<Record<string, any>>(doc, schema);
  return resolved.type === "object" || allProperties(doc, resolved).size > 0;
}

/** Every schema node reachable from `schema`, following $refs once each. */
function walkSchemas(doc: OpenApiDocument, schema: unknown, visit: (node: Record<string, any>) => void, seen = new Set<unknown>()) {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return;
  seen.add(schema);
  const node = deref<Record<string, any>>(doc, schema);
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((item) => walkSchemas(doc, item, visit, seen));
    else if (value && typeof value === "object") walkSchemas(doc, value, visit, seen);
  }
}

describe("gateway spec", () => {
  const doc = loadBundledSpec("gateway");
  const ops = operations(doc);
  const VENDOR = "application/vnd.clearhaus-gateway.hal+json";

  it("has the live and the test server, and the local sandbox and mock", () => {
    expect((doc.servers as { url: string }[]).map((s) => s.url).sort()).toEqual([
      "http://127.0.0.1:4010",
      "http://127.0.0.1:4020",
      "https://gateway.clearhaus.com",
      "https://gateway.test.clearhaus.com",
    ]);
  });

  it("has every operation of the seed, with camelCase operationIds", () => {
    const found = ops.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    expect(found).toEqual(
      [
        "GET /",
        "POST /authorizations",
        "POST /authorizations/{authorization_id}/captures",
        "POST /authorizations/{authorization_id}/refunds",
        "POST /authorizations/{authorization_id}/voids",
        "POST /debits",
        "POST /debits/{debit_id}/refunds",
        "POST /credits",
        "GET /account",
      ].sort(),
    );
    for (const { operation } of ops) expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it("requires HTTP Basic on every operation and a signature on every POST (as security, not a header parameter)", () => {
    const schemes = doc.components!.securitySchemes as Record<string, any>;
    const basic = Object.keys(schemes).find((k) => schemes[k].type === "http" && schemes[k].scheme === "basic")!;
    const signature = Object.keys(schemes).find((k) => schemes[k].type === "apiKey" && schemes[k].name === "Signature")!;
    expect(basic && signature).toBeTruthy();
    for (const { method, path, operation, pathItem } of ops) {
      const security = (operation.security ?? doc.security) as Record<string, string[]>[];
      expect(security.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const requirement of security) {
        expect(Object.keys(requirement), `${method} ${path}`).toContain(basic);
        if (method === "post") expect(Object.keys(requirement), `${method} ${path}`).toContain(signature);
      }
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref<any>(doc, p));
      expect(parameters.filter((p) => p.in === "header" && /^signature$/i.test(p.name))).toEqual([]);
    }
  });

  it("answers every POST with 201 and 400 transaction bodies, and documents 401, 404 and 5xx everywhere", () => {
    for (const { method, path, operation } of ops) {
      const codes = Object.keys(operation.responses);
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(["401", "404", "500", "502", "503", "504"]));
      if (method !== "post") continue;
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(["201", "400"]));
      for (const status of ["201", "400"]) {
        const content = deref<any>(doc, operation.responses[status]).content;
        const schema = content?.[VENDOR]?.schema;
        expect(schema, `${method} ${path} ${status}`).toBeDefined();
        expect([...allProperties(doc, schema).keys()], `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(["id", "status", "processed_at"]),
        );
      }
    }
  });

  it("uses only the vendor HAL media type for response bodies", () => {
    for (const { method, path, operation } of ops) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const types = Object.keys(deref<any>(doc, response).content ?? {});
        for (const type of types) expect(type, `${method} ${path} ${status}`).toBe(VENDOR);
      }
    }
  });

  it("sends form bodies, with a deepObject encoding for every object-valued parameter", () => {
    for (const { method, path, operation } of ops.filter((o) => o.operation.requestBody)) {
      const content = deref<any>(doc, operation.requestBody).content;
      expect(Object.keys(content), `${method} ${path}`).toEqual(["application/x-www-form-urlencoded"]);
      const media = content["application/x-www-form-urlencoded"];
      const properties = allProperties(doc, media.schema);
      const objectNames = [...properties].filter(([, schema]) => isObjectSchema(doc, schema)).map(([name]) => name);
      if (path === "/authorizations") expect(objectNames).toEqual(expect.arrayContaining(["card", "token", "series"]));
      for (const name of objectNames) {
        expect(media.encoding?.[name], `${method} ${path} encoding of ${name}`).toEqual({ style: "deepObject", explode: true });
      }
      for (const name of Object.keys(media.encoding ?? {})) {
        expect(properties.has(name), `${method} ${path} encodes unknown property ${name}`).toBe(true);
      }
    }
  });

  it("never forbids unknown request parameters (the service ignores them)", () => {
    for (const { method, path, operation } of ops.filter((o) => o.operation.requestBody)) {
      const media = deref<any>(doc, operation.requestBody).content["application/x-www-form-urlencoded"];
      walkSchemas(doc, media.schema, (node) => {
        expect(node.additionalProperties, `${method} ${path}`).not.toBe(false);
        expect(node.unevaluatedProperties, `${method} ${path}`).not.toBe(false);
      });
    }
  });

  it("marks the payment methods that require signing (seed: all but card)", async () => {
    const { paymentMethodsRequiringSigning, paymentMethods } = await import("../generated/gateway/constants");
    expect([...paymentMethodsRequiringSigning].sort()).toEqual(
      ["applepay", "googlepay", "mobilepayonline", "moto", "clicktopay", "token", "vipps"].sort(),
    );
    expect([...paymentMethods].sort()).toEqual([...paymentMethodsRequiringSigning, "card"].sort());
  });

  it("states the test environment and the windows machine-readably, in agreement with their chapters", async () => {
    const { testEnvironment, windows } = await import("../generated/gateway/constants");
    const chapter = (name: string) => (doc.tags as { name: string; description: string }[]).find((t) => t.name === name)!.description;
    const test = chapter("Test environment");
    for (const pan of testEnvironment["accepted-test-pans"]) expect(test).toContain(`\`${pan}\``);
    for (const { prefix, suffix } of testEnvironment["status-forcing-pans"]) {
      expect(test).toMatch(new RegExp(`start with \`${prefix}\` and end with \`${suffix}\``));
    }
    expect(test).toContain(`Any other amount gives ${testEnvironment["status-forcing-fallback-code"]}`);
    expect(test).toContain(`\`${testEnvironment["matching-csc"]}\`, and only`);
    const limits = chapter("Windows and limits");
    expect(limits).toMatch(new RegExp(`Capture window \\|[^\\n]*${windows["capture-before-days"]} days old or older`));
    expect(limits).toMatch(
      new RegExp(`Capture refund window \\|[^\\n]*more than ${windows["capture-refund-within-days-of-last-capture"]} days`),
    );
    expect(limits).toMatch(new RegExp(`Void window \\|[^\\n]*${windows["void-before-days"]} days old or older`));
    expect(limits).toMatch(new RegExp(`status\\s+${windows["voidable-status-codes"].filter((c) => c !== 20000).join("|")}`));
    expect(limits).toContain(`one per debit`);
    expect(windows["debit-refunds-per-debit"]).toBe(1);
  });

  it("documents the status codes in one schema and in the Status codes chapter alike", () => {
    const codes = (getAtPointer(doc, "/components/schemas/StatusCode/oneOf") as any[]).map((c) => ({
      code: c.const as number,
      meaning: c.title as string,
      returnedFor: c["x-returned-for"] as string[],
    }));
    expect(codes.map((c) => c.code)).toContain(20000);
    expect(codes.length).toBe(22);
    const chapter = (doc.tags as { name: string; description: string }[]).find((t) => t.name === "Status codes")!;
    const columns = ["authorization", "capture", "refund", "void", "credit", "debit", "debit_refund"];
    const rows = chapter.description
      .split("\n")
      .filter((line) => /^\|\s*\d{5}\s*\|/.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows.map((r) => Number(r[0]))).toEqual(codes.map((c) => c.code));
    for (const row of rows) {
      const code = codes.find((c) => c.code === Number(row[0]))!;
      const marked = columns.filter((_, i) => row[2 + i] === "✓");
      expect(marked, `returned-for of ${row[0]}`).toEqual(code.returnedFor);
    }
  });
});

describe("gateway: rules the truth pass made machine-readable", () => {
  const model = apiModel("gateway");
  const doc = model.document;
  const validator = model.validator;
  const VENDOR = "application/vnd.clearhaus-gateway.hal+json";
  /** The transaction type (as `x-returned-for` names it) of each transaction-creating operation. */
  const TYPE_OF: Record<string, string> = {
    createAuthorization: "authorization",
    createCapture: "capture",
    createRefund: "refund",
    createVoid: "void",
    createCredit: "credit",
    createDebit: "debit",
    createDebitRefund: "debit_refund",
  };

  const request = (operationId: string, body: unknown) =>
    validator.describe(requestBodySchemaPointer(model, operationId, FORM_MEDIA_TYPE), body);

  /** JSON Pointer of the vendor-media-type schema of an operation's response (following a $ref'd response). */
  function responseSchemaPointer(operationId: string, status: string): string {
    return `${responseOf(model, operationId, status).base}${toPointer(["content", VENDOR, "schema"])}`;
  }
  const response = (operationId: string, status: string, body: unknown) =>
    validator.describe(responseSchemaPointer(operationId, status), body);

  /** The codes x-returned-for lists for a transaction type, 20000 (approved) excepted. */
  function declinableCodes(type: string): number[] {
    const codes = getAtPointer(doc, "/components/schemas/StatusCode/oneOf") as { const: number; "x-returned-for": string[] }[];
    return codes.filter((c) => c["x-returned-for"].includes(type) && c.const !== 20000).map((c) => c.const);
  }

  /** The enum the declined (400) response of an operation puts on status.code. */
  function declinedEnum(operationId: string): number[] | undefined {
    const schema = deref<{ allOf?: unknown[] }>(doc, getAtPointer(doc, responseSchemaPointer(operationId, "400")));
    const enums = (schema.allOf ?? [])
      .map((branch) => deref<any>(doc, branch)?.properties?.status?.properties?.code?.enum as number[] | undefined)
      .filter((e): e is number[] => Array.isArray(e));
    return enums.length === 1 ? enums[0] : undefined;
  }

  const card = { pan: "2221000000000009", expire_month: "11", expire_year: "2029" };
  const subsequent = (extra: Record<string, unknown> = {}) => ({
    amount: 4900,
    currency: "EUR",
    series: { previous: { id: "3b7e9a1c-5d2f-4e8b-a6c4-1d9f0e2b7a35" } },
    card: { ...card, ...extra },
  });

  it("accepts a Mastercard series reference by economically_related_tlid alone, and needs tid or that tlid", () => {
    const withReference = (mastercard: Record<string, unknown>) => ({
      amount: 4900,
      currency: "EUR",
      series: { previous: { mastercard } },
      card,
    });
    const tlid = "8aWIaxDXJ3PF822ho-q722";
    const tid = "MCCA1B2C31120  ";
    expect(request("createAuthorization", withReference({ economically_related_tlid: tlid, exemption: "variable_amount_series" }))).toBe(
      "",
    );
    expect(request("createAuthorization", withReference({ tid, exemption: "fixed_amount_series" }))).toBe("");
    expect(request("createAuthorization", withReference({ tid, economically_related_tlid: tlid, exemption: "fixed_amount_series" }))).toBe(
      "",
    );
    expect(request("createAuthorization", withReference({ type: "recurring", exemption: "fixed_amount_series" }))).not.toBe("");
    expect(
      request("createAuthorization", withReference({ economically_related_tlid: "too-short", exemption: "fixed_amount_series" })),
    ).not.toBe("");
  });

  it("rejects card[csc] and card[3dsecure][v2][rreq] on a subsequent-in-series authorization or debit", () => {
    const rreq = { "3dsecure": { v2: { rreq: '{"messageType":"RReq","messageVersion":"2.2.0","transStatus":"Y"}' } } };
    const ares = { "3dsecure": { v2: { ares: '{"messageType":"ARes","messageVersion":"2.2.0","transStatus":"Y"}' } } };
    expect(request("createAuthorization", subsequent())).toBe("");
    expect(request("createAuthorization", subsequent(ares))).toBe("");
    expect(request("createAuthorization", subsequent({ csc: "987" }))).toMatch(/\/card\/csc/);
    expect(request("createAuthorization", subsequent(rreq))).toMatch(/\/card\/3dsecure\/v2\/rreq/);
    // Outside a series both are fine.
    const { series: _series, ...standalone } = subsequent({ csc: "987", ...rreq });
    expect(request("createAuthorization", standalone)).toBe("");
    const debit = { recipient: { name: "Jensen Anna M", account_number: "DK5000400440116243" } };
    expect(request("createDebit", { ...subsequent(), ...debit })).toBe("");
    expect(request("createDebit", { ...subsequent({ csc: "987" }), ...debit })).not.toBe("");
  });

  it("rejects a capture declined with a code that captures cannot return, and accepts each code they can", () => {
    expect(response("createCapture", "400", { status: { code: 40110 } })).not.toBe("");
    expect(response("createCapture", "400", { status: { code: 40410 } })).not.toBe("");
    for (const code of declinableCodes("capture")) expect(response("createCapture", "400", { status: { code } }), String(code)).toBe("");
    // The same code is fine where the status code table allows it.
    expect(response("createRefund", "400", { status: { code: 40110 } })).toBe("");
  });

  it.each(Object.entries(TYPE_OF))("%s: the declined response's code enum equals x-returned-for of %s", (operationId, type) => {
    expect(declinedEnum(operationId)).toEqual(declinableCodes(type));
  });

  it("covers every transaction-creating operation with a type", () => {
    const posts = operations(doc)
      .filter((o) => o.method === "post")
      .map((o) => o.operation.operationId);
    expect(posts.sort()).toEqual(Object.keys(TYPE_OF).sort());
  });

  it("lets GET requests be signed or not, and keeps POSTs signed", () => {
    for (const { method, path, operation } of operations(doc)) {
      const security = (operation.security ?? doc.security) as Record<string, string[]>[];
      const alternatives = security.map((requirement) => Object.keys(requirement).sort().join("+"));
      if (method === "get") expect(alternatives.sort(), `${method} ${path}`).toEqual(["apiKey", "apiKey+signature"]);
      else expect(alternatives, `${method} ${path}`).toEqual(["apiKey+signature"]);
    }
  });
});

describe("merchant spec", () => {
  const doc = loadBundledSpec("merchant");
  const ops = operations(doc);
  /** Operations served by the API itself; the upload goes to an external storage host. */
  const apiOps = ops.filter((o) => !o.operation["x-external"]);
  const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

  it("has the production and the test entrypoints, and the local sandbox and mock", () => {
    expect((doc.servers as { "x-environment": string }[]).map((s) => s["x-environment"])).toEqual([
      "production",
      "test",
      "local-sandbox",
      "local-mock",
    ]);
  });

  it("defines an OAuth 2.0 client-credentials flow and bearer tokens", () => {
    const schemes = Object.values(doc.components!.securitySchemes as Record<string, any>);
    expect(schemes.some((s) => s.type === "oauth2" && s.flows?.clientCredentials?.tokenUrl)).toBe(true);
    expect(schemes.some((s) => s.type === "http" && s.scheme === "bearer")).toBe(true);
  });

  it("describes the upload as its own server and operation, without the bearer token", () => {
    const external = ops.filter((o) => o.operation["x-external"]);
    expect(external.map((o) => o.method)).toEqual(["put"]);
    expect(external[0]!.operation.security).toEqual([]);
    expect((external[0]!.operation.servers ?? external[0]!.pathItem.servers ?? []).length).toBeGreaterThan(0);
  });

  it("documents 429 and 503 on every operation, and the RateLimit headers on every response", () => {
    for (const { method, path, operation } of apiOps) {
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["429", "503"]));
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(deref<any>(doc, response).headers ?? {});
        expect(headers, `${method} ${path} ${status}`).toEqual(expect.arrayContaining(RATE_LIMIT_HEADERS));
      }
    }
  });

  it("answers errors with application/problem+json (and, at the token endpoint, also with the OAuth error body)", () => {
    for (const { method, path, operation } of apiOps) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const types = Object.keys(deref<any>(doc, response).content ?? {});
        // The token endpoint's errors come in both forms: problem+json (the service description's) and RFC 6749's JSON.
        if (path === "/oauth/token" && (status === "400" || status === "401"))
          expect(types).toEqual(["application/problem+json", "application/json"]);
        else expect(types, `${method} ${path} ${status}`).toEqual(["application/problem+json"]);
      }
    }
  });

  it("answers the documented problem cases with their members", () => {
    const problem = (name: string) => [...allProperties(doc, { $ref: `#/components/schemas/${name}` }).keys()];
    const required = (name: string) => {
      const names = new Set<string>();
      walkSchemas(doc, { $ref: `#/components/schemas/${name}` }, (node) => (node.required ?? []).forEach((r: string) => names.add(r)));
      return [...names];
    };
    expect(problem("Problem")).toEqual(expect.arrayContaining(["title", "status", "detail", "errors", "oauth2-token", "request-id"]));
    expect(required("ValidationProblem")).toEqual(expect.arrayContaining(["title", "status", "detail", "errors", "request-id"]));
    expect(required("UnauthorizedProblem")).toEqual(expect.arrayContaining(["title", "status", "detail", "oauth2-token", "request-id"]));
    expect(required("ServiceUnavailableProblem")).toEqual(expect.arrayContaining(["title", "status", "request-id"]));
  });

  it("answers OPTIONS on every resource with an Allow header", () => {
    const paths = new Set(apiOps.map((o) => o.path));
    for (const path of paths) {
      const options = apiOps.find((o) => o.path === path && o.method === "options");
      expect(options, `OPTIONS ${path}`).toBeDefined();
      const success = Object.entries(options!.operation.responses).find(([status]) => status.startsWith("2"))!;
      expect(Object.keys(deref<any>(doc, success[1]).headers ?? {}), `OPTIONS ${path}`).toContain("Allow");
    }
  });

  it("paginates every collection: per_page from 1 to 50, default 20", () => {
    const collections = apiOps.filter(({ method, operation }) => {
      if (method !== "get") return false;
      const ok = deref<any>(doc, operation.responses["200"] ?? {});
      const schema = ok.content?.["application/hal+json"]?.schema;
      return schema && allProperties(doc, schema).has("per_page");
    });
    expect(collections.length).toBeGreaterThanOrEqual(6);
    for (const { path, operation, pathItem } of collections) {
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => deref<any>(doc, p));
      const perPage = parameters.find((p) => p.name === "per_page" && p.in === "query");
      expect(perPage, `GET ${path} per_page`).toBeDefined();
      expect(deref<any>(doc, perPage.schema)).toMatchObject({ minimum: 1, maximum: 50, default: 20 });
    }
  });

  it("answers with HAL: application/hal+json bodies carry _links", () => {
    for (const { method, path, operation } of apiOps) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = deref<any>(doc, response).content?.["application/hal+json"];
        if (!media) continue;
        expect(allProperties(doc, media.schema).has("_links"), `${method} ${path} ${status}`).toBe(true);
      }
    }
  });

  it("marks commentable properties and every inferred choice", () => {
    let commentable = 0;
    let inferred = 0;
    JSON.stringify(doc, (key, value) => {
      if (key === "x-commentable" && value === true) commentable += 1;
      if (key === "x-inferred") inferred += 1;
      return value;
    });
    expect(commentable).toBeGreaterThan(0);
    expect(inferred).toBeGreaterThan(0);
  });
});

describe("merchant: rules the truth pass made machine-readable", () => {
  const model = apiModel("merchant");
  const doc = model.document;
  const validator = model.validator;
  const ops = operations(doc);
  const HAL = "application/hal+json";
  const PROBLEM = "application/problem+json";
  const JSON_TYPE = "application/json";

  /** The response object of an operation (a $ref'd response followed) and the pointer of its base. */
  const responseAt = (operationId: string, status: string) => responseOf(model, operationId, status);
  const mediaTypes = (operationId: string, status: string) => Object.keys(responseAt(operationId, status).response.content ?? {});
  const answer = (operationId: string, status: string, mediaType: string, body: unknown) =>
    validator.describe(`${responseAt(operationId, status).base}${toPointer(["content", mediaType, "schema"])}`, body);
  const schema = (name: string, value: unknown) => validator.describe(`/components/schemas/${name}`, value);
  const token = { access_token: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", token_type: "Bearer", expires_in: 86400 };
  const root = { "ch:root": { href: "https://merchant.test.clearhaus.com/" } };
  const registration = {
    client_name: "Nightly report",
    grant_types: ["client_credentials"],
    client_id: "4f1c8a2e",
    client_secret: "9f2b6d1e",
  };
  const self = { self: { href: "https://merchant.test.clearhaus.com/oauth/clients/4f1c8a2e" } };

  it("documents the token and registration answers in the service description's form first, then in the RFC's media type as tolerance", () => {
    expect(mediaTypes("createToken", "200")).toEqual([HAL, JSON_TYPE]);
    expect(mediaTypes("registerClient", "201")).toEqual([HAL, JSON_TYPE]);
    for (const status of ["400", "401"]) expect(mediaTypes("createToken", status)).toEqual([PROBLEM, JSON_TYPE]);
    expect(mediaTypes("optionsToken", "401")).toEqual([PROBLEM, JSON_TYPE]);
    // application/json answers are tolerance for other implementations (no evidence the service sends them), marked inferred;
    // the errors' OAuth form is a departure.
    for (const [operationId, status] of [
      ["createToken", "200"],
      ["registerClient", "201"],
    ] as const) {
      expect(responseAt(operationId, status).response.content[JSON_TYPE]["x-inferred"]).toMatch(/^Tolerance for other implementations/);
    }
    for (const status of ["400", "401"]) {
      expect(responseAt("createToken", status).response.content[JSON_TYPE]["x-departs-from-source"]).toMatchObject({
        source: expect.any(String),
        why: expect.any(String),
      });
    }
  });

  it("holds a token answer in either media type to what the source requires: _links with ch:root, token_type Bearer", () => {
    for (const type of [HAL, JSON_TYPE]) {
      expect(answer("createToken", "200", type, { ...token, _links: root }), type).toBe("");
      expect(answer("createToken", "200", type, token), `${type}: the source's token has _links.ch:root`).not.toBe("");
      expect(
        answer("createToken", "200", type, { ...token, token_type: "bearer", _links: root }),
        `${type}: the source says Bearer`,
      ).not.toBe("");
      expect(answer("createToken", "200", type, { ...token, token_type: "mac", _links: root })).not.toBe("");
      expect(answer("createToken", "200", type, { access_token: token.access_token, token_type: "Bearer", _links: root })).not.toBe("");
    }
  });

  it("holds a registration answer in either media type to what the source requires: credentials and _links.self", () => {
    const curies = [{ href: "https://developer.clearhaus.com/rels/{rel}", templated: true, name: "ch" }];
    for (const type of [HAL, JSON_TYPE]) {
      expect(answer("registerClient", "201", type, { ...registration, _links: { ...self, curies } }), type).toBe("");
      expect(
        answer("registerClient", "201", type, {
          ...registration,
          client_id_issued_at: 1772445245,
          client_secret_expires_at: 0,
          _links: { ...self, curies },
        }),
        type,
      ).toBe("");
      expect(answer("registerClient", "201", type, registration), `${type}: the source's client has _links.self`).not.toBe("");
      const { client_secret: _secret, ...public_ } = registration;
      expect(answer("registerClient", "201", type, { ...public_, _links: { ...self, curies } }), "every client is confidential").not.toBe(
        "",
      );
    }
  });

  it("accepts token errors as problem details and as OAuth 2.0 error bodies (RFC 6749 §5.2)", () => {
    const validation = {
      title: "Validation Error",
      status: 400,
      detail: "The request has invalid parameters.",
      errors: { audience: ["is required"] },
      "request-id": "1c3e5a7b",
    };
    const unauthorized = { title: "Unauthorized", status: 401, detail: "Client authentication failed.", "request-id": "7b9d1f3a" };
    expect(answer("createToken", "400", PROBLEM, validation)).toBe("");
    expect(answer("createToken", "401", PROBLEM, unauthorized)).toBe("");
    expect(answer("createToken", "401", PROBLEM, { title: "Unauthorized", status: 401, "request-id": "7b9d1f3a" })).toBe("");
    expect(
      answer("createToken", "400", JSON_TYPE, { error: "invalid_request", error_description: "The audience parameter is required." }),
    ).toBe("");
    expect(answer("createToken", "401", JSON_TYPE, { error: "invalid_client" })).toBe("");
    expect(answer("createToken", "400", JSON_TYPE, { error: "invalid_audience" }), "RFC 6749 §8.5 extension codes").toBe("");
    expect(answer("createToken", "400", JSON_TYPE, { error: 'bad"quote' })).not.toBe("");
    expect(answer("createToken", "400", PROBLEM, { error: "invalid_request" }), "an OAuth body is no problem").not.toBe("");
    expect(answer("createToken", "400", JSON_TYPE, validation), "a problem is no OAuth body").not.toBe("");
  });

  it("accepts any stamp name a link offers, the known ones included", () => {
    const stampOperations = ["addApplicationStamp", "removeApplicationStamp", "addDisputeStamp", "addContractStamp"];
    for (const operationId of stampOperations) {
      const pointer = parameterSchemaPointer(model, operationId, "stamp_name");
      const check = (name: string) => validator.describe(pointer, name);
      for (const name of ["submitted", "archived", "refuted", "accepted", "under_review_requested", "re-opened"])
        expect(check(name), `${operationId} ${name}`).toBe("");
      for (const name of ["", "a/b", "a?b"]) expect(check(name), `${operationId} ${JSON.stringify(name)}`).not.toBe("");
    }
    const known = (name: string) => (getAtPointer(doc, `/components/schemas/${name}/anyOf/0/enum`) as string[] | undefined) ?? [];
    expect(known("ApplicationStampName")).toEqual(["submitted", "archived"]);
    expect(known("DisputeStampName")).toEqual(["refuted", "accepted"]);
    for (const name of ["ApplicationStampName", "DisputeStampName", "StampName"]) expect(schema(name, "something_new"), name).toBe("");
  });

  it("marks every GET 200 and the version as inferred, and requires in an answer only what the source promises", () => {
    const gets = ops.filter((o) => o.method === "get");
    expect(gets.length).toBeGreaterThanOrEqual(19);
    for (const { path, operation } of gets) {
      expect(deref<any>(doc, operation.responses["200"])["x-inferred"], `GET ${path} 200`).toEqual(expect.any(String));
    }
    const schema = (name: string) => getAtPointer(doc, `/components/schemas/${name}`) as Record<string, unknown>;
    // Which members these answers always carry is not published: only _links, which the source gives every response.
    for (const name of ["Dispute", "Comment", "Gateway", "Application", "Person", "Contract"]) {
      expect(schema(name).required, name).toEqual(["_links"]);
      expect(schema(name)["x-inferred"], name).toMatch(/not (published|public)/);
    }
    expect(schema("ApplicationMetadata").required).toBeUndefined();
    // A file's answer is, by the source, the fields of its creation plus _links.
    expect(schema("File").required).toEqual(["label", "name", "content_type", "_links"]);
    expect((doc.info as Record<string, unknown>)["x-inferred"]).toEqual(expect.any(String));
  });

  it("lets a 503 come without the RateLimit headers, and requires them on every other response of the API", () => {
    for (const { method, path, operation } of ops.filter((o) => !o.operation["x-external"])) {
      for (const [status, raw] of Object.entries(operation.responses)) {
        const headers = deref<any>(doc, raw).headers ?? {};
        for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
          const header = deref<{ required?: boolean }>(doc, headers[name]);
          expect(header.required === true, `${method} ${path} ${status} ${name}`).toBe(status !== "503");
        }
      }
    }
  });

  it("gives the 10 MB of a dispute file as advice, not as a maximum", () => {
    const pointer = requestBodySchemaPointer(model, "createDisputeFile", JSON_TYPE);
    const file = (size: number) => ({ label: "customer invoice", name: "invoice.pdf", content_type: "application/pdf", size });
    expect(validator.describe(pointer, file(25_000_000))).toBe("");
    let advised: unknown;
    let maximum: unknown;
    walkSchemas(doc, getAtPointer(doc, pointer), (node) => {
      const size = node.properties?.size;
      if (size && typeof size === "object") {
        advised ??= deref<any>(doc, size)["x-recommended-maximum"];
        maximum ??= deref<any>(doc, size).maximum;
      }
    });
    expect(advised).toBe(10_000_000);
    expect(maximum).toBeUndefined();
  });

  it("requires exactly one link back to the commented resource", () => {
    const comment = (links: Record<string, unknown>) => ({
      id: "e7c3b9d1",
      body: "Please use the trading name shown on your website.",
      created_at: "2026-03-03T12:05:41Z",
      _links: { self: { href: "https://merchant.test.clearhaus.com/comments/e7c3b9d1" }, ...links },
    });
    const application = { "ch:application": { href: "https://merchant.test.clearhaus.com/applications/19be420f" } };
    const dispute = { "ch:dispute": { href: "https://merchant.test.clearhaus.com/disputes/c6d9153b" } };
    expect(schema("Comment", comment(application))).toBe("");
    expect(schema("Comment", comment({}))).not.toBe("");
    expect(schema("Comment", comment({ ...application, ...dispute }))).not.toBe("");
  });

  it("has no prev link on the first page of a collection", () => {
    const page = (number: number, links: Record<string, unknown>) => ({
      count: 30,
      page: number,
      per_page: 20,
      _links: { self: { href: "https://merchant.test.clearhaus.com/disputes?page=1" }, ...links },
      _embedded: { "ch:disputes": [] },
    });
    const prev = { prev: { href: "https://merchant.test.clearhaus.com/disputes?page=1" } };
    expect(schema("DisputeCollection", page(1, {}))).toBe("");
    expect(schema("DisputeCollection", page(1, prev))).not.toBe("");
    expect(schema("DisputeCollection", page(2, prev))).toBe("");
  });

  it("gives selectable gateways ch:selection and selected ones ch:comments", () => {
    const gateway = (links: Record<string, unknown>) => ({
      id: "8b7e5a0c",
      name: "Pay pay",
      _links: { self: { href: "https://merchant.test.clearhaus.com/gateways/8b7e5a0c" }, ...links },
    });
    const selection = { "ch:selection": { href: "https://merchant.test.clearhaus.com/applications/19be420f/gateways/8b7e5a0c" } };
    const comments = {
      "ch:comments": { href: "https://merchant.test.clearhaus.com/gateways/8b7e5a0c/comments{?page,per_page}", templated: true },
    };
    const collection = (selected: unknown[], selectable: unknown[]) => ({
      count: selected.length + selectable.length,
      page: 1,
      per_page: 20,
      _links: {
        self: { href: "https://merchant.test.clearhaus.com/applications/19be420f/gateways" },
        "ch:application": { href: "https://merchant.test.clearhaus.com/applications/19be420f" },
      },
      _embedded: { "ch:gateways": selected, selectable },
    });
    expect(schema("GatewayCollection", collection([gateway(comments)], [gateway(selection)]))).toBe("");
    expect(schema("GatewayCollection", collection([], [gateway({})]))).not.toBe("");
    expect(schema("GatewayCollection", collection([gateway({})], []))).not.toBe("");
  });

  it("bounds decimals to decimal(19,4)", () => {
    expect(schema("Decimal", 999999999999999.9)).toBe("");
    expect(schema("Decimal", 1e15)).not.toBe("");
    expect((getAtPointer(doc, "/components/schemas/Decimal") as Record<string, unknown>)["x-decimal"]).toEqual({ precision: 19, scale: 4 });
  });

  it("states the rules a schema cannot hold as extensions that name what they bind", () => {
    const at = (pointer: string) => getAtPointer(doc, pointer) as Record<string, any>;
    expect(at("/components/schemas/HalLinks")["x-required-at-top-level"]).toEqual(["curies"]);
    expect(Object.keys(at("/components/schemas/HalLinks").properties)).toEqual(
      expect.arrayContaining(at("/components/schemas/HalLinks")["x-required-at-top-level"]),
    );
    expect(at("/components/schemas/FileCreate").properties.label["x-label-by-owner"]).toEqual({ website: "ownership" });
    expect(at("/components/schemas/PersonCreate")["x-required-file-labels"]).toEqual(["picture_legitimation", "address_legitimation"]);
    expect(at("/components/schemas/CommentCreate").properties.tags.items["x-names-commentable-property"]).toBe(true);
    const merged = at("/components/schemas/ApplicationUpdate")["x-merged-must-satisfy"];
    expect(at(`/components/schemas/${merged}`), "x-merged-must-satisfy names a schema").toBeDefined();
    const upload = model.operation("uploadFileContent").requestBody!;
    const fileProperty = String(getAtPointer(doc, `${upload.pointer}/x-content-type-from-file`));
    expect(
      at("/components/schemas/FileProperties").properties[fileProperty],
      "x-content-type-from-file names a file property",
    ).toBeDefined();
    expect(at("/components/parameters/UploadPath")["x-from-link"]).toEqual({ rel: "ch:data", name: "upload" });
    // A comment without tags is valid (the live service's rule); with tags, exactly one field-comment tag.
    const create = requestBodySchemaPointer(model, "createComment", JSON_TYPE);
    expect(validator.describe(create, { body: "Please see attached files." })).toBe("");
    expect(validator.describe(create, { body: "x", tags: ["ch-field:name", "ch-field:city"] })).not.toBe("");
  });

  it("keeps its examples truthful: 15-digit merchant ids, no claim about which application stamps are removable", () => {
    const merchantIds: unknown[] = [];
    JSON.stringify(doc, (key, value) => {
      if (key === "merchant_id" && typeof value === "string") merchantIds.push(value);
      return value;
    });
    expect(merchantIds.length).toBeGreaterThan(0);
    for (const id of merchantIds) expect(id).toMatch(/^\d{15}$/);
    const notRemovable = getAtPointer(
      doc,
      "/components/responses/Conflict/content/application~1problem+json/examples/stampNotRemovable",
    ) as Record<string, any>;
    expect(notRemovable["x-inferred"]).toEqual(expect.any(String));
    expect(notRemovable.value.detail).not.toMatch(/submitted|archived/);
  });

  it("gives every departure from the source description as {source, why}, one line each", () => {
    const departures: unknown[] = [];
    JSON.stringify(doc, (key, value) => {
      if (key === "x-departs-from-source") departures.push(value);
      return value;
    });
    expect(departures.length).toBeGreaterThanOrEqual(6);
    for (const departure of departures) {
      expect(Object.keys(departure as object).sort()).toEqual(["source", "why"]);
      for (const text of Object.values(departure as Record<string, string>)) expect(text).toMatch(/^[^\n]{20,}$/);
    }
  });
});

describe("OWASP ruleset selection (openapi/lint/spectral-owasp.yaml)", () => {
  it("gives a one-line reason, in the comment directly above it, for every rule it turns off", async () => {
    const { readFileSync } = await import("node:fs");
    const { resolve } = await import("node:path");
    const YAML = await import("yaml");
    const file = resolve(__dirname, "..", "openapi", "lint", "spectral-owasp.yaml");
    const doc = YAML.parseDocument(readFileSync(file, "utf8"));
    expect(doc.errors).toEqual([]);
    const extendsValue = JSON.stringify(doc.toJS().extends);
    expect(extendsValue).toContain("spectral-owasp-ruleset");
    expect(extendsValue).not.toMatch(/https?:/);
    const ruleMaps: { where: string; map: unknown }[] = [{ where: "rules", map: doc.get("rules") }];
    const overrides = doc.get("overrides");
    if (YAML.isSeq(overrides)) {
      overrides.items.forEach((item, i) => {
        if (YAML.isMap(item)) ruleMaps.push({ where: `overrides[${i}].rules`, map: item.get("rules") });
      });
    }
    const offRules: string[] = [];
    const missing: string[] = [];
    for (const { where, map } of ruleMaps) {
      if (!YAML.isMap(map)) continue;
      map.items.forEach((pair, index) => {
        const value = YAML.isScalar(pair.value) ? pair.value.value : pair.value;
        if (value !== "off" && value !== false) return;
        const key = YAML.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        offRules.push(key);
        // yaml attaches the comment above the first pair of a map to the map itself.
        const comment = (YAML.isScalar(pair.key) ? pair.key.commentBefore : undefined) ?? (index === 0 ? map.commentBefore : undefined);
        const reason = comment?.trim().split("\n").pop()?.trim() ?? "";
        if (reason.length < 20) missing.push(`${where}: ${key}`);
      });
    }
    expect(offRules.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
