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

/**
 * The segments of a plain name, `card[3dsecure][v2]` → `card`, `3dsecure`, `v2`; undefined for
 * any other name. A segment is word characters, not all digits (qs reads digits as array
 * indices). One pass over the characters: a regular expression and a split per field cost more.
 */
function plainNamePath(name: string): string[] | undefined {
  const path: string[] = [];
  let at = 0;
  for (;;) {
    const start = at;
    let word = false;
    for (; at < name.length; at++) {
      const c = name.charCodeAt(at);
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) word = true;
      else if (c < 48 || c > 57) break;
    }
    if (at === start || !word) return undefined;
    path.push(name.slice(start, at));
    // A bracketed segment closes with `]`; after a segment comes the end or the next `[`.
    if (path.length > 1 && name.charCodeAt(at++) !== 93) return undefined;
    if (at === name.length) return path;
    if (name.charCodeAt(at++) !== 91) return undefined;
  }
}

/** Throws a RangeError where a limit is exceeded (qs's `throwOnLimitExceeded`, `strictDepth`). */
export function decodeForm(text: string): Record<string, unknown> {
  return decodePlainForm(text) ?? (parseQs(text, { depth: FORM_DEPTH, strictDepth: true, parameterLimit: FORM_PARAMETER_LIMIT, throwOnLimitExceeded: true, arrayLimit: 50 }) as Record<string, unknown>);
}

/** The direct path, or undefined for a body only qs decodes as it should. */
export function decodePlainForm(text: string): Record<string, unknown> | undefined {
  if (text.length === 0 || text.includes("%") || text.includes("+")) return undefined;
  const pairs = text.split("&");
  if (pairs.length > FORM_PARAMETER_LIMIT) return undefined;
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0 || pair.includes("=", eq + 1)) return undefined;
    const path = plainNamePath(pair.slice(0, eq));
    if (!path || path.length > FORM_DEPTH || !place(out, path, pair.slice(eq + 1))) return undefined;
  }
  return out;
}

/** Sets `value` at `path`; false where qs would merge (a repeated name, a name both leaf and parent, a prototype name). */
function place(out: Record<string, unknown>, path: string[], value: string): boolean {
  let node = out;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (key in Object.prototype) return false;
    const existing = node[key];
    if (i === path.length - 1) {
      if (existing !== undefined) return false;
      node[key] = value;
    } else if (existing === undefined) {
      node = node[key] = {} as Record<string, unknown>;
    } else if (typeof existing === "object" && existing !== null) {
      node = existing as Record<string, unknown>;
    } else return false;
  }
  return true;
}
