/**
 * An `Authorization` header read as both APIs read it (RFC 9110: a scheme, a space, the
 * credentials), and, when it is not of the form an endpoint takes, why in one line a client can
 * act on: no header, no scheme (a raw token or key), another scheme than the one expected, the
 * scheme without credentials, credentials of several words, Basic credentials that are not base64
 * of `user:password`. The gateway takes Basic (its API key), the merchant API Bearer (Basic at its
 * token endpoint). No line quotes the credentials.
 */

export type Scheme = "Basic" | "Bearer";

export type ReadHeader = { ok: true; credentials: string } | { ok: false; reason: string };

/** Base64 of RFC 4648 (with or without padding), the alphabet HTTP Basic uses. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The credentials of a header of the `expected` scheme, or why it is not one. `wanted` names
 * what goes after the scheme (`<API key>:`, `<access token>`), `elsewhere` what a client sending
 * another scheme should know (where that scheme is taken instead).
 */
export function readAuthorization(header: string | undefined, expected: Scheme, wanted: string, elsewhere = ""): ReadHeader {
  const form = `"Authorization: ${expected} ${wanted}"`;
  const trimmed = header?.trim() ?? "";
  if (trimmed === "") return { ok: false, reason: `The request has no Authorization header: send ${form}.` };
  const space = trimmed.search(/\s/);
  const scheme = space === -1 ? trimmed : trimmed.slice(0, space);
  const credentials = space === -1 ? "" : trimmed.slice(space + 1).trim();
  if (scheme.toLowerCase() !== expected.toLowerCase()) {
    if (space === -1 && !/^(basic|bearer|digest|negotiate|hoba|mutual|token)$/i.test(scheme))
      return {
        ok: false,
        reason: `The Authorization header has no scheme (it holds only credentials): send ${form}, "${expected}" and a space first.`,
      };
    return {
      ok: false,
      reason: `The Authorization header uses the ${scheme} scheme, where this endpoint takes ${expected}: send ${form}.${elsewhere ? ` ${elsewhere}` : ""}`,
    };
  }
  if (credentials === "")
    return { ok: false, reason: `The Authorization header names the ${expected} scheme but carries no credentials: send ${form}.` };
  if (/\s/.test(credentials)) return { ok: false, reason: `The ${expected} credentials must be one word, without spaces: send ${form}.` };
  if (expected === "Basic" && !BASE64.test(credentials))
    return { ok: false, reason: `The Basic credentials are not base64: send ${form}, the part after "Basic " base64-encoded.` };
  return { ok: true, credentials };
}
