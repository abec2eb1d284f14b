/**
 * Media types as the specs and the HTTP messages name them: one parser of Content-Type headers,
 * the matching of a concrete type against the keys of an OpenAPI `content` map, and the
 * media type constants the toolkit reads. Used by the sandbox, the mock set-up and the contract
 * suite alike (the clients, which ship alone, keep their own small copies).
 */

/** `application/x-www-form-urlencoded`: the gateway's request bodies and OAuth token requests. */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

export interface MediaType {
  /** `type/subtype`, trimmed and lower-cased. */
  essence: string;
  /** Parameters by lower-cased name, values without surrounding quotes. */
  parameters: Record<string, string>;
  /** Whether the essence is `token/token` as RFC 9110 has it (a check for conformance, not routing). */
  wellFormed: boolean;
}

const ESSENCE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** Parses a Content-Type header: its media type and parameters; undefined when it names none. */
export function parseMediaType(header: string | null | undefined): MediaType | undefined {
  if (!header) return undefined;
  const [type, ...rest] = header.split(";");
  const essence = type!.trim().toLowerCase();
  if (!essence) return undefined;
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    parameters[part.slice(0, eq).trim().toLowerCase()] = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  }
  return { essence, parameters, wellFormed: ESSENCE.test(essence) };
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaTypeOf(header: string | null | undefined): string | undefined {
  // parseMediaType's essence, without building its parameters (every request body asks).
  return header ? essenceOf(header) || undefined : undefined;
}

/** The text before the first `;`, trimmed and lower-cased. */
function essenceOf(text: string): string {
  const semicolon = text.indexOf(";");
  return (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * Whether a concrete media type matches a key of an OpenAPI `content` map (`*\/*`, `image/*`
 * included; parameters of the key are ignored).
 */
export function mediaTypeMatches(key: string, actual: string): boolean {
  const k = essenceOf(key);
  if (k === "*/*" || k === actual) return true;
  return k.endsWith("/*") && actual.startsWith(k.slice(0, -1));
}

/** `application/json` and every `+json` type (`application/hal+json`, `application/problem+json`). */
export function isJsonMediaType(type: string): boolean {
  return type === "application/json" || /\+json$/.test(type);
}
