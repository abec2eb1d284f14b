/**
 * Cross-answer invariants: facts that must agree between the answers of a run, checked against
 * the record of every exchange the suite's HTTP layer (./http.ts) has seen so far. Each answer is
 * compared, as it arrives, with what the earlier ones said (a later answer that contradicts an
 * earlier one fails the test that received it, so the failure names the contradicting exchange
 * and its reproduction); each check names the rule id it proves (contract-tests/rules/inventory.ts)
 * and counts its evaluations, so a scenario that declares a rule can require that the rule was
 * really evaluated during it (`unevaluated()`), never proving a rule by a check that did not run.
 *
 *   - links (`<api>:link:<Schema>.<rel>`): a link's path parameters name the same resources as
 *     the request's own address and the answer's own `self` (a capture's `authorization` is the
 *     authorization it was posted to; a person's `ch:application` the application whose people
 *     it was created in), embedded items included; an `id` is the one its own `self` names; a
 *     link followed leads to a resource whose `self` is that link;
 *   - read-back (`<api>:readback:<operationId>`): the first read of a resource after a write is
 *     exactly what the write answered (nested members included), when nothing else was written
 *     there in between; a read of a deleted resource is a 404;
 *   - time (`<api>:time:<where>`): the creation times of a target never go back from one answer
 *     to the next (the test clock only moves forward);
 *   - listings (`<api>:query:*`, `<api>:default:*` of a query parameter): a page holds what its
 *     query asked (`per_page`, `page`, their defaults when omitted, the size `count` leaves for
 *     that page, a one-modifier filter met by every item), and its `next`, `prev`, `first` and
 *     `last` links name the neighbouring pages with the same page size and filter.
 *
 * A target without behaviour (the Prism mock) answers every request with a static example that
 * names no real resource: nothing here is checked there (./http.ts asks only on a target with
 * behaviour).
 */
import { isDeepStrictEqual } from "node:util";
import { parseTemplate } from "url-template";
import { arrayOf, isJsonObject, objectOf, stringOf, type JsonObject as Json } from "../../src/testkit/common/json-values";
import { deref } from "../../src/testkit/openapi-model/document";
import { linksSchemaNames } from "./spec-walk";
import type { ApiSpec, ContractOperation } from "./spec";

export interface ObservedExchange {
  operation: ContractOperation | undefined;
  method: string;
  url: string;
  status: number;
  json: unknown;
  location: string | null;
  resolve: (href: string) => string;
  /** The JSON body the request sent, when it sent one. */
  sent?: unknown;
}

const PAGE_RELATIONS = ["next", "prev", "first", "last"] as const;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Evaluations per rule id, over the worker's run. */
const evaluated = new Map<string, number>();
/** The last write's answer per resource address (origin and path), until something else is written there. */
const written = new Map<string, { operationId: string; json: Json }>();
/** The last representation of each resource address the run saw (read or written). */
const seen = new Map<string, Json>();
/** Addresses deleted, with the operation that deleted them. */
const deleted = new Map<string, string>();
/** Link rule ids announced per address (origin and path): a read of the address proves them. */
const announced = new Map<string, Set<string>>();
/** The latest creation time seen per target origin and member (`processed_at`, `created_at`). */
const latestCreation = new Map<string, number>();
const BOUND = 4096;

function count(id: string): void {
  evaluated.set(id, (evaluated.get(id) ?? 0) + 1);
}

/** A snapshot of the evaluation counts, for `unevaluated()`. */
export function evaluations(): Map<string, number> {
  return new Map(evaluated);
}

/** Of `ids`, those no invariant evaluated since `before` (a scenario's declared rules must all be). */
export function unevaluated(before: Map<string, number>, ids: readonly string[]): string[] {
  return ids.filter((id) => (evaluated.get(id) ?? 0) <= (before.get(id) ?? 0));
}

/** The test clock moved: what a write answered may no longer be what a read shows (windows, expiry). */
export function forgetWrites(): void {
  written.clear();
}

const keyOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname.replace(/\/+$/, "");
};

function bounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > BOUND) map.delete(map.keys().next().value!);
}

// --- what the spec says -----------------------------------------------------------------------

/** The path templates of a spec and each of their prefixes, split into segments, most literal first. */
const templateCache = new WeakMap<ApiSpec, string[][]>();
function templates(spec: ApiSpec): string[][] {
  let found = templateCache.get(spec);
  if (!found) {
    const all = new Map<string, string[]>();
    for (const template of Object.keys(spec.doc.paths)) {
      const segments = template.split("/").filter(Boolean);
      for (let n = 1; n <= segments.length; n++) all.set(segments.slice(0, n).join("/"), segments.slice(0, n));
    }
    const literal = (t: string[]) => t.filter((s) => !s.startsWith("{")).length;
    found = [...all.values()].sort((a, b) => literal(b) - literal(a));
    templateCache.set(spec, found);
  }
  return found;
}

/** The path parameters an address names, read by the spec's path templates (or their prefixes). */
export function pathParameters(spec: ApiSpec, path: string): Record<string, string> | undefined {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  for (const template of templates(spec)) {
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    if (template.every((t, i) => (t.startsWith("{") ? ((params[t.slice(1, -1)] = segments[i]!), true) : t === segments[i]))) return params;
  }
  return undefined;
}

/** Names of the component schemas an operation's answer of this status can be made of (its $refs, transitively). */
const reachCache = new Map<string, Set<string>>();
function reachableSchemas(spec: ApiSpec, operation: ContractOperation, status: number): Set<string> {
  const cacheKey = `${spec.name}:${operation.operationId}:${status}`;
  let names = reachCache.get(cacheKey);
  if (names) return names;
  names = new Set();
  const documented = spec.documentedResponse(operation, status);
  const stack: unknown[] = (documented?.media ?? []).map((media) => media.schema?.schema);
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    const ref = isJsonObject(node) ? node.$ref : undefined;
    if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
      const name = ref.split("/").pop()!;
      if (names.has(name)) continue;
      names.add(name);
      stack.push(deref(spec.doc, node));
      continue;
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  reachCache.set(cacheKey, names);
  return names;
}

/** The inventory's ids of a relation in an answer of this operation (`<api>:<kind>:<Schema>.<rel>`, one per schema declaring it). */
function relationIds(spec: ApiSpec, operation: ContractOperation, status: number, rel: string, kind: "link" | "query"): string[] {
  return [...reachableSchemas(spec, operation, status)]
    .filter((name) => declaresRelation(spec, name, rel))
    .map((name) => `${spec.name}:${kind}:${name}.${rel}`);
}

const relationCache = new Map<string, boolean>();
function declaresRelation(spec: ApiSpec, schemaName: string, rel: string): boolean {
  const key = `${spec.name}:${schemaName}:${rel}`;
  let found = relationCache.get(key);
  if (found === undefined) {
    const schema = spec.doc.components?.schemas?.[schemaName];
    // A schema a `_links` member refers to declares its relations as its own properties.
    found = linksSchemaNames(spec.doc).has(schemaName) && declares(schema, rel);
    const stack: unknown[] = [schema];
    while (stack.length > 0 && !found) {
      const node = stack.pop();
      if (node === null || typeof node !== "object") continue;
      const links = propertyOf(node, "_links");
      if (isJsonObject(links)) {
        const branches = [links, ...(["allOf", "oneOf", "anyOf"] as const).flatMap((k) => arrayOf(links[k]))];
        if (branches.some((branch) => isJsonObject(branch) && declares(branch, rel))) found = true;
      }
      for (const [k, child] of Object.entries(node)) if (k !== "$ref") stack.push(child);
    }
    relationCache.set(key, found);
  }
  return found;
}

/** The schema a schema object declares for a property (undefined when it declares none). */
function propertyOf(schema: unknown, name: string): unknown {
  return objectOf(objectOf(schema).properties)[name];
}

