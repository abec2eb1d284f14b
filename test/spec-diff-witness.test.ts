/**
 * The witness search of `npm run diff` (scripts/lib/spec-diff-witness.ts): for every JSON Schema
 * 2020-12 keyword the specs use, one schema pair where the keyword makes the second schema
 * accept less than the first. Each pair is tried four ways: a request tightened (a witness: a
 * value the old schema took is refused), a request loosened (none), a response tightened (none),
 * a response loosened (a witness: a value the new schema allows, which the old one refused).
 * Every witness is checked with a separate Ajv, so the test does not trust the search's own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { findWitness, type Direction, type WitnessQuery } from "../scripts/lib/spec-diff-witness";

type Schema = Record<string, unknown>;

interface KeywordCase {
  keyword: string;
  /** Accepts more. */
  loose: Schema;
  /** Accepts less, by this keyword. */
  tight: Schema;
  /** Where in the value the keyword stands (schema keywords below the top schema). */
  focus?: string[];
}

const objectOf = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({ type: "object", properties, ...extra });
const text = { type: "string" };
/** A property `v` holding the keyword's schema: the change is inside the value, as in a request body's field. */
const atField = (keyword: string, loose: Schema, tight: Schema): KeywordCase => ({
  keyword,
  loose: objectOf({ v: loose }, { required: ["v"] }),
  tight: objectOf({ v: tight }, { required: ["v"] }),
  focus: ["properties", "v"],
});

const keywordCases: KeywordCase[] = [
  atField("type", { type: ["string", "integer"] }, { type: "string" }),
  atField("enum", { enum: ["pending", "approved"] }, { enum: ["pending"] }),
  atField("const", text, { const: "EUR" }),
  atField("pattern", { type: "string", pattern: "^[0-9]{2,4}$" }, { type: "string", pattern: "^[0-9]{3,4}$" }),
  atField("minLength", { type: "string", minLength: 1 }, { type: "string", minLength: 3 }),
  atField("maxLength", { type: "string", maxLength: 5 }, { type: "string", maxLength: 3 }),
  atField("minimum", { type: "integer", minimum: 0 }, { type: "integer", minimum: 10 }),
  atField("maximum", { type: "integer", maximum: 100 }, { type: "integer", maximum: 50 }),
  atField("exclusiveMinimum", { type: "number", exclusiveMinimum: 0 }, { type: "number", exclusiveMinimum: 10 }),
  atField("exclusiveMaximum", { type: "number", exclusiveMaximum: 100 }, { type: "number", exclusiveMaximum: 50 }),
  atField("multipleOf", { type: "integer", multipleOf: 1 }, { type: "integer", multipleOf: 5 }),
  atField("format", text, { type: "string", format: "date" }),
  atField("items", { type: "array", items: { type: ["string", "integer"] } }, { type: "array", items: text }),
  atField("prefixItems", { type: "array" }, { type: "array", prefixItems: [text] }),
  atField("minItems", { type: "array", items: text }, { type: "array", items: text, minItems: 2 }),
  atField("maxItems", { type: "array", items: text, maxItems: 5 }, { type: "array", items: text, maxItems: 1 }),
  atField("uniqueItems", { type: "array", items: text }, { type: "array", items: text, uniqueItems: true }),
  atField("contains", { type: "array" }, { type: "array", contains: { const: "x" } }),
  { keyword: "required", loose: objectOf({ a: text }), tight: objectOf({ a: text }, { required: ["a"] }) },
  { keyword: "properties", loose: { type: "object" }, tight: objectOf({ a: { type: "integer" } }) },
  { keyword: "additionalProperties", loose: objectOf({ a: text }), tight: objectOf({ a: text }, { additionalProperties: false }) },
  { keyword: "unevaluatedProperties", loose: objectOf({ a: text }), tight: objectOf({ a: text }, { unevaluatedProperties: false }) },
  { keyword: "patternProperties", loose: { type: "object" }, tight: { type: "object", patternProperties: { "^x": { type: "integer" } } } },
  { keyword: "propertyNames", loose: { type: "object" }, tight: { type: "object", propertyNames: { maxLength: 3 } } },
  { keyword: "minProperties", loose: objectOf({ a: text }), tight: objectOf({ a: text }, { minProperties: 1 }) },
  { keyword: "maxProperties", loose: objectOf({ a: text, b: text }), tight: objectOf({ a: text, b: text }, { maxProperties: 1 }) },
  {
    keyword: "dependentRequired",
    loose: objectOf({ a: text, b: text }),
    tight: objectOf({ a: text, b: text }, { dependentRequired: { a: ["b"] } }),
  },
  {
    keyword: "dependentSchemas",
    loose: objectOf({ a: text, b: text }),
    tight: objectOf({ a: text, b: text }, { dependentSchemas: { a: { required: ["b"] } } }),
  },
  atField("anyOf", { anyOf: [text, { type: "integer" }] }, { anyOf: [text] }),
  atField("oneOf", { oneOf: [text, { type: "integer" }] }, { oneOf: [text] }),
  atField("allOf", { allOf: [text] }, { allOf: [text, { maxLength: 2 }] }),
  atField("not", text, { type: "string", not: { const: "x" } }),
  {
    keyword: "if",
    loose: objectOf({ kind: text, card: text }),
    tight: objectOf(
      { kind: text, card: text },
      { if: { properties: { kind: { const: "card" } }, required: ["kind"] }, then: { required: ["card"] } },
    ),
  },
  {
    keyword: "then",
    loose: objectOf({ kind: text, card: text }, { if: { properties: { kind: { const: "card" } }, required: ["kind"] }, then: {} }),
    tight: objectOf(
      { kind: text, card: text },
      { if: { properties: { kind: { const: "card" } }, required: ["kind"] }, then: { required: ["card"] } },
    ),
  },
  {
    keyword: "else",
    loose: objectOf({ kind: text, card: text }, { if: { properties: { kind: { const: "card" } }, required: ["kind"] }, then: {} }),
    tight: objectOf(
      { kind: text, card: text },
      { if: { properties: { kind: { const: "card" } }, required: ["kind"] }, then: {}, else: { required: ["card"] } },
    ),
  },
  { keyword: "$ref", loose: { $ref: "#/components/schemas/Text" }, tight: { $ref: "#/components/schemas/ShortText" } },
];

