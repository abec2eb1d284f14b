/**
 * A failing test's reproduction: the request whose answer broke the rule (./exchange-log.ts), as
 * lines a user pastes into a POSIX shell. Secrets never appear: credentials become the variables
 * the suite's own settings are named after (docs/contract-tests.md lists them), with one comment
 * line each saying what to set; a card's number and CSC become CARD_PAN and CARD_CSC, and any
 * other run of digits as long as a card number is masked. A signed gateway request gets the
 * openssl pipeline that signs its body with the key in GATEWAY_SIGNING_KEY_FILE. Literal words
 * are quoted by shell-quote; a body is held in BODY, so that curl sends and openssl signs the
 * same bytes.
 */
import type { TestContext } from "vitest";
import { signatureHeader, testEnvironment } from "../../generated/gateway/constants";
import { maskPans } from "../../src/toolkit/clients/common/redact";
import { createSigner } from "../../src/toolkit/clients/gateway/signing";
import type { ContractTarget } from "./target";
import { cardDataOf } from "./card-data-echo";
import { failedRequest, wasIssued, type RecordedRequest } from "./exchange-log";
import { apiSpec } from "./spec";
import {
  hasControlCharacters,
  literal,
  noteLines,
  printfAssignment,
  signatureLine,
  Variables,
  word,
  type Part,
} from "../../src/testkit/common/shell-words";
import { guidePath } from "../../src/testkit/common/guides";

declare module "@vitest/runner" {
  interface TaskMeta {
    /** A failed test's reproduction: shell lines (see reproduction()). */
    reproduction?: string;
    /** The operation of the request its reproduction sends, when the specs have one there. */
    operationId?: string;
  }
}

/** A body longer than this is not written out (a reproduction is for reading and pasting). */
const MAX_BODY = 8_192;

/** Splits the literal parts at every match of `pattern`, the match (group 2, after group 1) replaced by `replacement`. */
function replaceIn(parts: Part[], pattern: RegExp, replacement: () => Part): Part[] {
  return parts.flatMap((part): Part[] => {
    if (typeof part !== "string") return [part];
    const out: Part[] = [];
    let last = 0;
    for (const match of part.matchAll(pattern)) {
      const start = match.index + (match[1]?.length ?? 0);
      out.push(part.slice(last, start), replacement());
      last = start + match[2]!.length;
    }
    out.push(part.slice(last));
    return out;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The body's text with its card data as variables and other PAN-like digit runs masked. */
function bodyParts(text: string, mediaType: string | undefined, vars: Variables): Part[] {
  const card = cardDataOf(text, mediaType);
  let parts: Part[] = [text];
  [...new Set(card.pans)].forEach((pan, i) => {
    const name = i === 0 ? "CARD_PAN" : `CARD_PAN_${i + 1}`;
    parts = replaceIn(parts, new RegExp(`()(?<!\\d)(${escapeRegExp(pan)})(?!\\d)`, "g"), () =>
      vars.use(name, `the card number the test sent (${maskPans(pan)}); a test card of your environment`),
    );
  });
  for (const csc of new Set(card.cscs)) {
    const which =
      csc === String(testEnvironment["matching-csc"]) ? "the test environment's matching CSC" : "not the test environment's matching CSC";
    const note = `the card security code the test sent (${which})`;
    // A CSC member's value only (form `card[csc]=`, percent-encoded brackets too, or JSON `"csc":`).
    parts = replaceIn(parts, new RegExp(`(csc(?:\\]|%5D)?=|"csc"\\s{0,8}:\\s{0,8}"?)(${csc})(?!\\d)`, "gi"), () =>
      vars.use("CARD_CSC", note),
    );
  }
  let masked = false;
  parts = parts.map((part) => {
    if (typeof part !== "string") return part;
    const safe = maskPans(part);
    masked ||= safe !== part;
    return safe;
  });
  if (masked) vars.use("#", "digit runs as long as a card number are masked (*): put the digits you mean in their place");
  return parts;
}

/** Request bytes as given to fetch, or why they cannot be shown. */
function bodyBytes(body: RecordedRequest["body"]): Buffer | string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), "utf8");
  return `a ${body.constructor?.name ?? typeof body} body, not kept`;
}

