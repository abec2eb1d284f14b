/**
 * The request target, read strictly. Only origin-form (`/path?query`) is served: `//account`
 * would otherwise be read by WHATWG URL parsing as a host name, and `/files/%2e%2e` as a
 * parent-directory step that lands on `/`. Neither is a path of either API.
 */

export type TargetResult = { ok: true; pathname: string; url: () => URL } | { ok: false; status: 400 | 404; reason: string };

/** A dot segment, literal or percent-encoded (`.`, `..`, `%2e`, `.%2E`, ...), as a whole path segment. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * Path characters WHATWG URL parsing keeps as they are (no dot segments, checked above): for
 * such a path the pathname is the path itself, and the URL object is built only if a handler
 * asks for it (most requests never read their query).
 */
const PLAIN_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

const BASE = "http://sandbox.invalid";

export function parseRequestTarget(raw: string | undefined): TargetResult {
  const target = raw ?? "/";
  if (!target.startsWith("/") || target.startsWith("//")) {
    return { ok: false, status: 400, reason: "The request target must be a path starting with a single '/'." };
  }
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  // A dot segment needs a `.` or a `%`; most paths have neither.
  if ((path.includes(".") || path.includes("%")) && DOT_SEGMENT.test(path)) return { ok: false, status: 404, reason: "There is no resource at this address." };
  if (PLAIN_PATH.test(path)) return { ok: true, pathname: path, url: () => new URL(`${BASE}${target}`) };
  try {
    const url = new URL(`${BASE}${target}`);
    return { ok: true, pathname: url.pathname, url: () => url };
  } catch {
    return { ok: false, status: 400, reason: "The request target is not a valid URL path." };
  }
}