/** Whether a schema object declares the property and allows it (`false` is "must be absent"). */
function declares(schema: unknown, name: string): boolean {
  const property = propertyOf(schema, name);
  return property !== undefined && property !== false;
}

/** A relation's value in a representation's `_links` (one link or a list). */
function linkIn(representation: unknown, rel: string): unknown {
  return objectOf(objectOf(representation)._links)[rel];
}

/** The query parameters an operation takes, by name, with the inventory's id and the spec's default. */
function queryParameters(
  spec: ApiSpec,
  operation: ContractOperation,
): Map<string, { id: string; defaultId?: string; default?: unknown; modifiers?: string[] }> {
  const found = new Map<string, { id: string; defaultId?: string; default?: unknown; modifiers?: string[] }>();
  for (const parameter of operation.parameters) {
    const { component } = parameter;
    if (parameter.in !== "query") continue;
    const schema = parameter.schema.resolved();
    const modifiers = parameter.extensions["x-query-modifiers"];
    found.set(parameter.name, {
      id: component ? `${spec.name}:query:${component}` : `${spec.name}:query:${operation.operationId}.${parameter.name}`,
      ...("default" in schema
        ? {
            default: schema.default,
            defaultId: `${spec.name}:default:${component ? `parameter.${component}` : `${operation.operationId}.parameters`}`,
          }
        : {}),
      ...(Array.isArray(modifiers) ? { modifiers: modifiers.map(String) } : {}),
    });
  }
  return found;
}

// --- the checks -------------------------------------------------------------------------------

/** A link's address, a template expanded with no variables (what a client sends when it sets none). */
const hrefOf = (link: unknown): string | undefined => {
  const first = Array.isArray(link) ? link[0] : link;
  const href = objectOf(first).href;
  if (typeof href !== "string") return undefined;
  return href.includes("{") ? parseTemplate(href).expand({}) : href;
};

/** A link's path parameters agree with what the request's address and the resource's own `self` name. */
function linkProblems(
  spec: ApiSpec,
  operation: ContractOperation,
  exchange: ObservedExchange,
  item: Json,
  known: Record<string, string>,
  where: string,
  problems: string[],
): void {
  const links = objectOf(item._links);
  const origin = new URL(exchange.url).origin;
  const selfHref = hrefOf(links.self);
  const own: Record<string, string> = { ...known };
  if (selfHref) {
    const self = new URL(exchange.resolve(selfHref));
    const params = self.origin === origin ? pathParameters(spec, self.pathname) : undefined;
    if (params) {
      const values = Object.values(params);
      if (typeof item.id === "string" && values.length > 0) {
        for (const id of relationIds(spec, operation, exchange.status, "self", "link")) count(id);
        if (values.at(-1) !== item.id) problems.push(`${where}: id ${item.id} is not the one its own self link names (${self.pathname})`);
      }
      Object.assign(own, params);
    }
  }
  for (const [rel, link, href] of Object.entries(links).flatMap(([r, l]) =>
    (Array.isArray(l) ? l : [l]).map((one) => [r, one, hrefOf(one)] as const),
  )) {
    if (rel === "curies" || PAGE_RELATIONS.some((page) => page === rel)) continue;
    if (!href || !link) continue;
    let url: URL;
    try {
      url = new URL(exchange.resolve(href));
    } catch {
      continue;
    }
    const ids = relationIds(spec, operation, exchange.status, rel, "link");
    if (url.origin === origin)
      for (const id of ids) bounded(announced, keyOf(url.toString()), new Set([...(announced.get(keyOf(url.toString())) ?? []), id]));
    if (rel === "self" || url.origin !== origin) continue;
    const params = pathParameters(spec, url.pathname) ?? {};
    const shared = Object.keys(params).filter((name) => own[name] !== undefined);
    if (shared.length > 0) for (const id of ids) count(id);
    // Without a self link, the answer's own id is what a parameter the request does not name stands for (a gateway transaction's follow-up addresses).
    if (!selfHref && typeof item.id === "string") {
      const unnamed = Object.keys(params).filter((name) => own[name] === undefined);
      if (unnamed.length > 0) for (const id of ids) count(id);
      for (const name of unnamed)
        if (params[name] !== item.id)
          problems.push(`${where}: its ${rel} link names ${name} ${params[name]}, but the answer's id is ${item.id} (${url.pathname})`);
    }
    for (const name of shared) {
      if (params[name] !== own[name])
        problems.push(
          `${where}: its ${rel} link names ${name} ${params[name]}, but the answer is about ${name} ${own[name]} (${url.pathname})`,
        );
    }
  }
}

