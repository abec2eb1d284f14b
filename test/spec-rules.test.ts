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
