/**
 * The determination inventory (contract-tests/model/determinations.ts) covers every place of every
 * documented answer: a member added to a copy of a bundle is inventoried at once, and fails the
 * check until the structure or a hand-written entry decides it; a hand-written entry taken away
 * leaves its places open.
 */
import { describe, expect, it } from "vitest";
import { determinationReport, determinationReportOf, type ProseTable } from "../contract-tests/model/determinations";
import { byProse } from "../contract-tests/model/determined-by-prose";
import { ApiSpec } from "../contract-tests/support/spec";
import { loadBundledSpec, type OpenApiDocument } from "../src/testkit/openapi-model/document";
import { ApiModel } from "../src/testkit/openapi-model/operation-model";
import { isJsonObject, type JsonObject } from "../src/testkit/common/json-values";

/** The report of a copy of the gateway's bundle after `change`. */
function reportAfter(change: (doc: OpenApiDocument) => void, table: ProseTable = byProse) {
  const doc = structuredClone(loadBundledSpec("gateway"));
  change(doc);
  return determinationReportOf(new ApiSpec("gateway", new ApiModel("gateway", doc)), table);
}

function properties(doc: OpenApiDocument, schema: string): JsonObject {
  const found = doc.components?.schemas?.[schema];
  if (!isJsonObject(found) || !isJsonObject(found.properties)) throw new Error(`${schema} has no properties`);
  return found.properties;
}

describe("the determination inventory", () => {
  it("decides every place of both bundles as they are, with no stale hand-written entry", () => {
    for (const report of determinationReport()) {
      expect(report.failures, report.api).toEqual([]);
      expect(report.stale, report.api).toEqual([]);
      expect(report.places.length, report.api).toBeGreaterThan(100);
    }
  });

  it("fails on a member added to an answer that nothing decides, naming the operation, status and member", () => {
    const report = reportAfter((doc) => {
      properties(doc, "Capture").surprise = { type: "string", description: "A member no rule speaks of." };
    });
    expect(report.failures).toEqual(
      expect.arrayContaining([
        expect.stringContaining("createCapture 201 body surprise (home Capture.surprise) is neither determined nor free"),
      ]),
    );
  });

  it("takes a member whose schema allows one value as determined by the schema", () => {
    const report = reportAfter((doc) => {
      properties(doc, "Capture").kind = { const: "capture" };
    });
    const place = report.places.find((p) => p.key === "createCapture 201 body kind");
    expect(place?.determination).toEqual({ determined: true, rule: "gateway:schema:Capture.kind", source: "structure" });
    expect(report.failures).toEqual([]);
  });

  it("leaves open the places of a hand-written entry taken away", () => {
    const table = { ...byProse, gateway: byProse.gateway.filter((entry) => entry.home !== "Status.message") };
    const report = reportAfter(() => undefined, table);
    expect(report.failures.length).toBeGreaterThan(0);
    expect(report.failures.every((failure) => failure.includes("home Status.message"))).toBe(true);
  });

  it("warns, never fails, where a determination rests on an x-inferred choice", () => {
    const report = reportAfter(() => undefined);
    expect(report.warnings).toEqual(expect.arrayContaining([expect.stringContaining("createAuthorization 201 body _links.voids")]));
  });
});
