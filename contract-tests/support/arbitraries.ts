/**
 * fast-check arbitraries drawn from the spec's schemas, for the subset of JSON Schema 2020-12
 * the two specs use: `$ref`, `allOf` (merged), `oneOf`/`anyOf` (one branch, merged into its
 * parent, so `{card: true, applepay: false}` picks the card method and leaves the others out),
 * `const`, `enum`, `type` with `pattern`, `minLength`/`maxLength`, `format` (uuid, date,
 * date-time, email, uri, ipv4/ipv6), `minimum`/`maximum`, `required`/`properties`, `items`
 * with bounds, and boolean schemas. What generation cannot aim at (`not`, `if`/`then`,
 * `dependentSchemas`, `dependentRequired`) is enforced afterwards by Ajv: every value an
 * arbitrary of `validAgainst` yields validates against the full schema.
 *
 * The other half of fuzzing is `breakOneRule`: take a valid value and break exactly one rule
 * of one parameter (a pattern, a bound, an enum, a type, a required member), so the answer
 * must be a 4xx that names that parameter.
 */
import fc from "fast-check";
import {
  isJsonObject,
  isJsonSchema,
  numberOf,
  objectOf,
  schemaMapOf,
  schemasOf,
  stringsOf,
  type JsonObject as Node,
} from "../../src/testkit/common/json-values";
import { deref, type OpenApiDocument } from "../../src/testkit/openapi-model/document";
import type { SpecValidator } from "../../src/testkit/openapi-model/ajv";
import type { Schema } from "./spec";

const MAX_DEPTH = 8;

/** Resolves `$ref` and folds `allOf` into one node (properties merged, `required` united). */
export function flatten(doc: OpenApiDocument, schema: Schema, depth = 0): Node | boolean {
  if (typeof schema === "boolean") return schema;
  const node = deref<Node>(doc, schema);
  const { allOf, ...rest } = node;
  let out: Node = { ...rest };
  for (const branch of schemasOf(allOf)) {
    if (depth > MAX_DEPTH) break;
    const flat = flatten(doc, branch, depth + 1);
    if (typeof flat === "boolean") continue;
    out = merge(flat, out);
  }
  return out;
}

/** `over` wins for scalar keywords; properties are merged (a `true` property keeps the other's schema); required united. */
function merge(base: Node, over: Node): Node {
  const out: Node = { ...base, ...over };
  const properties = schemaMapOf(base.properties);
  for (const [name, schema] of Object.entries(schemaMapOf(over.properties))) {
    // Both sides apply: `true` adds nothing, `false` (must be absent) wins.
    if ((schema === true && name in properties) || properties[name] === false) continue;
    properties[name] = schema;
  }
  if (base.properties || over.properties) out.properties = properties;
  const patterns = [...new Set([...patternsOf(base), ...patternsOf(over)])];
  if (patterns.length) out["x-patterns"] = patterns;
  const required = [...new Set([...stringsOf(base.required), ...stringsOf(over.required)])];
  if (required.length) out.required = required;
  if (base.oneOf && over.oneOf) out.allOf = [{ oneOf: base.oneOf }, { oneOf: over.oneOf }];
  return out;
}

/** Every pattern a (merged) node must match: two patterns cannot be folded into one regex. */
function patternsOf(node: Node): string[] {
  return [...stringsOf(node["x-patterns"]), ...(typeof node.pattern === "string" ? [node.pattern] : [])];
}

function typeOf(node: Node): string | undefined {
  if (typeof node.type === "string") return node.type;
  if (Array.isArray(node.type)) return String(node.type[0]);
  if (node.properties || node.required) return "object";
  if (node.items) return "array";
  if (node.pattern || node.format || node.minLength !== undefined) return "string";
  if (node.minimum !== undefined || node.maximum !== undefined) return "number";
  return undefined;
}