function embeddedItems(json: Json): Json[] {
  return Object.values(objectOf(json._embedded))
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(isJsonObject);
}

/** Differences between two representations, by path (at most a few). */
function differences(before: unknown, after: unknown, path: string, out: string[], limit = 5): void {
  if (out.length >= limit || isDeepStrictEqual(before, after)) return;
  if (
    before &&
    after &&
    typeof before === "object" &&
    typeof after === "object" &&
    Array.isArray(before) === Array.isArray(after) &&
    (!Array.isArray(before) || (Array.isArray(after) && before.length === after.length))
  ) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      differences(Reflect.get(before, key), Reflect.get(after, key), `${path}.${key}`, out, limit);
    return;
  }
  out.push(
    `${path}: ${before === undefined ? "absent" : JSON.stringify(before)?.slice(0, 60)} after the write, ${after === undefined ? "absent" : JSON.stringify(after)?.slice(0, 60)} when read`,
  );
}

/**
 * A representation with the query of every link to another host cut off: a pre-signed address
 * (the storage host's upload link) is signed afresh, with a new expiry, on every answer.
 */
function presigned(value: unknown, url: string): unknown {
  const origin = new URL(url).origin;
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => {
    if (key !== "href" || typeof v !== "string") return v;
    try {
      const parsed = new URL(v, origin);
      return parsed.origin === origin ? v : parsed.origin + parsed.pathname;
    } catch {
      return v;
    }
  });
}

/** The paths of a JSON body's leaves (`.business_model.physical_delivery`). */
function leafPaths(value: unknown, path = ""): string[] {
  if (!isJsonObject(value)) return [path];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, `${path}.${key}`));
}

/** A PATCH changes what it names and nothing else: its answer differs from the last representation seen only there (links aside). */
function patchProblems(
  spec: ApiSpec,
  operation: ContractOperation,
  exchange: ObservedExchange,
  before: Json | undefined,
  problems: string[],
): void {
  if (!before || !exchange.sent || typeof exchange.sent !== "object") return;
  const named = leafPaths(exchange.sent);
  const found: string[] = [];
  differences(presigned(before, exchange.url), presigned(exchange.json, exchange.url), "", found, 200);
  count(`${spec.name}:readback:${operation.operationId}`);
  const unnamed = found.filter((line) => {
    const path = line.slice(0, line.indexOf(":"));
    return !path.startsWith("._links") && !named.some((n) => path.startsWith(n) || n.startsWith(path + "."));
  });
  if (unnamed.length > 0)
    problems.push(
      `[${spec.name}:readback:${operation.operationId}] ${operation.operationId} changed what it did not name: ${unnamed.slice(0, 3).join("; ")}`,
    );
}