/** The target's credentials by value, each with the variable it is read from. */
function knownSecrets(target: ContractTarget): Map<string, string> {
  const known = new Map<string, string>();
  const add = (value: string | undefined, name: string) => {
    if (value && !known.has(value)) known.set(value, name);
  };
  add(target.gateway.apiKey, "GATEWAY_API_KEY");
  add(target.gateway.signingKeyId, "GATEWAY_SIGNING_API_KEY");
  add(target.gateway.secondApiKey, "GATEWAY_SECOND_API_KEY");
  add(target.gateway.otherMerchantApiKey, "GATEWAY_OTHER_MERCHANT_API_KEY");
  add(target.gateway.disabledApiKey, "GATEWAY_DISABLED_API_KEY");
  add(target.gateway.expiredApiKey, "GATEWAY_EXPIRED_API_KEY");
  add(target.merchant.clientId, "MERCHANT_CLIENT_ID");
  add(target.merchant.clientSecret, "MERCHANT_CLIENT_SECRET");
  add(target.merchant.otherClient?.id, "MERCHANT_OTHER_CLIENT_ID");
  add(target.merchant.otherClient?.secret, "MERCHANT_OTHER_CLIENT_SECRET");
  return known;
}

/** Other headers that carry credentials: never shown. */
const CREDENTIAL_HEADERS = new Set(["cookie", "proxy-authorization", "x-api-key", "api-key", "x-auth-token"]);

const SETTING = `as for the suite (${guidePath("contract-tests.md")}; the sandbox's seeded values are in ${guidePath("sandbox.md")})`;

/** A credential as a variable: the suite's setting it came from, else `unknown` (named, never shown). */
function credential(value: string, known: Map<string, string>, vars: Variables, unknown: string, what: string): Part {
  // The merchant API's client credentials are form-encoded before Basic (RFC 6749, 2.3.1).
  const name = known.get(value) ?? known.get(safeDecode(value));
  return name
    ? vars.use(name, SETTING)
    : vars.use(unknown, `${what} that is none of the suite's settings (made up by the test, or registered during it): not shown`);
}

