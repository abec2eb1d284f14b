/**
 * What the console shows beside an exchange: the rule a refused request broke, as the API's own
 * answer states it, with the operation's place in the API reference; and the request as curl
 * lines (src/testkit/common/shell-words.ts) with a shell variable for every secret. The record keeps no
 * secret (exchanges.ts shows it only through masking.ts), so none can appear here either.
 */
import { STATUS_CODES } from "node:http";
import type { components } from "../../../../../generated/sandbox-control/schema";
import {
  literal,
  noteLines,
  Variables,
  word,
  bodyAssignment,
  signatureLine,
  type Part,
  type SignedInput,
} from "../../../common/shell-words";
import type { SpecRouter } from "../../../openapi-model/router";
import { isJsonObject, objectOf } from "../../../common/json-values";
import type { Exchange } from "../exchanges";
import { guidePath } from "../../../common/guides";

type Schemas = components["schemas"];

/** Headers a reproduction leaves to curl (framing, the address) or never shows. */
const LEFT_OUT = new Set([
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "accept-encoding",
  "cookie",
  "proxy-authorization",
  "x-api-key",
]);

const SETTING = `the value of your test (the sandbox's seeded ones are in ${guidePath("sandbox.md")}); the record keeps only its first characters`;

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** The rule a refused request broke, in the words of its answer. */
export function refusalOf(
  exchange: Exchange,
  routers: { gateway: SpecRouter; merchant: SpecRouter },
): Schemas["ExchangeDetail"]["refusal"] {
  if (exchange.status > 0 && exchange.status < 400) return undefined;
  const body = parsed(exchange.response.body);
  const messages: string[] = [];
  const say = (text: string) => void (messages.includes(text) || messages.push(text));
  // The sandbox's own words first, where the answer's body does not say why (a 401, a refusal before routing).
  if (exchange.reason !== undefined) say(exchange.reason);
  let problemType: string | undefined;
  if (body && typeof body === "object") {
    // A list answered holds none of these members: it is named by its status alone.
    const { status, title, detail, type, errors } = objectOf(body);
    const message = objectOf(status).message;
    if (typeof message === "string") say(message);
    if (typeof title === "string") say(title);
    if (typeof detail === "string") say(detail);
    if (typeof type === "string") problemType = type;
    if (isJsonObject(errors)) {
      for (const [field, said] of Object.entries(errors)) {
        for (const text of Array.isArray(said) ? said : [said])
          if (typeof text === "string" && messages.length < 50) messages.push(`${field}: ${text}`);
      }
    }
  } else if (exchange.response.body !== undefined) say(exchange.response.body.slice(0, 500));
  if (exchange.status === 0) messages.push("no answer was sent (the client left, or a fault rule closed the connection)");
  else if (messages.length === 0)
    messages.push(
      `${exchange.status} ${STATUS_CODES[exchange.status] ?? ""} without a body${exchange.response.headers["www-authenticate"] ? `; WWW-Authenticate: ${exchange.response.headers["www-authenticate"]}` : ""}`,
    );
  const refusal: NonNullable<Schemas["ExchangeDetail"]["refusal"]> = { messages: messages.slice(0, 50) };
  if (problemType !== undefined) refusal.problem_type = problemType;
  if (exchange.operation !== undefined) {
    refusal.operation = exchange.operation;
    const api = exchange.api === "gateway" ? "gateway" : "merchant";
    const route = exchange.api === "control" ? undefined : routers[api].operations.get(exchange.operation);
    const tag = route?.tags[0];
    // Redoc's anchor of an operation (test/docs-browser.test.ts opens the same form).
    if (tag !== undefined) refusal.docs = `${api}.html#tag/${tag.replace(/ /g, "-")}/operation/${exchange.operation}`;
  }
  return refusal;
}

/** Shell lines that send the exchange's request again, to the listener at `baseUrl`. */
export function curlOf(exchange: Exchange, baseUrl: string): string {
  const vars = new Variables();
  const commands: string[] = [];
  const curl: string[] = [`curl -sS -i -X ${exchange.method}`];
  const { headers, body } = exchange.request;
  let bodyWord: string | undefined;
  /** What the signature is made over: the very bytes curl sends (the file, or BODY). */
  let signed: SignedInput = { text: '"$BODY"' };
  if (body !== undefined) {
    if (/^\(\d+ bytes of /.test(body) || body.includes("… (cut: ")) {
      commands.push(
        `# body.bin: the record did not keep this body (${body.startsWith("(") ? "it kept only its size" : "it kept only its start"}): put the bytes you sent in body.bin`,
      );
      bodyWord = "@body.bin";
      signed = { file: "body.bin" };
    } else {
      const parts: Part[] = [body];
      if (/\*{3}|\d\*{4,}\d/.test(body))
        vars.use("#", "the record masks card numbers (*) and CSCs, secrets and passwords (***): put the values you mean in their place");
      commands.push(bodyAssignment(parts, body));
      bodyWord = '"$BODY"';
    }
  }
  for (const [name, value] of Object.entries(headers)) {
    // A browser's fetch metadata (sec-fetch-*, sec-ch-*) is not the client's to send.
    if (LEFT_OUT.has(name) || name.startsWith("sec-")) continue;
    if (name === "authorization") {
      const scheme = value.split(" ", 1)[0]!.toLowerCase();
      if (scheme === "basic" && exchange.api === "gateway") curl.push(`-u ${word([vars.use("GATEWAY_API_KEY", SETTING), ":"])}`);
      else if (scheme === "basic")
        curl.push(`-u ${word([vars.use("MERCHANT_CLIENT_ID", SETTING), ":", vars.use("MERCHANT_CLIENT_SECRET", SETTING)])}`);
      else if (scheme === "bearer")
        curl.push(
          `-H ${word(["authorization: Bearer ", vars.use("BEARER_TOKEN", "a token of the merchant API's token endpoint (POST /oauth/token)")])}`,
        );
      else curl.push(`-H ${word(["authorization: ", vars.use("AUTHORIZATION", "the Authorization header your test sent")])}`);
    } else if (name === "signature") {
      const [, scheme = "RS256-hex"] = value.split(" ");
      vars.use("GATEWAY_SIGNING_KEY_FILE", "the PEM file of the signing API key's private key");
      if (bodyWord === undefined) {
        commands.push("BODY=''");
        bodyWord = '"$BODY"';
      }
      commands.push(signatureLine("SIGNATURE", signed));
      curl.push(`-H ${word(["signature: ", vars.use("GATEWAY_SIGNING_API_KEY", SETTING), ` ${scheme} `, { variable: "SIGNATURE" }])}`);
    } else {
      curl.push(`-H ${word([`${name}: ${value}`])}`);
    }
  }
  if (bodyWord !== undefined) curl.push(`--data-binary ${bodyWord}`);
  const url = `${baseUrl}${exchange.path}`;
  if (/[[\]{}]/.test(url)) curl.push("-g");
  curl.push(literal(url));
  return [
    `# ${exchange.method} ${exchange.path} -> ${exchange.status}${exchange.operation ? ` (${exchange.operation})` : ""}`,
    ...noteLines(vars),
    ...commands,
    curl.join(" "),
  ].join("\n");
}