function readBackProblems(spec: ApiSpec, operation: ContractOperation | undefined, exchange: ObservedExchange, problems: string[]): void {
  const key = keyOf(exchange.url);
  const json = isJsonObject(exchange.json) ? exchange.json : undefined;
  const method = exchange.method;
  if (!READS.has(method)) {
    if (exchange.status < 200 || exchange.status >= 300) return;
    // Whatever lies under the written address (or, for another host's write, anywhere) may have changed.
    const origin = new URL(exchange.url).origin;
    const apiWrite = operation && !operation.external;
    for (const k of [...written.keys()])
      if (!apiWrite || (k.startsWith(origin) && (key.startsWith(k + "/") || k.startsWith(key + "/") || k === key))) written.delete(k);
    if (method === "DELETE" && operation) bounded(deleted, key, operation.operationId);
    else deleted.delete(key);
    const self = hrefOf(linkIn(json, "self"));
    const target = self
      ? keyOf(exchange.resolve(self))
      : operation && spec.isCreation(operation, exchange.status) && exchange.location
        ? keyOf(exchange.resolve(exchange.location))
        : method === "PATCH" || method === "PUT"
          ? key
          : undefined;
    if (operation && json && typeof json === "object" && target && (spec.isCreation(operation, exchange.status) || method === "PATCH")) {
      if (method === "PATCH") patchProblems(spec, operation, exchange, seen.get(target), problems);
      bounded(seen, target, json);
      written.delete(target);
      bounded(written, target, { operationId: operation.operationId, json: structuredClone(json) });
    }
    return;
  }
  if (method !== "GET" || !operation) return;
  const gone = deleted.get(key);
  if (gone) {
    count(`${spec.name}:readback:${gone}`);
    deleted.delete(key);
    if (exchange.status !== 404)
      problems.push(`[${spec.name}:readback:${gone}] a read of what ${gone} deleted answers ${exchange.status}, not 404`);
    return;
  }
  const write = written.get(key);
  if (exchange.status === 200 && json && typeof json === "object") bounded(seen, key, json);
  if (!write || exchange.status !== 200 || !json || typeof json !== "object") return;
  written.delete(key);
  count(`${spec.name}:readback:${write.operationId}`);
  const found: string[] = [];
  differences(presigned(write.json, exchange.url), presigned(json, exchange.url), "", found);
  if (found.length > 0)
    problems.push(
      `[${spec.name}:readback:${write.operationId}] the resource read after ${write.operationId} is not what ${write.operationId} answered: ${found.join("; ")}`,
    );
}

const CREATION_TIMES = ["processed_at", "created_at"];

/** Creation times never go back: the target's clock (the test clock too) only moves forward. */
function timeProblems(spec: ApiSpec, operation: ContractOperation, exchange: ObservedExchange, problems: string[]): void {
  const json = exchange.json;
  if (exchange.status !== 201 || !isJsonObject(json)) return;
  const origin = new URL(exchange.url).origin;
  for (const [member, value] of [
    ...CREATION_TIMES.map((m) => [m, json[m]] as const),
    ...CREATION_TIMES.map((m) => [`metadata.${m}`, objectOf(json.metadata)[m]] as const),
  ]) {
    if (typeof value !== "string") continue;
    const at = Date.parse(value);
    if (Number.isNaN(at)) continue;
    const ids = timeRuleIds(spec, operation, exchange.status, member.split(".").pop()!);
    ids.forEach(count);
    const key = `${origin} ${member}`;
    const latest = latestCreation.get(key);
    if (latest !== undefined && at < latest)
      problems.push(
        `[${ids.join(", ")}] ${member} ${value} of ${operation.operationId} is earlier than a creation time the target answered before (${new Date(latest).toISOString()}): its clock went back`,
      );
    bounded(latestCreation, key, Math.max(at, latest ?? at));
  }
}

/** The inventory's time ids of a member of an answer: `<api>:time:<Schema>.<member>`, or the schema its value is a `$ref` to. */
function timeRuleIds(spec: ApiSpec, operation: ContractOperation, status: number, member: string): string[] {
  const schemas = objectOf(spec.doc.components?.schemas);
  const ids = new Set<string>();
  for (const name of reachableSchemas(spec, operation, status)) {
    const property = propertyOf(schemas[name], member);
    if (!property) continue;
    const ref = stringOf(objectOf(property).$ref);
    ids.add(ref ? `${spec.name}:time:${ref.split("/").pop()}` : `${spec.name}:time:${name}.${member}`);
  }
  return [...ids];
}

