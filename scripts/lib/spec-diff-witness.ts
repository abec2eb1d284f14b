/**
 * Decides a schema change by meaning: searches for a value that one side accepts and the other
 * refuses, a **witness**. For what a client sends (request bodies, parameters, request headers)
 * the change breaks when a value valid under the old schema is refused by the new one; for what
 * it receives (response bodies and headers), when a value valid under the new schema is refused
 * by the old one. Candidates are drawn from the schemas (contract-tests' fast-check arbitraries)
 * and built at the changed keywords: each bound and its neighbours, each enum member and const,
 * each pattern's examples, each branch of a combinator or conditional, each dependency, every
 * JSON type. Each is validated with the project's Ajv settings (SpecValidator). A witness found
 * is shrunk (members dropped, arrays cut while it stays one) and shown as the body a client
 * would send or receive. The search is bounded and seeded: the same specs give the same answer.
 */
import fc from "fast-check";
import type { ValidateFunction } from "ajv/dist/2020";
import { schemaArbitrary } from "../../contract-tests/support/arbitraries";
import { SpecValidator } from "../../src/testkit/openapi-model/ajv";
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";
import { maskPans } from "../../src/toolkit/clients/common/redact";
import { encodeForm } from "../../src/toolkit/clients/gateway/form-body";

type Node = Record<string, unknown>;
const isObject = (value: unknown): value is Node => value !== null && typeof value === "object" && !Array.isArray(value);

/** Candidates tried per changed schema, and validations spent on shrinking one witness. */
export const witnessBudget = { candidates: 600, samples: 24, shrinkSteps: 300, seed: 20261128 };

/** Which way a place is read: what a client sends, or what it receives. */
export type Direction = "request" | "response";

export interface Witness {
  /** The value, shrunk. */
  value: unknown;
  /** As a client sends or receives it: the JSON or form body, or `name=value` for a parameter or header. */
  shown: string;
  /** Which side accepts it and which refuses it, in words: "valid before, refused after". */
  verdict: string;
  /** The refusing side's first complaint, from Ajv. */
  refusal: string;
}

/** One schema in one document, addressed by a pointer that Ajv can follow (no `$ref` on the way). */
export interface SchemaAt {
  doc: Node;
  /** "/components/schemas/Card" or "/paths/~1orders/post/requestBody/content/application~1json/schema". */
  pointer: string;
}

export interface WitnessQuery {
  direction: Direction;
  base: SchemaAt;
  revision: SchemaAt;
  /** Where inside the value the change is: schema keywords below the top schema (properties/card/properties/pan). */
  focus: readonly string[];
  /** How the value travels: a media type, or a parameter or header by name. */
  carrier: { mediaType: string } | { parameter: string; in: string };
  /** The spec's examples of the whole value (media type or parameter), on either side: skeletons that are valid as a whole. */
  examples?: readonly unknown[];
}

const validators = new WeakMap<Node, SpecValidator>();
function validatorOf(doc: Node): SpecValidator {
  let validator = validators.get(doc);
  if (validator === undefined) {
    validator = new SpecValidator(doc as OpenApiDocument);
    validators.set(doc, validator);
  }
  return validator;
}

const decode = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");
const encode = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The pointer of the node that `segments` reach, following every `$ref` on the way, so that Ajv
 * (which resolves a pointer literally) finds it; undefined when the node does not exist.
 */
export function concretePointer(doc: Node, segments: readonly string[]): string | undefined {
  let node: unknown = doc;
  let pointer: string[] = [];
  const follow = () => {
    for (let depth = 0; isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") && depth < 20; depth++) {
      pointer = node.$ref.slice(2).split("/").map(decode);
      node = pointer.reduce<unknown>((at, part) => (isObject(at) ? at[part] : Array.isArray(at) ? at[Number(part)] : undefined), doc);
    }
  };
  for (const segment of segments) {
    follow();
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
    if (node === undefined) return undefined;
    pointer = [...pointer, segment];
  }
  follow();
  return `/${pointer.map(encode).join("/")}`;
}

const nodeAt = (doc: Node, pointer: string): unknown =>
  pointer
    .slice(1)
    .split("/")
    .map(decode)
    .reduce<unknown>((at, part) => (isObject(at) ? at[part] : Array.isArray(at) ? at[Number(part)] : undefined), doc);

// --- where in the value the change is -----------------------------------------------------------

type Step = { key: string } | { index: number };

/**
 * The instance path that schema keywords below the top schema describe: `properties/card` is the
 * member `card`, `items` an element, `oneOf/1` or `then` the same value. Undefined where no single
 * member is meant (patternProperties, propertyNames): the search then varies the whole value.
 */
