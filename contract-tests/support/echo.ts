/**
 * Answers that match the request, on every operation (a target with behaviour only: the mock
 * answers with static examples). Derived from the spec: a member the request sends at the top
 * level and the success answer's schema also declares at the top level is the same fact (the
 * inventory's `<api>:echo:<operationId>` rules), so the answer must carry what was sent.
 *
 *   - gateway (form bodies): each scalar member sent (`amount`, `currency`, `text_on_statement`,
 *     `reference`, ...) equals the answer's; on a card request, `csc.present` says whether a CSC
 *     was sent;
 *   - merchant (JSON bodies): what was sent is contained in the answer (objects by the members
 *     sent, arrays item by item);
 *   - a member sent that the answer lacks is a broken echo (`... sent, but missing from the
 *     answer`), not a member with nothing to compare;
 *   - any 201 with a `Location` and a `_links.self`: the two are the same address (the
 *     `Location` header's description).
 *
 * Messages name members and paths, never the values sent (a PAN or CSC never reaches a log).
 */
import { parse as parseForm } from "qs";
import { onlyLink } from "../../src/testkit/common/hal-reading";
import { isJsonObject, objectOf } from "../../src/testkit/common/json-values";
import { propertySchemas } from "../../src/testkit/openapi-model/schema-walk";
import type { ApiSpec, ContractOperation } from "./spec";

/** Top-level members of the operation's request schema that its 2xx answers also declare. */
export function echoedMembers(spec: ApiSpec, operation: ContractOperation): string[] {
  const media = operation.requestBody?.media[0];
  if (!media?.schema) return [];
  const request = propertySchemas(spec.doc, media.schema.schema);
  const answered = new Set<string>();
  for (const response of operation.responses.values()) {
    if (!/^2/.test(response.key)) continue;
    for (const { schema } of response.media) {
      if (schema) for (const name of propertySchemas(spec.doc, schema.schema).keys()) answered.add(name);
    }
  }
  return [...request.keys()].filter((name) => answered.has(name) && !name.startsWith("_"));
}

function contained(sent: unknown, answered: unknown, path: string, out: string[]): void {
  if (Array.isArray(sent)) {
    if (!Array.isArray(answered) || answered.length !== sent.length) {
      out.push(`${path}: the answer does not carry the ${sent.length} items sent`);
      return;
    }
    sent.forEach((item, i) => contained(item, answered[i], `${path}[${i}]`, out));
    return;
  }
  if (sent !== null && typeof sent === "object") {
    if (answered === null || typeof answered !== "object") {
      out.push(`${path}: sent as an object, answered as ${answered === undefined ? "nothing" : typeof answered}`);
      return;
    }
    // An answered list has none of the members sent: each is missing from it.
    const members = objectOf(answered);
    for (const [key, value] of Object.entries(sent)) {
      if (value === null || value === undefined) continue;
      if (!(key in members)) {
        out.push(`${path}.${key}: sent, but missing from the answer`);
        continue;
      }
      contained(value, members[key], `${path}.${key}`, out);
    }
    return;
  }
  if (answered === undefined) {
    out.push(`${path}: sent, but missing from the answer`);
    return;
  }
  // A value sent is compared as text (a form sends every value as text): an object or a list answered is not it.
  const answeredText =
    typeof answered === "string" || typeof answered === "number" || typeof answered === "boolean" || answered === null
      ? String(answered)
      : undefined;
  if (answeredText === undefined || String(sent) !== answeredText) out.push(`${path}: the answer's value is not the one sent`);
}

/** Ways an answer contradicts the request it answers (empty when it matches). */
export function echoProblems(
  spec: ApiSpec,
  operation: ContractOperation | undefined,
  sent: { body?: string; mediaType?: string },
  answer: { status: number; json: unknown; location: string | null; resolve: (href: string) => string },
): string[] {
  const problems: string[] = [];
  if ((operation ? spec.isCreation(operation, answer.status) : answer.status === 201) && answer.location) {
    const self = onlyLink(answer.json, "self")?.href;
    if (self && answer.resolve(answer.location) !== answer.resolve(self))
      problems.push("the Location header is not the created resource's _links.self.href");
  }
  if (!operation || !sent.body || answer.status < 200 || answer.status >= 300) return problems;
  if (answer.json === null || typeof answer.json !== "object") return problems;
  // An answer that is a list has none of the members sent: each is missing from it.
  const json = objectOf(answer.json);
  let body: unknown;
  try {
    body = /json/i.test(sent.mediaType ?? "") ? JSON.parse(sent.body) : parseForm(sent.body, { depth: 10, parameterLimit: 2000 });
  } catch {
    return problems;
  }
  if (!isJsonObject(body)) return problems;
  const members = echoedMembers(spec, operation);
  const form = !/json/i.test(sent.mediaType ?? "");
  for (const name of members) {
    const value = body[name];
    if (value === undefined || value === "") continue;
    if (form && typeof value === "object") continue;
    const found: string[] = [];
    // A member the answer declares and the request sent is missing: that is a broken echo, not nothing to compare.
    if (!(name in json)) found.push(`${name}: sent, but missing from the answer`);
    else contained(value, json[name], name, found);
    problems.push(...found.map((f) => `${f} (${operation.operationId} answers must echo what was sent)`));
  }
  // A card request: whether a CSC was sent is what csc.present reports.
  const card = body.card;
  const { present } = objectOf(json.csc);
  if (form && card && typeof card === "object" && typeof present === "boolean") {
    const sentCsc = objectOf(card).csc;
    const cscWasSent = typeof sentCsc === "string" && sentCsc !== "";
    if (present !== cscWasSent) problems.push(`csc.present is ${present}, but a CSC was ${cscWasSent ? "" : "not "}sent`);
  }
  return problems;
}
