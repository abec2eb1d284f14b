/**
 * Decoding `application/x-www-form-urlencoded` bodies with bracket names (`card[pan]=...`) into
 * objects. qs is the decoder; the common body (plain names, no percent-encoding, no arrays, no
 * repeated names) takes a direct path that yields exactly what qs would, and anything else goes
 * to qs with its limits.
 */
import { parse as parseQs } from "qs";

/** Bracket nesting the decoder accepts (`card[3dsecure][v2][raw][eci]` is 4 deep). */
export const FORM_DEPTH = 5;
export const FORM_PARAMETER_LIMIT = 1000;

/** Throws a RangeError where a limit is exceeded (qs's `throwOnLimitExceeded`, `strictDepth`). */
export function decodeForm(text: string): Record<string, unknown> {
  return decodePlainForm(text) ?? (parseQs(text, { depth: FORM_DEPTH, strictDepth: true, parameterLimit: FORM_PARAMETER_LIMIT, throwOnLimitExceeded: true, arrayLimit: 50 }) as Record<string, unknown>);
}

/**
 * The direct path, or undefined for a body only qs decodes as it should. One pass over the text
 * by index: the names are read where they stand, and only their segments and the values become
 * strings (splitting into pairs and names first made three strings and an array per field).
 */
export function decodePlainForm(text: string): Record<string, unknown> | undefined {
  if (text.length === 0 || text.includes("%") || text.includes("+")) return undefined;
  const out: Record<string, unknown> = {};
  let start = 0;
  for (let pairs = 1; ; pairs++) {
    if (pairs > FORM_PARAMETER_LIMIT) return undefined;
    const amp = text.indexOf("&", start);
    const end = amp === -1 ? text.length : amp;
    const eq = text.indexOf("=", start);
    // A name, then exactly one `=` in the pair.
    if (eq <= start || eq >= end) return undefined;
    const second = text.indexOf("=", eq + 1);
    if (second !== -1 && second < end) return undefined;
    if (!placeField(out, text, start, eq, text.slice(eq + 1, end))) return undefined;
    if (amp === -1) return out;
    start = amp + 1;
  }
}

/**
 * Reads the plain name `text[from, to)` (`card[3dsecure][v2]`: segments of word characters, not
 * all digits, as qs reads digits as array indices, at most FORM_DEPTH of them) and sets `value`
 * at its path; false for any other name, and where qs would merge (a repeated name, a name both
 * leaf and parent, a prototype name). Objects made before a failure do not matter: a false
 * sends the whole body to qs.
 */
function placeField(out: Record<string, unknown>, text: string, from: number, to: number, value: string): boolean {
  let node = out;
  let at = from;
  for (let depth = 1; depth <= FORM_DEPTH; depth++) {
    const start = at;
    let word = false;
    for (; at < to; at++) {
      const c = text.charCodeAt(at);
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) word = true;
      else if (c < 48 || c > 57) break;
    }
    if (at === start || !word) return false;
    const key = text.slice(start, at);
    // A bracketed segment closes with `]` (within the name); after a segment comes the end or the next `[`.
    if (depth > 1 && (at >= to || text.charCodeAt(at++) !== 93)) return false;
    if (key in Object.prototype) return false;
    const existing = node[key];
    if (at === to) {
      if (existing !== undefined) return false;
      node[key] = value;
      return true;
    }
    if (text.charCodeAt(at++) !== 91) return false;
    if (existing === undefined) node = node[key] = {} as Record<string, unknown>;
    else if (typeof existing === "object" && existing !== null) node = existing as Record<string, unknown>;
    else return false;
  }
  return false;
}