function stringArbitrary(node: Node): fc.Arbitrary<string> {
  const min = numberOf(node.minLength) ?? 0;
  const max = numberOf(node.maxLength) ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= min && s.length <= max;
  switch (node.format) {
    case "uuid":
      return fc.uuid({ version: 4 });
    case "date":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "email":
      return fc.emailAddress().filter(fits);
    case "uri":
      return fc.webUrl().filter(fits);
    case "ipv4":
      return fc.ipV4();
    case "ipv6":
      return fc.ipV6();
  }
  const patterns = patternsOf(node);
  if (patterns.length) {
    // Generate from the pattern anchored at both ends (it fixes the shape), check the others.
    const [lead] = [...patterns].sort((a, b) => Number(b.endsWith("$")) - Number(a.endsWith("$")) || b.length - a.length);
    const others = patterns.filter((p) => p !== lead).map((p) => new RegExp(p));
    return fc.stringMatching(new RegExp(lead!)).filter((s) => fits(s) && others.every((r) => r.test(s)));
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 24), unit: "grapheme-ascii" });
}

/** An arbitrary for a schema (not yet checked against `not`, `if`/`then`, dependencies: see validAgainst). */
export function schemaArbitrary(doc: OpenApiDocument, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema === false) return fc.constant(undefined);
  if (schema === true || depth > MAX_DEPTH) return fc.constant("x");
  const node = flatten(doc, schema);
  if (typeof node === "boolean") return schemaArbitrary(doc, node, depth + 1);
  const choice = schemasOf(node.oneOf ?? node.anyOf);
  if (choice.length) {
    const { oneOf: _o, anyOf: _a, ...parent } = node;
    return fc.oneof(
      ...choice.map((branch) => {
        const flat = flatten(doc, branch);
        return schemaArbitrary(doc, typeof flat === "boolean" ? flat : merge(parent, flat), depth + 1);
      }),
    );
  }
  if (node.const !== undefined) return fc.constant(node.const);
  if (Array.isArray(node.enum)) {
    const values: unknown[] = node.enum;
    return fc.constantFrom(...values);
  }
  switch (typeOf(node)) {
    case "string":
      return stringArbitrary(node);
    case "integer":
      return fc.integer({ min: numberOf(node.minimum) ?? -1000, max: numberOf(node.maximum) ?? 1_000_000 });
    case "number":
      return fc
        .integer({
          min: Math.ceil((numberOf(node.minimum) ?? 0) * 100),
          max: Math.floor((numberOf(node.maximum) ?? 1_000_000) * 100),
        })
        .map((n) => n / 100);
    case "boolean":
      return fc.boolean();
    case "array": {
      const minLength = numberOf(node.minItems) ?? 0;
      const maxLength = Math.min(numberOf(node.maxItems) ?? 3, minLength + 3);
      return fc.array(schemaArbitrary(doc, isJsonSchema(node.items) ? node.items : true, depth + 1), { minLength, maxLength });
    }
    case "object": {
      const properties = schemaMapOf(node.properties);
      const required = new Set(stringsOf(node.required));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (property === false || name.startsWith("_")) continue;
        record[name] = schemaArbitrary(doc, property, depth + 1);
      }
      for (const name of required) if (!(name in record)) record[name] = fc.constant("x");
      return fc.record(record, { requiredKeys: [...required].filter((n) => n in record) });
    }
    default:
      return fc.constant("x");
  }
}

/** Values of the schema at `pointer` that Ajv accepts (generation aims at the schema; Ajv has the last word). */
export function validAgainst(doc: OpenApiDocument, validator: SpecValidator, pointer: string, schema: Schema): fc.Arbitrary<unknown> {
  const validate = validator.validatorAt(pointer);
  return schemaArbitrary(doc, schema).filter((value) => validate(value) === true);
}

// ------------------------------------------------------------------------------------------------
// Breaking exactly one rule.

