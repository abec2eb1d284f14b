import { describe, expect, it } from "vitest";
import { listApis } from "../scripts/lib/apis";
import { loadBundledSpec, deref, isHttpMethod } from "../src/testkit/openapi-model/document";
import { SpecValidator } from "../src/testkit/openapi-model/ajv";
import { listOperationExamples, listSchemaExamples } from "../src/testkit/openapi-model/examples";

describe.each(listApis().map((api) => api.name))("%s spec examples", (api) => {
  const doc = loadBundledSpec(api);
  const validator = new SpecValidator(doc);
  const examples = [...listOperationExamples(doc), ...listSchemaExamples(doc)];

  it.each(examples.map((example) => [example.label, example] as const))("%s is valid against its schema", (_label, example) => {
    expect(validator.describe(example.schemaPointer, example.value)).toBe("");
  });

  it("has a named example for every request body and every response with content", () => {
    const missing: string[] = [];
    for (const [path, pathItem] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(deref<Record<string, Record<string, unknown>>>(doc, pathItem))) {
        if (!isHttpMethod(method)) continue;
        const operationId = String(operation.operationId);
        const has = (kind: string, status?: string) =>
          examples.some((e) => e.operationId === operationId && e.kind === kind && (status === undefined || e.status === status));
        if (operation.requestBody && !has("request")) missing.push(`${method.toUpperCase()} ${path} request`);
        for (const [status, response] of Object.entries(operation.responses as Record<string, unknown>)) {
          const content = deref<{ content?: Record<string, { schema?: unknown }> }>(doc, response).content ?? {};
          const withSchema = Object.values(content).some((media) => media.schema);
          if (withSchema && !has("response", status)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("rejects a value that breaks its schema (the validator is not a no-op)", () => {
    const request = examples.find((e) => e.kind === "request" && e.value && typeof e.value === "object");
    expect(request, "at least one object-valued request example").toBeDefined();
    // A request body is an object; a bare number can satisfy no request schema of these APIs.
    expect(validator.validate(request!.schemaPointer, 42)).not.toEqual([]);
  });
});