function instancePath(focus: readonly string[]): Step[] | undefined {
  const path: Step[] = [];
  for (let i = 0; i < focus.length; i++) {
    const keyword = focus[i]!;
    if (keyword === "properties" || keyword === "dependentSchemas") {
      if (keyword === "properties") path.push({ key: focus[i + 1] ?? "" });
      i++;
    } else if (keyword === "items" || keyword === "contains" || keyword === "unevaluatedItems") path.push({ index: 0 });
    else if (keyword === "prefixItems") path.push({ index: Number(focus[++i]) });
    else if (keyword === "additionalProperties" || keyword === "unevaluatedProperties") path.push({ key: "unlisted_member" });
    else if (["allOf", "anyOf", "oneOf"].includes(keyword)) i++;
    else if (["if", "then", "else", "not"].includes(keyword)) continue;
    else if (keyword === "patternProperties" || keyword === "propertyNames") return path;
    else return path;
  }
  return path;
}

const getAt = (value: unknown, path: readonly Step[]): unknown =>
  path.reduce<unknown>(
    (at, step) => ("key" in step ? (isObject(at) ? at[step.key] : undefined) : Array.isArray(at) ? at[step.index] : undefined),
    value,
  );

/** A copy of `root` with `leaf` at `path` (undefined removes it), objects and arrays made on the way. */
function setAt(root: unknown, path: readonly Step[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [step, ...rest] = path as [Step, ...Step[]];
  if ("key" in step) {
    const copy: Node = isObject(root) ? { ...root } : {};
    const child = setAt(copy[step.key], rest, leaf);
    if (child === undefined) delete copy[step.key];
    else copy[step.key] = child;
    return copy;
  }
  const copy = Array.isArray(root) ? [...(root as unknown[])] : [];
  while (copy.length <= step.index) copy.push(copy[0] ?? null);
  copy[step.index] = setAt(copy[step.index], rest, leaf);
  return copy;
}

// --- candidates ------------------------------------------------------------------------------------

const boundKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const lengthKeywords = ["minLength", "maxLength"];
const itemKeywords = ["minItems", "maxItems", "minContains", "maxContains"];
const propertyCountKeywords = ["minProperties", "maxProperties"];
const branchKeywords = ["allOf", "anyOf", "oneOf"];
const everyType: unknown[] = ["x", "", 0, 1, -1, 1.5, true, false, null, [], {}];

const numbersAround = (value: number) => [value - 1, value - 0.5, value, value + 0.5, value + 1];
const sizesAround = (value: number) => [value - 1, value, value + 1].filter((size) => size >= 0 && size <= 10_000);

/** A string of `length` made of the characters of `like` (so a character class still matches). */
const stringOfLength = (like: string, length: number) =>
  (like === "" ? "a" : like).repeat(Math.ceil(length / Math.max(1, like.length)) + 1).slice(0, length);

function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  try {
    return fc.sample(arbitrary, { numRuns: count, seed });
  } catch {
    return [];
  }
}

/** Values of a schema node drawn by the contract tests' generator; none when it cannot draw them. */
function drawn(doc: Node, node: unknown, count: number, seed: number): unknown[] {
  if (node === undefined) return [];
  try {
    return sample(schemaArbitrary(doc as OpenApiDocument, node as Node), count, seed);
  } catch {
    return [];
  }
}

/**
 * Values for the changed spot, aimed at the keywords of the schema there on both sides: each
 * bound and its neighbours, each enum member and const, examples of each pattern and format,
 * each branch, each dependency, and a value of every JSON type. `like` is the value a drawn
 * skeleton holds there, so a length or an item count keeps its characters or its items.
 */
