/**
 * The determination inventory: every place of every documented answer (./answer-places.ts) is
 * either determined, with the id of the rule that determines it, or free (the provider's choice),
 * with a one-line reason. Read from the bundle where its structure says it:
 *
 *   - a member whose schema allows one value (`const`, an `enum` of one): the schema determines
 *     it (`<api>:schema:<home>`);
 *   - a member a request sends and its success answer declares (`<api>:echo:<operationId>`),
 *     nested members of what was sent included;
 *   - a link of a relation the spec declares (`<api>:link:<Schema>.<rel>`, a page relation
 *     `<api>:query:<Schema>.<rel>`), its `href` and `templated` with it;
 *   - a header the spec describes as a component (`<api>:header:<Name>`), the answer's
 *     `Content-Type` (the documented media type of its status: `<api>:status:...`, the gateway's
 *     version parameter `gateway:guide:media-type-version`);
 *   - an identifier (`id`, a `format: uuid`) and a time (a date or time `format`, a `*_at`): free,
 *     their exact value the provider's (the time rules bound a time, not its value);
 *
 * and completed by hand where only prose says it (./determined-by-prose.ts). A place neither
 * determined nor free fails the inventory check (`npm run contract:rules -- --check`); a
 * determination that rests only on an `x-inferred` choice is reported as a warning, so that a
 * real provider that chose differently where the source is silent is told, not failed.
 */
import { isJsonObject } from "../../src/testkit/common/json-values";
import { deref } from "../../src/testkit/openapi-model/document";
import { propertySchemas, type Schema } from "../../src/testkit/openapi-model/schema-walk";
import { ruleInventory, wildcard } from "../rules/inventory";
import { apiSpec, API_NAMES, type ApiName, type ApiSpec, type ContractOperation } from "../support/spec";
import { echoedMembers } from "../support/echo";
import { answerPlaces, type AnswerPlace } from "./answer-places";
import { statusRuleOf } from "./common/status-rule";
import { byProse, type ProseEntry } from "./determined-by-prose";

export type Determination =
  { determined: true; rule: string; source: "structure" | "prose" } | { determined: false; reason: string; source: "structure" | "prose" };

export interface ClassifiedPlace extends AnswerPlace {
  /** Undefined: neither determined nor free (the check fails). */
  determination: Determination | undefined;
}

const TIME_FORMATS = new Set(["date", "date-time", "time", "duration"]);

const statusRule = (spec: ApiSpec, place: AnswerPlace) => statusRuleOf(spec, place.operationId, place.status);

/** The header component of a header's name (`RateLimit-Remaining` is `RateLimitRemaining`), by its letters. */
function headerRule(spec: ApiSpec, name: string, known: Set<string>): string | undefined {
  const letters = (s: string) => s.replace(/[^a-z0-9]/gi, "").toLowerCase();
  const component = Object.keys(spec.doc.components?.headers ?? {}).find((key) => letters(key) === letters(name));
  const id = component && `${spec.name}:header:${component}`;
  return id && known.has(id) ? id : undefined;
}

/** The relation a place under `_links` belongs to, and the rest of its path (`href`, `templated`, `name`). */
function relationOf(path: string): { rel: string; rest: string } | undefined {
  const at = path.lastIndexOf("_links.");
  if (at < 0) return undefined;
  const [rel, ...rest] = path.slice(at + "_links.".length).split(".");
  return { rel: rel!.replace(/\[\]$/, ""), rest: rest.join(".") };
}

/** Whether the operation's request schema declares a member at this path (array items as `[]`): what is sent there comes back. */
function requestDeclares(spec: ApiSpec, operation: ContractOperation, path: string): boolean {
  let schema: Schema | undefined = operation.requestBody?.media[0]?.schema?.schema;
  for (const segment of path.split(".")) {
    if (schema === undefined) return false;
    const [name, ...items] = segment.split("[]");
    schema = propertySchemas(spec.doc, schema).get(name!);
    for (let i = 1; i < items.length && schema !== undefined; i++) {
      const resolved: Record<string, unknown> = deref(spec.doc, schema);
      schema = isJsonObject(resolved.items) ? resolved.items : undefined;
    }
  }
  return schema !== undefined;
}

