/**
 * The rule inventory: every rule the two bundled specs state, each with a stable id, read from
 * the bundles (never restated here). A rule is
 *
 *   - a `**Rule:**` sentence in any description (an operation, a schema, a property, a parameter),
 *     id `<api>:rule:<where>` (`#2`, `#3` when one description states several);
 *   - a documented status code and its "when" (the response's description): one rule per shared
 *     response component (`<api>:status:<Component>`), or per operation and code for a response
 *     written in place (`<api>:status:<operationId>:<code>`);
 *   - each cause of a 401 its response lists (`x-causes`; `<api>:401:<Component>:<cause>`);
 *   - members a request sends and its success answer declares (`<api>:echo:<operationId>`: the
 *     answer carries what was sent; see support/echo.ts);
 *   - a rule the introduction (`info.description`) states and `info` carries as an extension
 *     (`<api>:guide:<name>`: `x-unknown-parameters` as `unknown-parameters-<what they are>`,
 *     `x-response-media-type` with a version parameter as `media-type-version`);
 *   - a header's description (`<api>:header:<Name>`);
 *   - facts that must agree across answers: each link relation a schema's `_links` declares
 *     (`<api>:link:<Schema>.<rel>`), but `curies` and the pages' relations (those are listings);
 *   - each documented default: a `default` keyword, or `x-default` where the default depends on
 *     other values (`<api>:default:<where>`);
 *   - each write (POST, PUT, PATCH, DELETE): what it did reads back (`<api>:readback:<operationId>`);
 *   - each time-valued field and header: a `format` of date, date-time, time or duration, an
 *     integer named `*_at` or `expires_in`, a header named for a reset, a retry or an expiry
 *     (`<api>:time:<where>`);
 *   - each query parameter (`<api>:query:<Parameter>` for a shared one, else
 *     `<api>:query:<operationId>.<name>`) and each pagination relation (`next`, `prev`, `first`,
 *     `last`) a collection declares (`<api>:query:<Schema>.<rel>`);
 *   - an `x-` extension that states behaviour (every one but the annotations below): one rule per
 *     place (`<api>:<x-name>:<where>`), per key for the object-valued chapters (`x-windows`,
 *     `x-test-environment`: `<api>:x-windows:<key>`), and one rule per API for the markers that
 *     repeat one rule on many places (`<api>:<x-name>`).
 *
 * Rules are found by the spec's structure (keywords, extensions, the `**Rule:**` markup), never
 * by the wording of prose.
 *
 * Scenarios declare the ids they prove (`rules` of `scenario()`, the test's meta); waivers
 * (./waivers.ts) excuse a rule with a reason; `npm run contract:rules` writes docs/contract-rules.md.
 */
import { arrayOf, isJsonObject, objectOf, stringOf } from "../../src/testkit/common/json-values";
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";
import { parseMediaType } from "../../src/testkit/openapi-model/media-types";
import type { OperationRecord } from "../../src/testkit/openapi-model/model-records";
import type { ApiModel } from "../../src/testkit/openapi-model/operation-model";
import { echoedMembers } from "../support/echo";
import { API_NAMES, apiSpec, type ApiName } from "../support/spec";
import { linksSchemaNames, walk } from "../support/spec-walk";

export type RuleKind =
  "rule" | "status" | "401" | "header" | "extension" | "echo" | "guide" | "link" | "default" | "readback" | "time" | "query";

/** The kinds that need more than one answer (or an omitted parameter, or the clock) to check, in the order docs/contract-rules.md lists them. */
export const CROSS_ANSWER_KINDS: readonly RuleKind[] = ["link", "default", "readback", "time", "query"];

export interface SpecRule {
  id: string;
  api: ApiName;
  kind: RuleKind;
  /** Where the spec states it (a JSON Pointer into the bundle). */
  at: string;
  /** The rule in the spec's words (cut short). */
  text: string;
}

