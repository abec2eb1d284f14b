/**
 * The request target, read strictly. Only origin-form (`/path?query`) is served: `//account`
 * would otherwise be read by WHATWG URL parsing as a host name, `/files/%2e%2e` as a
 * parent-directory step that lands on `/`, and a backslash as a slash (`/x\..\account` is
 * `/account` to it). None is a path of either API; a backslash, encoded (`%5c`), also separates
 * the segments of a dot segment here, as it does for servers that decode it into a file path.
 */

export type TargetResult = { ok: true; pathname: string; url: () => URL } | { ok: false; status: 400 | 404; reason: string };

/** A dot segment, literal or percent-encoded (`.`, `..`, `%2e`, `.%2E`, ...), between slashes or encoded backslashes. */
const DOT_SEGMENT = /(?:^|\/|%5c)(?:\.|%2e){1,2}(?=\/|%5c|$)/i;

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
  if (path.includes("\\"))
    return { ok: false, status: 400, reason: "The request target must not contain a backslash ('\\'); use '/' between path segments." };
  // A dot segment needs a `.` or a `%`; most paths have neither.
  if ((path.includes(".") || path.includes("%")) && DOT_SEGMENT.test(path))
    return { ok: false, status: 404, reason: "There is no resource at this address." };
  if (PLAIN_PATH.test(path)) return { ok: true, pathname: path, url: () => new URL(`${BASE}${target}`) };
  try {
    const url = new URL(`${BASE}${target}`);
    return { ok: true, pathname: url.pathname, url: () => url };
  } catch {
    return { ok: false, status: 400, reason: "The request target is not a valid URL path." };
  }
}