/** Whether a member of that name, in any schema an item of the listing can be made of, admits the value as one of its own (its enum, its examples, its pattern). */
function enumLists(spec: ApiSpec, operation: ContractOperation, member: string, value: string): boolean {
  const schemas = objectOf(spec.doc.components?.schemas);
  return [...reachableSchemas(spec, operation, 200)].some((name) => {
    const property = propertyOf(schemas[name], member);
    if (property === undefined) return false;
    const resolved = deref(spec.doc, property);
    const only = arrayOf(resolved.allOf);
    const schema = only.length === 1 ? deref(spec.doc, only[0]) : resolved;
    return (
      [...arrayOf(schema.enum), ...arrayOf(schema.examples)].includes(value) ||
      (typeof schema.pattern === "string" && new RegExp(schema.pattern, "u").test(value))
    );
  });
}

/** A page holds what its query asked, and its page links name the neighbouring pages. */
function listingProblems(spec: ApiSpec, operation: ContractOperation, exchange: ObservedExchange, problems: string[]): void {
  const json = exchange.json;
  if (exchange.method !== "GET" || exchange.status !== 200 || !isJsonObject(json) || typeof json.per_page !== "number") return;
  const parameters = queryParameters(spec, operation);
  if (parameters.size === 0) return;
  const url = new URL(exchange.url);
  const items = embeddedItems(json);
  const asked = (name: string): number | undefined => {
    const parameter = parameters.get(name);
    if (!parameter) return undefined;
    const raw = url.searchParams.get(name);
    if (raw !== null) {
      count(parameter.id);
      return Number(raw);
    }
    if (typeof parameter.default !== "number") return undefined;
    count(parameter.id);
    if (parameter.defaultId) count(parameter.defaultId);
    return parameter.default;
  };
  // Other parameters sent (a cursor): the answer is held to its size and links like any page.
  for (const [name, parameter] of parameters)
    if (!["per_page", "page", "query"].includes(name) && url.searchParams.has(name)) count(parameter.id);
  const perPage = asked("per_page");
  const page = asked("page");
  const label = `${url.pathname}${url.search}`;
  if (perPage !== undefined && json.per_page !== perPage)
    problems.push(
      `[${parameters.get("per_page")!.id}] ${label}: per_page ${json.per_page} answered for a per_page of ${perPage}${url.searchParams.has("per_page") ? "" : " (the default)"}`,
    );
  if (items.length > json.per_page)
    problems.push(`[${parameters.get("per_page")?.id ?? spec.name}] ${label}: ${items.length} items on a page of ${json.per_page}`);
  if (page !== undefined && json.page !== undefined && json.page !== page)
    problems.push(
      `[${parameters.get("page")!.id}] ${label}: page ${JSON.stringify(json.page)} answered for page ${page}${url.searchParams.has("page") ? "" : " (the default)"}`,
    );
  if (typeof json.count === "number" && typeof json.page === "number") {
    const expected = Math.max(0, Math.min(json.per_page, json.count - (json.page - 1) * json.per_page));
    if (items.length !== expected)
      problems.push(
        `[${parameters.get("page")?.id ?? parameters.get("per_page")!.id}] ${label}: ${items.length} items on page ${json.page} of ${json.per_page}, where count ${json.count} leaves ${expected}`,
      );
  }
  // A one-modifier filter: every item's member of that name has the value asked.
  const query = url.searchParams.get("query");
  const filter = parameters.get("query");
  const [, name, value] = (query ? /^(\w+):([\w-]+)$/.exec(query.trim()) : null) ?? [];
  if (filter && name !== undefined && value !== undefined && filter.modifiers?.includes(name)) {
    // Only where the member's schema lists the modifier's value: `status:approved` of a transaction filters on its status code.
    const memberOf = (item: Json) => (typeof item[name] === "string" ? item[name] : objectOf(item.metadata)[name]);
    const withMember = enumLists(spec, operation, name, value) ? items.filter((item) => typeof memberOf(item) === "string") : [];
    if (withMember.length > 0) count(filter.id);
    for (const item of withMember) {
      const actual = memberOf(item);
      if (actual !== value)
        problems.push(`[${filter.id}] ${label}: an item with ${name} ${String(actual)} is listed for the filter ${query}`);
    }
  }
  // The page links: the same size and filter, the neighbouring page numbers.
  const last = typeof json.count === "number" ? Math.max(1, Math.ceil(json.count / json.per_page)) : undefined;
  for (const rel of PAGE_RELATIONS) {
    const href = hrefOf(linkIn(json, rel));
    if (!href) continue;
    const ids = relationIds(spec, operation, exchange.status, rel, "query");
    ids.forEach(count);
    const tag = `[${ids.join(", ") || `${spec.name}:query`}] ${label}: its ${rel} link`;
    const linked = new URL(exchange.resolve(href));
    if (linked.pathname.replace(/\/+$/, "") !== url.pathname.replace(/\/+$/, ""))
      problems.push(`${tag} leads to another collection (${linked.pathname})`);
    const size = linked.searchParams.get("per_page");
    if (size !== null && Number(size) !== json.per_page) problems.push(`${tag} asks per_page ${size}, this page has ${json.per_page}`);
    if (query !== null && linked.searchParams.get("query") !== query) problems.push(`${tag} drops or changes the filter ${query}`);
    if (typeof json.page !== "number") continue;
    const pageOf = Number(linked.searchParams.get("page") ?? 1);
    const want = rel === "next" ? json.page + 1 : rel === "prev" ? json.page - 1 : rel === "first" ? 1 : last;
    if (want !== undefined && pageOf !== want) problems.push(`${tag} names page ${pageOf}, not page ${want}`);
  }
}