/** Extensions that annotate the spec (provenance, display, grouping, who acts on a status code) rather than state behaviour. */
const ANNOTATIONS = new Set([
  "x-inferred",
  "x-departs-from-source",
  "x-internal",
  "x-tag",
  "x-tagGroups",
  "x-traitTag",
  "x-displayName",
  "x-display",
  "x-trait",
  "x-key",
  "x-category",
  // The transaction type an operation makes: the rule it serves is the status codes' x-returned-for.
  "x-transaction-type",
]);
/** Extensions read as rules of their own kind below (defaults, the causes of a 401, the introduction's rules). */
const READ_BY_KIND = new Set(["x-default", "x-causes", "x-unknown-parameters", "x-response-media-type"]);
/** Object-valued chapters whose keys are separate rules. */
const KEYED = new Set(["x-windows", "x-test-environment"]);
/** Markers that state one rule wherever they stand. */
const MARKERS = new Set([
  "x-commentable",
  "x-requires-signing",
  "x-link-relation",
  "x-returned-for",
  "x-query-modifiers",
  "x-environment",
  "x-www-form-urlencoded",
]);
/** Link relations of a collection's pages: listings against their query, not facts about other resources. */
const PAGE_RELATIONS = new Set(["next", "prev", "first", "last"]);
const TIME_FORMATS = new Set(["date", "date-time", "time", "duration"]);
const TIME_NAMES = /(_at|^expires_in)$/;
const TIME_HEADERS = /reset|retry|expire|date|modified/i;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A value of the spec as text: a string as it is, anything else as JSON. */
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

const squash = (text: string, max = 260) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

/** A readable, stable name for a place in the bundle. */
function placeName(doc: OpenApiDocument, path: string[]): string {
  if (path[0] === "paths" && path.length >= 3) {
    const operationId = stringOf(objectOf(objectOf(doc.paths[path[1]!])[path[2]!]).operationId);
    const rest = compact(path.slice(3));
    return `${operationId ?? `${path[2]} ${path[1]}`}${rest ? `.${rest}` : ""}`;
  }
  if (path[0] === "components" && path.length >= 3) {
    const prefix = path[1] === "schemas" ? "" : `${path[1]!.replace(/s$/, "")}.`;
    const rest = compact(path.slice(3));
    return `${prefix}${path[2]}${rest ? `.${rest}` : ""}`;
  }
  if (path[0] === "tags") return `tag.${(stringOf(objectOf(arrayOf(doc.tags)[Number(path[1])]).name) ?? path[1]!).replace(/\s+/g, "-")}`;
  return compact(path) || "root";
}

function compact(path: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (seg === "properties" && path[i + 1] !== undefined) out.push(path[++i]!);
    else if (seg === "items") out.push("[]");
    else if (["allOf", "oneOf", "anyOf"].includes(seg)) i++;
    else if (seg === "description" || seg === "schema") continue;
    else out.push(seg);
  }
  return out.join(".").replace(/\.\[\]/g, "[]");
}

/** A schema node (rather than a map of names, such as `properties`, that may hold a member named `default`). */
const isSchema = (value: Record<string, unknown>) =>
  ["type", "enum", "const", "$ref", "allOf", "oneOf", "anyOf"].some((keyword) => value[keyword] !== undefined);

const pointer = (path: string[]) => "#/" + path.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * Every rule one API's spec states, read from its model and bundle; `echoed` gives the members an
 * operation's request sends and its success answer declares (support/echo.ts for the suite).
 */
