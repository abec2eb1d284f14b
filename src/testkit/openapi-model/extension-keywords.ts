/**
 * The spec's `x-` extensions that state a rule JSON Schema cannot, compiled as validating Ajv
 * keywords: every validator built from the bundle (the sandbox's requests, every conformance
 * check of an answer) then holds values to them. Every other `x-` extension is an annotation.
 */
import type { KeywordDefinition } from "ajv";
import { objectOf } from "../common/json-values";

/** Digits after the decimal point of a JSON number, as its shortest round-trip text shows them. */
export function decimalScale(value: number): number {
  const [mantissa = "", exponent = "0"] = String(Math.abs(value)).split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** Whether every character's code point is one above (or every one below) the one before it. */
export function isSequential(text: string, minimumLength: number): boolean {
  if (text.length < minimumLength) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < text.length; i++) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

interface DecimalSpec {
  precision: number;
  scale: number;
}

interface NotSequentialSpec {
  "minimum-length": number;
}

export const extensionKeywords: KeywordDefinition[] = [
  {
    // decimal(precision, scale): `exclusiveMaximum` bounds the digits before the point; this the digits after it.
    keyword: "x-decimal",
    type: "number",
    schemaType: "object",
    error: { message: (cxt) => `must have at most ${String(objectOf(cxt.schema).scale)} digits after the decimal point` },
    validate: (spec: DecimalSpec, value: number) => decimalScale(value) <= spec.scale,
  },
  {
    keyword: "x-not-sequential",
    type: "string",
    schemaType: "object",
    error: { message: "must not be a run of sequential characters (such as abcdef or 654321)" },
    validate: (spec: NotSequentialSpec, value: string) => !isSequential(value, spec["minimum-length"]),
  },
];

export const extensionKeywordNames: ReadonlySet<string> = new Set(extensionKeywords.flatMap((k) => k.keyword));
