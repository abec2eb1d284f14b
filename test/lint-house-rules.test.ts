/**
 * The house lint rules (openapi/lint/house-rules.cjs) fire on what they exist for: here, the
 * marks of what the source description does not say must carry their reasons.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { projectRoot } from "../scripts/lib/apis";
import { runBin } from "../scripts/lib/exec";

const dir = mkdtempSync(join(tmpdir(), "house-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lints a one-operation document whose schema carries `marks`; returns the house rule's messages. */
function lintWithMarks(marks: Record<string, unknown>): string[] {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1", license: { name: "x", identifier: "MIT" } },
    servers: [{ url: "https://api.example.org" }],
    paths: {
      "/things": {
        get: {
          operationId: "listThings",
          summary: "List",
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "string", ...marks } } } } },
        },
      },
    },
  };
  writeFileSync(join(dir, "openapi.yaml"), stringify(doc));
  writeFileSync(
    join(dir, "redocly.yaml"),
    stringify({
      plugins: [join(projectRoot, "openapi", "lint", "house-rules.cjs")],
      rules: { "house/source-marks-have-reasons": "error" },
    }),
  );
  let output: string;
  try {
    output = runBin("redocly", ["lint", join(dir, "openapi.yaml"), "--config", join(dir, "redocly.yaml"), "--format", "json"], {
      quiet: true,
    });
  } catch (error) {
    output = String(error instanceof Error ? error.message : error);
  }
  return [...output.matchAll(/"message": "([^"]*(?:x-inferred|x-departs-from-source)[^"]*)"/g)].map((m) => m[1]!);
}

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