/** A document holding one schema under /components/schemas/Value, beside two it may refer to. */
const documentWith = (schema: Schema) => ({
  openapi: "3.1.0",
  info: { title: "witness", version: "1.0.0" },
  paths: {},
  components: { schemas: { Value: schema, Text: text, ShortText: { type: "string", maxLength: 1 } } },
});

function search(direction: Direction, base: Schema, revision: Schema, focus: string[] = []) {
  const query: WitnessQuery = {
    direction,
    base: { doc: documentWith(base), pointer: "/components/schemas/Value" },
    revision: { doc: documentWith(revision), pointer: "/components/schemas/Value" },
    focus,
    carrier: { mediaType: "application/json" },
  };
  return findWitness(query);
}

/** An Ajv of its own: the witness must really be accepted by one schema and refused by the other. */
function independentlyValid(schema: Schema, value: unknown): boolean {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema(documentWith(schema), "doc.json");
  return ajv.validate({ $ref: "doc.json#/components/schemas/Value" }, value);
}

/** Keywords of JSON Schema 2020-12 that constrain a value (annotations such as title or examples do not). */
const constrainingKeywords = new Set([
  ...["type", "enum", "const", "pattern", "minLength", "maxLength", "format", "contentMediaType", "contentEncoding", "contentSchema"],
  ...["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  ...["items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "unevaluatedItems"],
  ...["properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames"],
  ...["required", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas"],
  ...["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref"],
]);
/** Content keywords only annotate in 2020-12 (Ajv does not assert them): no value is refused by them. */
const annotationOnly = new Set(["contentMediaType", "contentEncoding", "contentSchema"]);

/** The constraining keywords that appear in a schema of the committed bundles. */
function keywordsTheSpecsUse(): string[] {
  const found = new Set<string>();
  const visitSchema = (schema: unknown): void => {
    if (Array.isArray(schema)) return schema.forEach(visitSchema);
    if (schema === null || typeof schema !== "object") return;
    for (const [key, value] of Object.entries(schema)) {
      if (constrainingKeywords.has(key)) found.add(key);
      if (key !== "enum" && key !== "const" && key !== "examples" && key !== "example" && key !== "default") visitSchema(value);
    }
  };
  const visitDocument = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visitDocument);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "schema") visitSchema(value);
      else if (key === "schemas") Object.values(value as object).forEach(visitSchema);
      else visitDocument(value);
    }
  };
  for (const api of ["gateway", "merchant", "sandbox-control"])
    visitDocument(JSON.parse(readFileSync(join(projectRoot, "generated", api, "openapi.json"), "utf8")));
  return [...found].sort();
}