/** What the bundle's structure says of a place, if anything. */
function byStructure(spec: ApiSpec, place: AnswerPlace, known: Set<string>): Determination | undefined {
  const { schema } = place;
  const api = spec.name;
  if (place.in === "header") {
    if (place.path === "Content-Type") {
      const media = spec.operation(place.operationId).responses.get(place.status)?.media ?? [];
      if (api === "gateway" && known.has("gateway:guide:media-type-version"))
        return { determined: true, rule: "gateway:guide:media-type-version", source: "structure" };
      if (media.length === 1 && !media[0]!.mediaType.includes("*"))
        return { determined: true, rule: statusRule(spec, place), source: "structure" };
      return undefined;
    }
    const rule = headerRule(spec, place.path, known);
    if (rule) return { determined: true, rule, source: "structure" };
    if (schema.const !== undefined) return { determined: true, rule: statusRule(spec, place), source: "structure" };
    return undefined;
  }
  if (schema.const !== undefined || (Array.isArray(schema.enum) && schema.enum.length === 1))
    return { determined: true, rule: `${api}:schema:${place.home}`, source: "structure" };
  const relation = relationOf(place.path);
  if (relation && relation.rel !== "curies" && (relation.rest === "" || relation.rest === "href" || relation.rest === "templated")) {
    for (const name of [...place.through].reverse())
      for (const kind of ["link", "query"])
        if (known.has(`${api}:${kind}:${name}.${relation.rel}`))
          return { determined: true, rule: `${api}:${kind}:${name}.${relation.rel}`, source: "structure" };
  }
  if (place.status.startsWith("2") && !place.path.includes("_links")) {
    const top = place.path.split(/[.[{]/)[0]!;
    const operation = spec.operation(place.operationId);
    if (
      echoedMembers(spec, operation).includes(top) &&
      requestDeclares(spec, operation, place.path) &&
      known.has(`${api}:echo:${operation.operationId}`)
    )
      return { determined: true, rule: `${api}:echo:${operation.operationId}`, source: "structure" };
  }
  const member = place.path.split(".").pop()!;
  if (member === "id" || schema.format === "uuid")
    return {
      determined: false,
      reason: "an identifier: its value is the provider's choice (the link rules hold it to the addresses that name it)",
      source: "structure",
    };
  if ((typeof schema.format === "string" && TIME_FORMATS.has(schema.format)) || /_at$/.test(member))
    return {
      determined: false,
      reason: "a time: its exact value is the provider's clock (the time rules hold it to the clock and to the other answers)",
      source: "structure",
    };
  return undefined;
}

/** Whether a hand-written entry names a place: its home matches (`*` any run), and its statuses (`2XX`, `4XX`, a code) if given. */
function matches(entry: ProseEntry, place: AnswerPlace): boolean {
  const re = wildcard(entry.home);
  if (!re.test(place.home)) return false;
  if (entry.operations !== undefined && !entry.operations.includes(place.operationId)) return false;
  if (entry.status === undefined) return true;
  const status = place.status.toUpperCase();
  return entry.status.some((s) => s === status || (/^\dXX$/.test(s) && status.startsWith(s[0]!)));
}

function byHand(spec: ApiSpec, place: AnswerPlace, table: ProseTable): Determination | undefined {
  const entry = table[spec.name].find((e) => matches(e, place));
  if (!entry) return undefined;
  if ("free" in entry) return { determined: false, reason: entry.free, source: "prose" };
  const rule =
    entry.rule === "{status}"
      ? statusRule(spec, place)
      : entry.rule === "{echo}" || entry.rule === "{readback}"
        ? `${spec.name}:${entry.rule.slice(1, -1)}:${place.operationId}`
        : entry.rule;
  return { determined: true, rule, source: "prose" };
}

/**
 * A container (an object or array member whose members the inventory lists one by one): whether
 * it is there is the schema's (`required`), what it holds is its members'.
 */
function container(spec: ApiSpec, place: AnswerPlace): Determination | undefined {
  const { schema } = place;
  const holds =
    schema.properties !== undefined ||
    schema.items !== undefined ||
    schema.allOf !== undefined ||
    schema.additionalProperties !== undefined;
  return place.in === "body" && holds ? { determined: true, rule: `${spec.name}:schema:${place.home}`, source: "structure" } : undefined;
}

/** The hand-written entries of both APIs (./determined-by-prose.ts, or a test's). */
export type ProseTable = Record<ApiName, readonly ProseEntry[]>;

/** Every place of one API's answers (or those given), classified: by the bundle's structure, else by hand, else as a container of inventoried members. */
export function classify(
  spec: ApiSpec,
  table: ProseTable = byProse,
  known: Set<string> = knownIds(),
  places: AnswerPlace[] = answerPlaces(spec),
): ClassifiedPlace[] {
  return places.map((place) => ({
    ...place,
    determination: byStructure(spec, place, known) ?? byHand(spec, place, table) ?? container(spec, place),
  }));
}

const knownIds = () => new Set(ruleInventory().map((r) => r.id));

export interface DeterminationReport {
  api: ApiName;
  places: ClassifiedPlace[];
  /** Neither determined nor free, or determined by a rule id that exists nowhere: each a failure. */
  failures: string[];
  /** Determinations resting only on an `x-inferred` choice. */
  warnings: string[];
  /** Hand-written entries that name no place the structure leaves open (stale). */
  stale: ProseEntry[];
}

/** The inventory of one API and what is wrong with it. */
export function determinationReportOf(spec: ApiSpec, table: ProseTable = byProse, known: Set<string> = knownIds()): DeterminationReport {
  const api = spec.name;
  const places = classify(spec, table, known);
  const homes = new Set(places.map((p) => p.home));
  const failures: string[] = [];
  const warnings: string[] = [];
  for (const place of places) {
    const d = place.determination;
    if (d === undefined)
      failures.push(
        `${api}: ${place.key} (home ${place.home}) is neither determined nor free: name it in contract-tests/model/determined-by-prose.ts`,
      );
    else if (
      d.determined &&
      !known.has(d.rule) &&
      !(d.rule.startsWith(`${api}:schema:`) && homes.has(d.rule.slice(`${api}:schema:`.length)))
    )
      failures.push(`${api}: ${place.key} is determined by ${d.rule}, which is no rule of the inventory`);
    else if (d.determined && place.inferred) warnings.push(`${api}: ${place.key} rests on an x-inferred choice (${d.rule})`);
  }
  const stale = table[api].filter((entry) => !places.some((p) => matches(entry, p) && byStructure(spec, p, known) === undefined));
  return { api, places, failures, warnings, stale };
}

/** The inventory of both APIs as bundled. */
export function determinationReport(): DeterminationReport[] {
  const known = knownIds();
  return API_NAMES.map((api) => determinationReportOf(apiSpec(api), byProse, known));
}
