import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats";
import { generatedDir, type OpenApiDocument } from "./document";
import { extensionKeywordNames, extensionKeywords } from "./extension-keywords";
import { describeValidationErrors, violationLines } from "./validation-errors";

const SPEC_ID = "openapi.json";

/** Keywords OpenAPI 3.1 adds to JSON Schema 2020-12 (annotations only). */
const OPENAPI_KEYWORDS = ["discriminator", "xml", "externalDocs", "example"];
/** The document's own top-level fields: the bundle is registered whole so that `#/components/...` refs resolve. */
const DOCUMENT_FIELDS = ["openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags"];

/** Formats OpenAPI defines beyond JSON Schema's own; ajv-formats knows the rest. */
const OPENAPI_FORMATS: Record<string, (value: unknown) => boolean> = {
  int32: (v) => typeof v === "number" && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31,
  int64: (v) => Number.isInteger(v),
  float: (v) => typeof v === "number",
  double: (v) => typeof v === "number",
  byte: (v) => typeof v === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length % 4 === 0,
  binary: () => true,
  password: () => true,
};

type FormatCompare = (a: string, b: string) => number | undefined;

/**
 * Formats whose value repeats from one response to the next (`processed_at` is the same text for
 * a whole second): their check remembers its last answer. The checks are pure functions of the
 * text, so the answer is the same; one entry, so nothing grows.
 */
const REPEATED_FORMATS = ["date-time", "date", "time"] as const;

function lastValueRemembered(format: { validate: (value: string) => boolean; compare: FormatCompare }): {
  validate: (value: string) => boolean;
  compare: FormatCompare;
} {
  let last: string | undefined;
  let lastValid = false;
  const validate = (value: string): boolean => {
    if (value !== last) {
      lastValid = format.validate(value);
      last = value;
    }
    return lastValid;
  };
  return { validate, compare: format.compare };
}

function collectExtensionKeywords(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => collectExtensionKeywords(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      collectExtensionKeywords(value, found);
    }
  }
  return found;
}

/** Ajv as every validator of the specs' schemas has it: strict, every error, the specs' formats. */
function specAjv(options: { verbose?: boolean } = {}): Ajv2020 {
  // strictRequired stays off: `not: {required: [a, b]}` ("not both") names properties declared elsewhere.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, strictTuples: false, ...options });
  addFormats(ajv);
  for (const name of REPEATED_FORMATS)
    ajv.addFormat(name, lastValueRemembered(fullFormats[name] as { validate: (value: string) => boolean; compare: FormatCompare }));
  for (const [name, validate] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, { validate });
  return ajv;
}

/**
 * The validator of one of the sandbox's file formats, from its bundle
 * (generated/sandbox-control/<format>.schema.json, made by `npm run generate` from
 * openapi/sandbox-control/formats/). Verbose: an error carries its schema, so a message can name
 * the keys a misspelt one was meant to be.
 */
export function formatValidator<T>(format: "config-file" | "fixture"): ValidateFunction<T> {
  const schema: unknown = JSON.parse(readFileSync(join(generatedDir, "sandbox-control", `${format}.schema.json`), "utf8"));
  return specAjv({ verbose: true }).compile<T>(schema as object);
}

/**
 * Validators for any schema of one bundled OpenAPI document, addressed by JSON Pointer.
 * Strict mode stays on, so a misspelt keyword in the spec (`minLenght`) fails loudly instead of
 * silently validating nothing; the spec's own `x-` extensions are registered as annotations.
 */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument) {
    this.ajv = specAjv();
    // The extensions that state value rules validate; every other `x-` keyword is an annotation.
    for (const keyword of extensionKeywords) this.ajv.addKeyword(keyword);
    const annotations = [...collectExtensionKeywords(doc, new Set())].filter((name) => !extensionKeywordNames.has(name));
    this.ajv.addVocabulary([...OPENAPI_KEYWORDS, ...DOCUMENT_FIELDS, ...annotations]);
    // Not checked against the JSON Schema meta-schema: the document is not a schema, and its
    // schemas sit under `paths` and `components`, which the meta-schema does not look into; the
    // check cost two thirds of building a validator (in every test worker) and proved nothing.
    // Strict mode still refuses an unknown keyword when a schema is compiled.
    this.ajv.addSchema(doc, SPEC_ID, undefined, false);
  }

  /** The compiled validator of the schema at `pointer` (for example `/components/schemas/Card`). */
  validatorAt(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** Validates `value` against the schema at `pointer`; returns the errors (empty when valid). */
  validate(pointer: string, value: unknown): ErrorObject[] {
    const validate = this.validatorAt(pointer);
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** Where `value` breaks the schema at `pointer`, one line per rule ("" when valid): for messages and assertions. */
  describe(pointer: string, value: unknown): string {
    return violationLines(describeValidationErrors(this.doc, this.validate(pointer, value))).join("\n");
  }
}