describe("witness search, per JSON Schema keyword", () => {
  it("has a case for every constraining keyword the specs use", () => {
    const covered = new Set(keywordCases.map((testCase) => testCase.keyword));
    const used = keywordsTheSpecsUse().filter((keyword) => !annotationOnly.has(keyword));
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((keyword) => !covered.has(keyword))).toEqual([]);
  });

  describe.each(keywordCases)("$keyword", ({ loose, tight, focus }) => {
    it("a request tightened: a value the old schema accepted is refused (witness)", () => {
      const witness = search("request", loose, tight, focus);
      expect(witness).toBeDefined();
      expect(independentlyValid(loose, witness!.value)).toBe(true);
      expect(independentlyValid(tight, witness!.value)).toBe(false);
      expect(witness!.shown).toBe(JSON.stringify(witness!.value));
    });

    it("a request loosened: no witness", () => {
      expect(search("request", tight, loose, focus)).toBeUndefined();
    });

    it("a response tightened: no witness", () => {
      expect(search("response", loose, tight, focus)).toBeUndefined();
    });

    it("a response loosened: a value the new schema allows is one the old refused (witness)", () => {
      const witness = search("response", tight, loose, focus);
      expect(witness).toBeDefined();
      expect(independentlyValid(loose, witness!.value)).toBe(true);
      expect(independentlyValid(tight, witness!.value)).toBe(false);
    });
  });
});

describe("witness search, its answer", () => {
  it("is shrunk to the members that matter and shown as the form body a gateway client sends", () => {
    const loose = objectOf(
      {
        card: objectOf({ pan: { type: "string", pattern: "^[0-9]{12,19}$" }, csc: text }, { required: ["pan"] }),
        amount: { type: "integer" },
      },
      { required: ["card"] },
    );
    const tight = structuredClone(loose);
    ((tight.properties as Schema).card as { properties: Record<string, Schema> }).properties.pan!.pattern = "^[0-9]{13,19}$";
    const query: WitnessQuery = {
      direction: "request",
      base: { doc: documentWith(loose), pointer: "/components/schemas/Value" },
      revision: { doc: documentWith(tight), pointer: "/components/schemas/Value" },
      focus: ["properties", "card", "properties", "pan"],
      carrier: { mediaType: "application/x-www-form-urlencoded" },
    };
    const witness = findWitness(query)!;
    expect(Object.keys(witness.value as object)).toEqual(["card"]);
    expect((witness.value as { card: { pan: string } }).card.pan).toMatch(/^[0-9]{12}$/);
    // Bracket form encoding, as the gateway reads it, with the 12-digit (card-like) run masked.
    expect(witness.shown).toMatch(/^card\[pan\]=\*{8}[0-9]{4}$/);
    expect(witness.refusal).toContain("/card/pan");
  });

  it("is the same on every run (a fixed seed and a bounded number of candidates)", () => {
    const [loose, tight] = [keywordCases[3]!.loose, keywordCases[3]!.tight];
    expect(search("request", loose, tight, ["properties", "v"])).toEqual(search("request", loose, tight, ["properties", "v"]));
  });
});
