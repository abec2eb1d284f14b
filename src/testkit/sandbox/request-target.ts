/**
 * The request target, read strictly. Only origin-form (`/path?query`) is served: `//account`
 * would otherwise be read by WHATWG URL parsing as a host name, and `/files/%2e%2e` as a
 * parent-directory step that lands on `/`. Neither is a path of either API.
 */

export type TargetResult = { ok: true; url: URL } | { ok: false; status: 400 | 404; reason: string };

/** A dot segment, literal or percent-encoded (`.`, `..`, `%2e`, `.%2E`, ...), as a whole path segment. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

const BASE = "http://sandbox.invalid";

export function parseRequestTarget(raw: string | undefined): TargetResult {
  const target = raw ?? "/";
  if (!target.startsWith("/") || target.startsWith("//")) {
    return { ok: false, status: 400, reason: "The request target must be a path starting with a single '/'." };
  }
  const path = target.split("?", 1)[0]!;
  if (DOT_SEGMENT.test(path)) return { ok: false, status: 404, reason: "There is no resource at this address." };
  try {
    const url = new URL(`${BASE}${target}`);
    return { ok: true, url };
  } catch {
    return { ok: false, status: 400, reason: "The request target is not a valid URL path." };
  }
}