/** The reproduction of one request: comment lines naming the variables to set, then the commands. */
export function reproduction(request: RecordedRequest, target: ContractTarget): string {
  const vars = new Variables();
  const known = knownSecrets(target);
  const headers = new Headers(request.headers);
  const mediaType = headers.get("content-type") ?? undefined;
  const bytes = bodyBytes(request.body);
  const commands: string[] = [];
  const curl: string[] = ["curl -sS -i"];
  if (request.method === "HEAD") curl[0] += " -I";
  else if (request.method !== "GET" || bytes !== undefined) curl[0] += ` -X ${request.method}`;

  // The body first: the signature is computed over it.
  let bodyWord: string | undefined;
  const text = Buffer.isBuffer(bytes) ? bytes.toString("utf8") : undefined;
  if (typeof bytes === "string") commands.push(`# the request had ${bytes}: it is left out`);
  else if (bytes && (text!.includes("\u0000") || !Buffer.from(text!, "utf8").equals(bytes))) {
    commands.push(`# BODY: ${bytes.length} bytes that are not text, not shown: put them in body.bin`);
    bodyWord = "@body.bin";
  } else if (bytes && bytes.length > MAX_BODY) {
    commands.push(`# BODY: ${bytes.length} bytes, longer than a reproduction shows: put the body in body.bin`);
    bodyWord = "@body.bin";
  } else if (text === "") {
    bodyWord = "''";
  } else if (text !== undefined) {
    const parts = bodyParts(text, mediaType, vars);
    commands.push(hasControlCharacters(text) ? printfAssignment(parts) : `BODY=${word(parts)}`);
    bodyWord = '"$BODY"';
  }

  for (const [name, value] of headers) {
    if (name === "authorization") {
      const [scheme = "", ...rest] = value.split(" ");
      const token = rest.join(" ");
      if (scheme.toLowerCase() === "basic") {
        const decoded = Buffer.from(token, "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        const user = colon < 0 ? decoded : decoded.slice(0, colon);
        const password = colon < 0 ? "" : decoded.slice(colon + 1);
        const merchant = request.api === "merchant" || request.url.startsWith(target.merchant.baseUrl + "/");
        const userPart = credential(
          user,
          known,
          vars,
          merchant ? "OTHER_CLIENT_ID" : "UNKNOWN_API_KEY",
          merchant ? "a client id" : "an API key",
        );
        const passwordPart = password === "" ? "" : credential(password, known, vars, "OTHER_CLIENT_SECRET", "a client secret");
        curl.push(`-u ${word([userPart, ":", passwordPart])}`);
      } else if (scheme.toLowerCase() === "bearer") {
        if (wasIssued(token)) {
          const endpoint = target.merchant.baseUrl + apiSpec("merchant").operation("createToken").template;
          vars.use("BEARER_TOKEN", "a token of the token endpoint, got by the line below (the test's was issued to it)");
          vars.use("MERCHANT_CLIENT_ID", SETTING);
          vars.use("MERCHANT_CLIENT_SECRET", SETTING);
          commands.unshift(
            `BEARER_TOKEN=$(curl -sS -u "\${MERCHANT_CLIENT_ID}:\${MERCHANT_CLIENT_SECRET}" --data-urlencode grant_type=client_credentials --data-urlencode ${literal(`audience=${target.merchant.audience}`)} ${literal(endpoint)} | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`,
          );
        } else {
          vars.use("BEARER_TOKEN", "a token the token endpoint never issued (made up by the test): any such value");
        }
        curl.push(`-H ${word(["authorization: Bearer ", { variable: "BEARER_TOKEN" }])}`);
      } else {
        curl.push(
          `-H ${word(["authorization: ", vars.use("AUTHORIZATION", `the Authorization header of the ${scheme || "unnamed"} scheme the test sent: not shown`)])}`,
        );
      }
    } else if (name === signatureHeader.name.toLowerCase()) {
      curl.push(`-H ${word(signatureParts(value, bytes, target, known, vars, commands))}`);
    } else if (CREDENTIAL_HEADERS.has(name)) {
      curl.push(
        `-H ${word([`${name}: `, vars.use(name.toUpperCase().replace(/\W/g, "_"), `the ${name} header the test sent: not shown`)])}`,
      );
    } else {
      curl.push(`-H ${word([`${name}: ${maskPans(value)}`])}`);
    }
  }
  if (bodyWord) curl.push(`--data-binary ${bodyWord}`);

  const url = new URL(request.url);
  const ours = [target.gateway.baseUrl, target.merchant.baseUrl].some((base) => base && request.url.startsWith(base));
  // A link to another host (a pre-signed upload) carries its credentials in the query.
  const address =
    !ours && url.search
      ? word([
          vars.use(
            "LINK_URL",
            `the address the test followed: ${maskPans(url.origin + url.pathname)} with the query of its link (pre-signed: not shown)`,
          ),
        ])
      : word([maskPans(request.url)]);
  if (/[[\]{}]/.test(request.url)) curl.push("-g");
  curl.push(address);

  // One comment line per note: the variables that share one (the suite's settings) on one line.
  const notes = noteLines(vars);
  const answered = request.status === undefined ? "no answer" : String(request.status);
  return [
    `# ${request.method} ${maskPans(url.origin + url.pathname)} -> ${answered}${request.operationId ? ` (${request.operationId})` : ""}`,
    ...notes,
    ...commands,
    curl.join(" "),
  ].join("\n");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The Signature header: its key id as a variable, and its value recomputed by openssl when it is
 * this body's signature under the target's key; a wrong one becomes the signature of other bytes.
 */
function signatureParts(
  value: string,
  bytes: Buffer | string | undefined,
  target: ContractTarget,
  known: Map<string, string>,
  vars: Variables,
  commands: string[],
): Part[] {
  const [keyId, scheme, hex, ...more] = value.split(" ");
  if (!keyId || scheme !== signatureHeader.schemeToken || !hex || more.length > 0) return [`${signatureHeader.name}: ${value}`];
  const key = known.has(keyId)
    ? vars.use(known.get(keyId)!, SETTING)
    : vars.use("UNKNOWN_SIGNING_KEY_ID", "a signing key id that is none of the suite's settings (made up by the test): not shown");
  if (typeof bytes === "string")
    return [`${signatureHeader.name}: `, key, ` ${scheme} `, vars.use("SIGNATURE", "the signature of the body left out: not shown")];
  const expected = createSigner({ apiKey: keyId, privateKey: target.gateway.signingKeyPem }).headerFor(
    new Uint8Array(bytes ?? Buffer.alloc(0)),
  );
  vars.use("GATEWAY_SIGNING_KEY_FILE", "the PEM private key of the signing API key");
  if (!commands.some((line) => line.startsWith("BODY="))) commands.push("BODY=''");
  let signature: Part;
  if (expected === value) {
    commands.push(signatureLine("SIGNATURE", { text: '"$BODY"' }));
    signature = { variable: "SIGNATURE" };
  } else {
    commands.push(`# the test sent a signature that is not this body's: here, the signature of other bytes`);
    commands.push(signatureLine("WRONG_SIGNATURE", { text: `"$BODY-not-this-body"` }));
    signature = { variable: "WRONG_SIGNATURE" };
  }
  return [`${signatureHeader.name}: `, key, ` ${scheme} `, signature];
}

/**
 * For a failed test (its onTestFailed hook, ./context.ts): the request the failure is about, as
 * a reproduction in the test's meta, where the run's summary (./reporter.ts) reads it. Never
 * throws: a reproduction that cannot be written must not hide the failure.
 */
export function attachReproduction(ctx: TestContext, since: number, target: ContractTarget): void {
  try {
    const message = ctx.task.result?.errors?.[0]?.message ?? "";
    const request = failedRequest(message, since);
    if (!request) return;
    ctx.task.meta.operationId = request.operationId;
    ctx.task.meta.reproduction = reproduction(request, target);
  } catch (error) {
    ctx.task.meta.reproduction = `# no reproduction: ${maskPans(error instanceof Error ? error.message : String(error))}`;
  }
}