/** Every way an answer contradicts the run's record (empty when it agrees), after which it joins the record. */
export function invariantProblems(spec: ApiSpec, operation: ContractOperation | undefined, exchange: ObservedExchange): string[] {
  const problems: string[] = [];
  let requestParams: Record<string, string>;
  try {
    requestParams = pathParameters(spec, new URL(exchange.url).pathname) ?? {};
  } catch {
    return problems;
  }
  const json = exchange.json;
  if (operation && !operation.external && isJsonObject(json) && exchange.status >= 200 && exchange.status < 300) {
    const linkFound: string[] = [];
    linkProblems(spec, operation, exchange, json, exchange.method === "POST" ? requestParams : requestParams, "the answer", linkFound);
    // An embedded item is about itself: of the request's address, only what names its owner applies.
    for (const item of embeddedItems(json)) linkProblems(spec, operation, exchange, item, requestParams, "an embedded item", linkFound);
    problems.push(...linkFound.map((p) => `[${spec.name}:link] ${p}`));
    // A link followed leads to an operation of the spec that answers there, and a read to the resource that is its address.
    const ids = announced.get(keyOf(exchange.url));
    if (ids) {
      const key = keyOf(exchange.url);
      const self = hrefOf(linkIn(json, "self"));
      ids.forEach(count);
      if (exchange.method === "GET" && self) {
        if (keyOf(exchange.resolve(self)) !== key)
          problems.push(
            `[${[...ids].join(", ")}] a link to ${new URL(exchange.url).pathname} leads to a resource whose self is ${new URL(exchange.resolve(self)).pathname}`,
          );
      }
    }
    timeProblems(spec, operation, exchange, problems);
    listingProblems(spec, operation, exchange, problems);
  } else if (operation && exchange.status >= 200 && exchange.status < 300) {
    // An answer without a body (a stamp's 204) still shows that the announced address leads to an operation that answers there.
    announced.get(keyOf(exchange.url))?.forEach(count);
  }
  readBackProblems(spec, operation, exchange, problems);
  return problems;
}
