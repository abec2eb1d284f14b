/**
 * The house lint rules (openapi/lint/house-rules.cjs) fire on what they exist for: the marks of
 * what the source description does not say must carry their reasons, the stated response media
 * type must name the spec's version and the documented media type, and the transaction types of
 * the operations and of the status codes must agree.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { projectRoot } from "../scripts/lib/apis";
import { runBin } from "../scripts/lib/exec";
import { isJsonObject } from "../src/testkit/common/json-values";

const dir = mkdtempSync(join(tmpdir(), "house-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Shape {
  /** Members of `info` besides title, version and licence. */
  info?: Record<string, unknown>;
  /** Members of the one operation besides its operationId, summary and responses. */
  operation?: Record<string, unknown>;
  /** Members of the answer's schema. */
  schema?: Record<string, unknown>;
  mediaType?: string;
}

/** Lints a one-operation document of this shape with one house rule switched on; returns that rule's messages. */
function lint(rule: string, { info = {}, operation = {}, schema = {}, mediaType = "application/json" }: Shape): string[] {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1.2.0", license: { name: "x", identifier: "MIT" }, ...info },
    servers: [{ url: "https://api.example.org" }],
    paths: {
      "/things": {
        get: {
          operationId: "listThings",
          summary: "List",
          ...operation,
          responses: { "200": { description: "ok", content: { [mediaType]: { schema: { type: "string", ...schema } } } } },
        },
      },
    },
  };
  writeFileSync(join(dir, "openapi.yaml"), stringify(doc));
  writeFileSync(
    join(dir, "redocly.yaml"),
    stringify({ plugins: [join(projectRoot, "openapi", "lint", "house-rules.cjs")], rules: { [`house/${rule}`]: "error" } }),
  );
  let output: string;
  try {
    output = runBin("redocly", ["lint", join(dir, "openapi.yaml"), "--config", join(dir, "redocly.yaml"), "--format", "json"], {
      quiet: true,
    });
  } catch (error) {
    output = String(error instanceof Error ? error.message : error);
  }
  const report: unknown = JSON.parse(output.slice(output.indexOf("{"), output.lastIndexOf("}") + 1));
  const problems = isJsonObject(report) && Array.isArray(report.problems) ? report.problems : [];
  return problems.filter((p) => isJsonObject(p) && p.ruleId === `house/${rule}`).map((p) => String(isJsonObject(p) && p.message));
}

const lintWithMarks = (marks: Record<string, unknown>) => lint("source-marks-have-reasons", { schema: marks });

describe("house/source-marks-have-reasons", () => {
  it("accepts a one-line x-inferred and a {source, why} departure", () => {
    expect(
      lintWithMarks({
        "x-inferred": "Common practice for this kind of field.",
        "x-departs-from-source": {
          source: "The source says the value is an integer.",
          why: "The live service sends a string, per its public docs.",
        },
      }),
    ).toEqual([]);
  });

  it.each([
    ["an empty x-inferred", { "x-inferred": "" }],
    ["a multi-line x-inferred", { "x-inferred": "first line\nsecond line of the reason" }],
    ["a departure as a bare string", { "x-departs-from-source": "The source says something else entirely." }],
    ["a departure without why", { "x-departs-from-source": { source: "The source says the value is an integer." } }],
    ["a departure with a short why", { "x-departs-from-source": { source: "The source says the value is an integer.", why: "live" } }],
    [
      "a departure with an extra key",
      {
        "x-departs-from-source": { source: "The source says the value is an integer.", why: "The live service sends a string.", note: "x" },
      },
    ],
  ])("refuses %s", (_name, marks) => {
    expect(lintWithMarks(marks)).toHaveLength(1);
  });
});

describe("house/response-media-type", () => {
  const vendor = "application/vnd.example.hal+json";

  it("accepts the media type every response documents, with info.version as its version", () => {
    expect(
      lint("response-media-type", { info: { "x-response-media-type": `${vendor}; version=1.2.0; charset=utf-8` }, mediaType: vendor }),
    ).toEqual([]);
  });

  it("refuses a version other than info.version", () => {
    expect(
      lint("response-media-type", { info: { "x-response-media-type": `${vendor}; version=1.1.0; charset=utf-8` }, mediaType: vendor }),
    ).toEqual([expect.stringMatching(/version 1\.1\.0, but info\.version is 1\.2\.0/)]);
  });

  it("refuses a media type no response documents", () => {
    expect(
      lint("response-media-type", {
        info: { "x-response-media-type": `${vendor}; version=1.2.0` },
        mediaType: "application/json",
      }),
    ).toEqual([expect.stringMatching(/application\/json is not the essence/)]);
  });
});

describe("house/transaction-types", () => {
  const table = { "x-returned-for": ["authorization", "capture"] };

  it("accepts an x-returned-for whose every type is some operation's x-transaction-type", () => {
    expect(
      lint("transaction-types", { schema: { "x-returned-for": ["authorization"] }, operation: { "x-transaction-type": "authorization" } }),
    ).toEqual([]);
  });

  it("refuses a type of x-returned-for that no operation makes, and an operation's type that x-returned-for does not name", () => {
    expect(lint("transaction-types", { schema: table, operation: { "x-transaction-type": "authorization" } })).toEqual([
      expect.stringMatching(/names "capture", which no operation/),
    ]);
    expect(lint("transaction-types", { schema: table, operation: { "x-transaction-type": "refund" } })).toEqual([
      expect.stringMatching(/names "authorization"/),
      expect.stringMatching(/names "capture"/),
      expect.stringMatching(/"refund" is named by no/),
    ]);
  });
});
