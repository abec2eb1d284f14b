// The validating `x-` keywords, on the bundles' own schemas (src/testkit/openapi-model/extension-keywords.ts).
import { describe, expect, it } from "vitest";
import { SpecValidator } from "../src/testkit/openapi-model/ajv";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { decimalScale } from "../src/testkit/openapi-model/extension-keywords";

describe("x-decimal", () => {
  const decimal = new SpecValidator(loadBundledSpec("merchant")).validatorAt("/components/schemas/Decimal");
  const scale = (loadBundledSpec("merchant").components?.schemas?.Decimal as { "x-decimal": { scale: number } })["x-decimal"].scale;

  it("counts the digits after the point of the number's shortest text, exponent form included", () => {
    expect([
      decimalScale(300000),
      decimalScale(29.1234),
      decimalScale(1e-7),
      decimalScale(1.5e-3),
      decimalScale(1e21),
      decimalScale(0.1 + 0.2),
    ]).toEqual([0, 4, 7, 4, 0, 17]);
  });

  it("accepts the scale's digits and refuses one more, naming the rule", () => {
    expect(decimal(Number(`1.${"1".repeat(scale)}`))).toBe(true);
    expect(decimal(Number(`1.${"1".repeat(scale + 1)}`))).toBe(false);
    expect(decimal.errors?.map((e) => e.message)).toContain(`must have at most ${scale} digits after the decimal point`);
  });
});

describe("x-not-sequential", () => {
  const text = new SpecValidator(loadBundledSpec("gateway")).validatorAt("/components/schemas/TextOnStatement");

  it("refuses rising and falling runs of consecutive characters, and only whole runs", () => {
    expect(["abcdef", "fedcba", "ABC", "789:;"].map((t) => text(t))).toEqual([false, false, false, false]);
    expect(["abcdeg", "Coffee Shop", "ab", "acegik"].map((t) => text(t))).toEqual([true, true, true, true]);
  });
});