function aimedValues(doc: Node, node: unknown, like: unknown, seed: number): unknown[] {
  const schema = isObject(node) && typeof node.$ref === "string" ? nodeAt(doc, node.$ref.slice(1)) : node;
  if (!isObject(schema)) return [];
  const values: unknown[] = [];
  const text = typeof like === "string" ? like : "a";
  const items: unknown[] = Array.isArray(like) && like.length > 0 ? (like as unknown[]) : [like ?? "x"];
  const members = isObject(like) ? like : {};
  for (const keyword of boundKeywords) {
    const bound = schema[keyword];
    if (typeof bound === "number") values.push(...numbersAround(bound), ...numbersAround(bound).map((n) => n * 2));
  }
  for (const keyword of lengthKeywords) {
    const bound = schema[keyword];
    if (typeof bound === "number") values.push(...sizesAround(bound).map((size) => stringOfLength(text, size)));
  }
  for (const keyword of itemKeywords) {
    const bound = schema[keyword];
    if (typeof bound === "number")
      values.push(...sizesAround(bound).map((size) => Array.from({ length: size }, (_, i) => items[i % items.length])));
  }
  for (const keyword of propertyCountKeywords) {
    const bound = schema[keyword];
    if (typeof bound !== "number") continue;
    for (const size of sizesAround(bound)) {
      const keys = Object.keys(members);
      const object: Node = Object.fromEntries(keys.slice(0, size).map((key) => [key, members[key]]));
      for (let i = keys.length; i < size; i++) object[`member_${i}`] = "x";
      values.push(object);
    }
  }
  if (Array.isArray(schema.enum)) values.push(...(schema.enum as unknown[]));
  if ("const" in schema) values.push(schema.const);
  if ("default" in schema) values.push(schema.default);
  if (typeof schema.pattern === "string") {
    try {
      values.push(...sample(fc.stringMatching(new RegExp(schema.pattern, "u")), 8, seed));
    } catch {
      // A pattern JavaScript cannot read: Ajv would have refused the spec already.
    }
  }
  if (schema.uniqueItems === true) values.push([items[0], items[0]]);
  if (isObject(like)) {
    // Each member left out (required, dependencies), and a member no schema lists.
    for (const key of Object.keys(like)) values.push(Object.fromEntries(Object.entries(like).filter(([name]) => name !== key)));
    values.push({ ...like, unlisted_member: "x" });
  }
  // One level down: an element of every type (items, prefixItems, contains), a member of every
  // type under each name either side lists or a pattern admits (properties, patternProperties).
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("array") || ["items", "prefixItems", "contains"].some((keyword) => keyword in schema))
    values.push(
      ...everyType.map((element) => [element]),
      ...everyType.map((element) => [...items.filter((item) => item !== undefined), element]),
    );
  const names = [
    ...Object.keys(isObject(schema.properties) ? schema.properties : {}),
    ...Object.keys(isObject(schema.patternProperties) ? schema.patternProperties : {}).flatMap((pattern) => {
      try {
        return sample(fc.stringMatching(new RegExp(pattern, "u"), { size: "xsmall" }), 2, seed);
      } catch {
        return [];
      }
    }),
  ];
  for (const name of names) values.push(...everyType.map((member) => ({ ...members, [name]: member })));
  const dependencies = isObject(schema.dependentRequired) ? schema.dependentRequired : {};
  for (const [key, needed] of Object.entries(dependencies)) {
    const withKey = { ...members, [key]: members[key] ?? "x" };
    values.push(withKey, ...(Array.isArray(needed) ? needed : []).map((name) => ({ ...withKey, [String(name)]: undefined })));
  }
  // Each branch of each combinator and conditional, and each dependent schema, drawn on its own.
  const branches = [
    ...branchKeywords.flatMap((keyword) => (Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : [])),
    ...["if", "then", "else", "not"].map((keyword) => schema[keyword]).filter((branch) => branch !== undefined),
    ...Object.values(isObject(schema.dependentSchemas) ? schema.dependentSchemas : {}),
  ];
  for (const branch of branches) {
    const drawnBranch = drawn(doc, branch, 4, seed);
    values.push(...drawnBranch, ...drawnBranch.filter(isObject).map((value) => ({ ...members, ...value })));
  }
  values.push(...drawn(doc, schema, 6, seed), ...everyType);
  return values;
}

// --- the search --------------------------------------------------------------------------------

/** A validator for one schema, or undefined when Ajv cannot compile it (the witness search is then skipped). */
function compiled(at: SchemaAt): ValidateFunction | undefined {
  try {
    return validatorOf(at.doc).validatorAt(at.pointer);
  } catch {
    return undefined;
  }
}

/** Drops members and cuts arrays while the value stays a witness: the smallest example to show. */
function shrink(value: unknown, isWitness: (candidate: unknown) => boolean, budget: { steps: number }): unknown {
  let current = value;
  let progress = true;
  while (progress && budget.steps > 0) {
    progress = false;
    for (const variant of smaller(current)) {
      if (budget.steps-- <= 0) break;
      if (isWitness(variant)) {
        current = variant;
        progress = true;
        break;
      }
    }
  }
  return current;
}