export interface BrokenValue {
  /** The value with one rule broken. */
  value: unknown;
  /** Path of the parameter whose rule is broken (`["card", "pan"]`). */
  path: string[];
  /** The rule, for the report (`pattern`, `maximum`, `enum`, `type`, `required`). */
  rule: string;
}

/** Every leaf (and object member) of a value, with its path. */
function members(
  value: unknown,
  path: string[] = [],
  found: Array<{ path: string[]; value: unknown }> = [],
): Array<{ path: string[]; value: unknown }> {
  if (isJsonObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      found.push({ path: [...path, key], value: child });
      members(child, [...path, key], found);
    }
  }
  return found;
}

function hasEmptyObject(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const children: unknown[] = Object.values(value);
  return children.length === 0 || children.some(hasEmptyObject);
}

function setAt(root: unknown, path: string[], value: unknown): unknown {
  // The path is one `members()` found in `root`: every step but the last is an object.
  const copy = structuredClone(root);
  let node = objectOf(copy);
  for (const key of path.slice(0, -1)) node = objectOf(node[key]);
  if (value === undefined) delete node[path[path.length - 1]!];
  else node[path[path.length - 1]!] = value;
  return copy;
}

/** Ways to break one member: replacement values that violate a single rule of a typical leaf. */
function breakers(value: unknown): Array<{ rule: string; replacement: unknown }> {
  const options: Array<{ rule: string; replacement: unknown }> = [{ rule: "required", replacement: undefined }];
  if (typeof value === "string") {
    options.push({ rule: "pattern/enum", replacement: `${value}\u0001` }, { rule: "type", replacement: { nested: value } });
    if (value.length > 0) options.push({ rule: "minLength/pattern", replacement: "" });
    options.push({ rule: "maxLength", replacement: value.padEnd(300, "Z") });
  } else if (typeof value === "number") {
    options.push(
      { rule: "maximum", replacement: 10 ** 12 },
      { rule: "minimum", replacement: -1 },
      { rule: "type", replacement: "not-a-number" },
    );
  } else if (typeof value === "boolean") {
    options.push({ rule: "type", replacement: "not-a-boolean" });
  } else if (Array.isArray(value)) {
    options.push({ rule: "type", replacement: "not-an-array" });
  }
  return options;
}

/**
 * Breaks one rule of one member of a valid value. Only breaks that Ajv confirms, and whose
 * errors all concern that member (or its subtree), are kept: the answer must name it.
 */
export function breakOneRule(
  validator: SpecValidator,
  pointer: string,
  valid: unknown,
  pick: number,
  pickRule: number,
  form = false,
): BrokenValue | undefined {
  const validate = validator.validatorAt(pointer);
  const candidates = members(valid);
  if (candidates.length === 0) return undefined;
  for (let offset = 0; offset < candidates.length; offset++) {
    const member = candidates[(pick + offset) % candidates.length]!;
    const options = breakers(member.value);
    for (let r = 0; r < options.length; r++) {
      const { rule, replacement } = options[(pickRule + r) % options.length]!;
      const broken = setAt(valid, member.path, replacement);
      // A form body cannot carry an empty object: `card[3dsecure]` with no member is not sent at all.
      if (form && hasEmptyObject(broken)) continue;
      if (validate(broken)) continue;
      const errors = validate.errors ?? [];
      const located = errors
        .filter((e) => !["oneOf", "anyOf", "if", "not", "false schema"].includes(e.keyword) || e.instancePath !== "")
        .every((e) => {
          const at = e.instancePath
            .split("/")
            .slice(1)
            .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
          const missing = e.keyword === "required" ? [...at, String(objectOf(e.params).missingProperty)] : at;
          return (
            missing.length > 0 &&
            missing.every((segment, i) => i >= member.path.length || segment === member.path[i]) &&
            member.path.every((segment, i) => i >= missing.length || segment === missing[i])
          );
        });
      if (!located) continue;
      return { value: broken, path: member.path, rule };
    }
  }
  return undefined;
}