export function rulesOf(model: ApiModel, echoed: (operation: OperationRecord) => readonly string[]): SpecRule[] {
  const { api, document: doc } = model;
  if (api !== "gateway" && api !== "merchant") throw new Error(`the rule inventory covers the payment APIs, not ${api}`);
  const operations = [...model.router.operations.values(), ...model.externalRouter.operations.values()];
  const rules = new Map<string, SpecRule>();
  const add = (rule: SpecRule) => {
    const existing = rules.get(rule.id);
    if (existing) existing.text = existing.text.includes(rule.at) ? existing.text : existing.text;
    else rules.set(rule.id, rule);
  };

  walk(doc, [], (value, path) => {
    // **Rule:** sentences.
    if (typeof value.description === "string" && value.description.includes("**Rule:**")) {
      const parts = value.description.split("**Rule:**").slice(1);
      parts.forEach((part, i) => {
        const sentence = part.split(/\n\s*\n/)[0]!;
        add({
          id: `${api}:rule:${placeName(doc, path)}${i > 0 ? `#${i + 1}` : ""}`,
          api,
          kind: "rule",
          at: pointer([...path, "description"]),
          text: squash(sentence),
        });
      });
    }
    // Extensions that state behaviour.
    for (const [key, ext] of Object.entries(value)) {
      if (!key.startsWith("x-") || ANNOTATIONS.has(key) || READ_BY_KIND.has(key)) continue;
      const at = pointer([...path, key]);
      if (KEYED.has(key) && ext && typeof ext === "object" && !Array.isArray(ext)) {
        for (const [name, fact] of Object.entries(ext))
          add({
            id: `${api}:${key}:${name}`,
            api,
            kind: "extension",
            at: `${at}/${name}`,
            text: squash(`${name}: ${JSON.stringify(fact)}`),
          });
      } else if (MARKERS.has(key)) {
        add({
          id: `${api}:${key}`,
          api,
          kind: "extension",
          at,
          text: squash(`${key} on ${placeName(doc, path)} and every other place it stands`),
        });
      } else {
        add({ id: `${api}:${key}:${placeName(doc, path)}`, api, kind: "extension", at, text: squash(`${key}: ${JSON.stringify(ext)}`) });
      }
    }
  });

  // Link relations (facts across answers) and pagination relations (listings), per schema: those a
  // `_links` member declares in place, and those of a schema that a `_links` member refers to.
  const linkSchemas = linksSchemaNames(doc);
  const addRelation = (name: string, rel: string, schema: unknown, path: string[]) => {
    // A relation declared `false` is one an answer must not carry (a removed one): the schema holds that.
    if (rel === "curies" || schema === false) return;
    const kind: RuleKind = PAGE_RELATIONS.has(rel) ? "query" : "link";
    add({
      id: `${api}:${kind}:${name}.${rel}`,
      api,
      kind,
      at: pointer(path),
      text: squash(
        kind === "link"
          ? `the \`${rel}\` link of a ${name} names the resource it stands for, as the other answers of the run show it`
          : `the \`${rel}\` page of a ${name} is the page its query and position name`,
      ),
    });
  };
  for (const name of linkSchemas) {
    const schema = objectOf(doc.components?.schemas?.[name]);
    for (const [rel, property] of Object.entries(objectOf(schema.properties)))
      addRelation(name, rel, property, ["components", "schemas", name, "properties", rel]);
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    walk(schema, ["components", "schemas", name], (value, path) => {
      // The `_links` member itself, or a branch of its allOf/oneOf/anyOf.
      const at = path.lastIndexOf("_links");
      const branches = path.slice(at + 1);
      if (
        at < 1 ||
        path[at - 1] !== "properties" ||
        branches.some((seg, i) => (i % 2 === 0 ? !["allOf", "oneOf", "anyOf"].includes(seg) : !/^\d+$/.test(seg)))
      )
        return;
      if (!isJsonObject(value.properties)) return;
      for (const [rel, schema] of Object.entries(value.properties)) addRelation(name, rel, schema, [...path, "properties", rel]);
    });
  }

  // Defaults and time-valued fields, wherever a schema, parameter or description states them.
  walk(doc, [], (value, path) => {
    if (path[0] === "info") return;
    const where = placeName(doc, path);
    if ("default" in value && path.at(-1) !== "responses" && (isSchema(value) || path.includes("variables"))) {
      add({
        id: `${api}:default:${where}`,
        api,
        kind: "default",
        at: pointer([...path, "default"]),
        text: squash(
          `an omitted ${where} is ${JSON.stringify(value.default)}${typeof value.description === "string" ? `: ${value.description}` : ""}`,
        ),
      });
    } else if (value["x-default"] !== undefined) {
      add({
        id: `${api}:default:${where}`,
        api,
        kind: "default",
        at: pointer([...path, "x-default"]),
        text: squash(
          `an omitted ${where} is ${asText(value["x-default"])}${typeof value.description === "string" ? `: ${value.description}` : ""}`,
        ),
      });
    }
    const propertyName = path.at(-2) === "properties" ? path.at(-1)! : undefined;
    if (
      (typeof value.format === "string" && TIME_FORMATS.has(value.format)) ||
      (propertyName && TIME_NAMES.test(propertyName) && value.type === "integer")
    ) {
      add({
        id: `${api}:time:${where}`,
        api,
        kind: "time",
        at: pointer(path),
        text: squash(
          `${where} is a time (${asText(value.format ?? "seconds")}): of its stated form and consistent with the clock${typeof value.description === "string" ? `. ${value.description}` : ""}`,
        ),
      });
    }
  });
  for (const [name, header] of Object.entries(objectOf(doc.components?.headers))) {
    if (TIME_HEADERS.test(name))
      add({
        id: `${api}:time:header.${name}`,
        api,
        kind: "time",
        at: `#/components/headers/${name}`,
        text: squash(`${name} is a time: honoured at both ends. ${stringOf(objectOf(header).description) ?? ""}`),
      });
  }

  // Writes and query parameters, per operation.
  for (const operation of operations) {
    if (WRITES.has(operation.method))
      add({
        id: `${api}:readback:${operation.operationId}`,
        api,
        kind: "readback",
        at: pointer([...operation.at]),
        text: squash(
          `after ${operation.operationId} (${operation.method} ${operation.template}), a read shows exactly what it changed, and nothing else`,
        ),
      });
    for (const parameter of operation.parameters) {
      if (parameter.in !== "query") continue;
      const { component } = parameter;
      add({
        id: component ? `${api}:query:${component}` : `${api}:query:${operation.operationId}.${parameter.name}`,
        api,
        kind: "query",
        at: component ? `#/components/parameters/${component}` : pointer([...operation.at, "parameters"]),
        text: squash(`every listing answers its \`${parameter.name}\` as asked: ${parameter.description ?? ""}`),
      });
    }
  }

  // Documented statuses and their "when"; the causes of each 401 (`x-causes`).
  for (const operation of operations) {
    for (const { key: code, component, description = "", causes } of operation.responses.values()) {
      const at = component ? `#/components/responses/${component}` : pointer([...operation.at, "responses", code]);
      add({
        id: component ? `${api}:status:${component}` : `${api}:status:${operation.operationId}:${code}`,
        api,
        kind: "status",
        at,
        text: squash(`${component ? "" : `${code} `}${description}`),
      });
      if (code !== "401") continue;
      for (const cause of causes)
        add({
          id: `${api}:401:${component ?? operation.operationId}:${cause}`,
          api,
          kind: "401",
          at: `${at}/x-causes`,
          text: squash(`401 when ${cause}: ${description}`),
        });
    }
  }

  // Members a request sends and its success answer declares: the answer carries what was sent.
  for (const operation of operations) {
    const members = echoed(operation);
    if (members.length > 0)
      add({
        id: `${api}:echo:${operation.operationId}`,
        api,
        kind: "echo",
        at: pointer([...operation.at]),
        text: squash(`the answer to ${operation.operationId} carries the ${members.join(", ")} sent`),
      });
  }

  // Rules of the introduction, as `info` states them for tools.
  const info = objectOf(doc.info);
  const unknownParameters = stringOf(info["x-unknown-parameters"]);
  if (unknownParameters)
    add({
      id: `${api}:guide:unknown-parameters-${unknownParameters}`,
      api,
      kind: "guide",
      at: "#/info/x-unknown-parameters",
      text: squash(`Unknown request parameters are ${unknownParameters}.`),
    });
  const responseMediaType = stringOf(info["x-response-media-type"]);
  if (responseMediaType && parseMediaType(responseMediaType)?.parameters.version !== undefined)
    add({
      id: `${api}:guide:media-type-version`,
      api,
      kind: "guide",
      at: "#/info/x-response-media-type",
      text: squash(`Every response has the media type \`${responseMediaType}\`, its version parameter included.`),
    });

  // Header descriptions.
  for (const [name, header] of Object.entries(objectOf(doc.components?.headers))) {
    const text = squash(stringOf(objectOf(header).description) ?? name);
    add({ id: `${api}:header:${name}`, api, kind: "header", at: `#/components/headers/${name}`, text });
  }
  return [...rules.values()].sort((a, b) => a.id.localeCompare(b.id));
}

let cached: SpecRule[] | undefined;

/** Every rule of both specs, sorted by id. */
export function ruleInventory(): SpecRule[] {
  cached ??= API_NAMES.flatMap((api) => rulesOf(apiSpec(api).model, (operation) => echoedMembers(apiSpec(api), operation)));
  return cached;
}

/** A pattern of ids or names (`*` matches any run of characters) as a regular expression of the whole. */
export function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

/** The ids of the inventory matching a pattern (`*` matches any run of characters). */
export function ruleIds(pattern: string): string[] {
  const re = wildcard(pattern);
  return ruleInventory()
    .filter((r) => re.test(r.id))
    .map((r) => r.id);
}

/**
 * The ids matching a pattern that no waiver (./waivers.ts) names: what a scenario checking every
 * rule of a kind claims, and must then see evaluated (support/invariants.ts `unevaluated()`).
 */
export function claimableIds(pattern: string, waived: ReadonlyArray<{ rules: string }>): string[] {
  const matches = (p: string, id: string) => wildcard(p).test(id);
  return ruleIds(pattern).filter((id) => !waived.some((w) => matches(w.rules, id)));
}