/** One-step smaller versions of a value: a member dropped, an array cut, a nested value made smaller. */
function* smaller(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    const list = value as unknown[];
    if (list.length > 1) yield list.slice(0, 1);
    if (list.length > 0) yield list.slice(0, -1);
    for (let i = 0; i < list.length; i++) for (const item of smaller(list[i])) yield list.map((old, j) => (j === i ? item : old));
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) yield Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
    for (const [key, member] of Object.entries(value)) for (const item of smaller(member)) yield { ...value, [key]: item };
  } else if (typeof value === "string" && value.length > 1) {
    yield value.slice(0, Math.ceil(value.length / 2));
  }
}

/** The value as a client sends or receives it, card-like digit runs masked. */
function show(value: unknown, carrier: WitnessQuery["carrier"]): string {
  let text: string;
  if ("parameter" in carrier) text = `${carrier.in} ${carrier.parameter}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  else if (/x-www-form-urlencoded/.test(carrier.mediaType)) text = encodeForm(value);
  else text = JSON.stringify(value) ?? "(nothing)";
  return maskPans(text);
}

/**
 * Searches for a value that the accepting side (the old schema of a request, the new one of a
 * response) takes and the other refuses. Undefined when none of the bounded candidates is one,
 * which does not prove that none exists.
 */
export function findWitness(query: WitnessQuery): Witness | undefined {
  const [accepting, refusing] = query.direction === "request" ? [query.base, query.revision] : [query.revision, query.base];
  const accepts = compiled(accepting);
  const refuses = compiled(refusing);
  if (accepts === undefined || refuses === undefined) return undefined;
  const isWitness = (candidate: unknown) => candidate !== undefined && accepts(candidate) === true && refuses(candidate) !== true;
  const path = instancePath(query.focus);
  // A member the accepting side does not declare (a request field added, a response field
  // removed) is one no client sends or reads by that spec: nothing to search for there. Its
  // addition or removal is the rules' to judge (a new optional field is compatible).
  const declared = concretePointer(accepting.doc, [...accepting.pointer.slice(1).split("/").map(decode), ...query.focus]);
  if (declared === undefined) return undefined;
  // A witness refused at the changed spot (or below it) shows this change, not another one in the same body.
  const focusPointer = path === undefined ? undefined : path.map((step) => `/${"key" in step ? encode(step.key) : step.index}`).join("");
  const isFocused = (candidate: unknown) =>
    isWitness(candidate) &&
    (focusPointer === undefined ||
      (refuses.errors ?? []).some((error) => {
        const at =
          error.keyword === "required"
            ? `${error.instancePath}/${String((error.params as { missingProperty?: unknown }).missingProperty)}`
            : error.instancePath;
        return at.startsWith(focusPointer) || focusPointer.startsWith(at === "" ? "/" : `${at}/`) || at === focusPointer;
      }));

  const { candidates: maxCandidates, samples, seed } = witnessBudget;
  const skeletons = [
    ...(query.examples ?? []),
    ...drawn(accepting.doc, nodeAt(accepting.doc, accepting.pointer), samples, seed),
    ...drawn(refusing.doc, nodeAt(refusing.doc, refusing.pointer), samples, seed),
  ];
  const valid = skeletons.filter((skeleton) => accepts(skeleton) === true);
  const candidates = function* (): Generator<unknown> {
    if (path !== undefined) {
      const focusNodes = [accepting, refusing].map((side) => {
        const pointer = concretePointer(side.doc, [...side.pointer.slice(1).split("/").map(decode), ...query.focus]);
        return { doc: side.doc, node: pointer === undefined ? undefined : nodeAt(side.doc, pointer) };
      });
      for (const skeleton of valid.length > 0 ? valid.slice(0, 6) : [undefined]) {
        const like = getAt(skeleton, path);
        for (const { doc, node } of focusNodes)
          for (const leaf of [undefined, ...aimedValues(doc, node, like, seed)]) yield setAt(skeleton, path, leaf);
      }
    }
    yield* valid;
  };
  // Only a witness refused at the changed spot (or above it) shows this change: a value refused
  // elsewhere shows another change of the same body, and is that change's row, not this one's.
  let found: unknown;
  let tried = 0;
  for (const candidate of candidates()) {
    if (tried++ >= maxCandidates) break;
    if (isFocused(candidate)) {
      found = candidate;
      break;
    }
  }
  if (found === undefined) return undefined;

  const value = shrink(found, isFocused, { steps: witnessBudget.shrinkSteps });
  refuses(value);
  const error = refuses.errors?.[0];
  const refusal = error === undefined ? "refused" : `${error.instancePath || "(the value)"} ${error.message ?? error.keyword}`;
  return {
    value,
    shown: show(value, query.carrier),
    verdict: query.direction === "request" ? "valid before, refused now" : "sent now, refused by the old schema",
    refusal: maskPans(refusal),
  };
}
