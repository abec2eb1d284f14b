/**
 * Media types as the specs and the HTTP messages name them: one parser of Content-Type headers,
 * the matching of a concrete type against the keys of an OpenAPI `content` map, and the
 * media type constants the toolkit reads. Used by the sandbox, the mock set-up and the contract
 * suite alike (the clients, which ship alone, keep their own small copies).
 */
import { MIMEType } from "whatwg-mimetype";

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

/**
 * Parses a Content-Type header with whatwg-mimetype (the WHATWG MIME Sniffing parser: quoted
 * values, escapes, duplicate and malformed parameters): its media type and parameters; undefined
 * when it names none. A header the parser refuses (no `token/token` essence) is still named by
 * the text before its first `;`, marked not well-formed, so a check can say what was sent.
 */
export function parseMediaType(header: string | null | undefined): MediaType | undefined {
  if (!header) return undefined;
  const parsed = MIMEType.parse(header);
  if (parsed === null) {
    const essence = header.split(";")[0]!.trim().toLowerCase();
    return essence ? { essence, parameters: {}, wellFormed: false } : undefined;
  }
  return { essence: parsed.essence, parameters: Object.fromEntries(parsed.parameters), wellFormed: true };
}

/** The media type of a Content-Type header, lower-cased and without parameters. */
export function mediaTypeOf(header: string | null | undefined): string | undefined {
  return parseMediaType(header)?.essence;
}

/**
 * Whether a concrete media type matches a key of an OpenAPI `content` map (`*\/*`, `image/*`
 * included; parameters of the key are ignored).
 */
export function mediaTypeMatches(key: string, actual: string): boolean {
  const k = parseMediaType(key)?.essence ?? "";
  if (k === "*/*" || k === actual) return true;
  return k.endsWith("/*") && actual.startsWith(k.slice(0, -1));
}

/** `application/json` and every `+json` type (`application/hal+json`, `application/problem+json`). */
export function isJsonMediaType(type: string): boolean {
  return type === "application/json" || /\+json$/.test(type);
}
