/**
 * Structural requirements of the issues that a lint rule cannot see, checked on the bundles so
 * that a spec change cannot drop them silently.
 */
import { describe, expect, it } from "vitest";
import { deref, getAtPointer, loadBundledSpec, type OpenApiDocument } from "../src/spec/document";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

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
      .filter(([method]) => HTTP_METHODS.includes(method))
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

  it("has the live and the test server", () => {
    expect((doc.servers as { url: string }[]).map((s) => s.url).sort()).toEqual([
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
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(["401", "404", "5XX"]));
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
    expect(limits).toMatch(new RegExp(`Capture refund window \\|[^\\n]*more than ${windows["capture-refund-within-days-of-last-capture"]} days`));
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
      .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
    expect(rows.map((r) => Number(r[0]))).toEqual(codes.map((c) => c.code));
    for (const row of rows) {
      const code = codes.find((c) => c.code === Number(row[0]))!;
      const marked = columns.filter((_, i) => row[2 + i] === "✓");
      expect(marked, `returned-for of ${row[0]}`).toEqual(code.returnedFor);
    }
  });
});

describe("merchant spec", () => {
  const doc = loadBundledSpec("merchant");
  const ops = operations(doc);
  /** Operations served by the API itself; the upload goes to an external storage host. */
  const apiOps = ops.filter((o) => !o.operation["x-external"]);
  const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
  const isOAuth = (path: string) => path.startsWith("/oauth/");

  it("has the production and the sandbox entrypoints", () => {
    expect((doc.servers as unknown[]).length).toBe(2);
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

  it("answers errors with application/problem+json (OAuth errors of the token endpoint excepted)", () => {
    for (const { method, path, operation } of apiOps) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status)) continue;
        const types = Object.keys(deref<any>(doc, response).content ?? {});
        if (path === "/oauth/token" && (status === "400" || status === "401")) expect(types).toEqual(["application/json"]);
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
    for (const { method, path, operation } of apiOps.filter((o) => !isOAuth(o.path))) {
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
