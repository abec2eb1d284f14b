/**
 * What the proxy's front changes so that a client pointed at the proxy keeps talking to the
 * proxy: the upstream writes its own absolute address into HAL links, `Location` and a 401
 * problem's token hint, and the merchant API's token must name the upstream as its audience.
 * Nothing else is touched: data that happens to hold a URL (an application's website, the
 * storage host's pre-signed links) passes unchanged.
 */
import type { components } from "../../../generated/merchant/schema";
import { withoutTrailingSlashes } from "../../toolkit/clients/common/urls";
import { FORM_MEDIA_TYPE, isJsonMediaType, mediaTypeOf } from "../openapi-model/media-types";
import { isJsonObject } from "../common/json-values";

type S = components["schemas"];

/** Member names, checked against the generated merchant types. */
const linksMember: keyof S["Root"] = "_links";
const tokenHintMember: keyof S["Problem"] = "oauth2-token";
const audienceField: keyof S["TokenRequest"] = "audience";

/**
 * `href` with the upstream's base address replaced by `to`, when it starts with that base
 * (scheme and host compared case-insensitively) followed by nothing, `/`, `?`, `#` or a URI
 * Template expression; any other string unchanged. Templated hrefs are not valid URLs, so this
 * compares text rather than parsing.
 */
export function rebaser(upstream: string): (href: string, to: string) => string {
  const base = new URL(upstream);
  const origin = base.origin;
  const path = withoutTrailingSlashes(base.pathname);
  return (href, to) => {
    if (href.slice(0, origin.length).toLowerCase() !== origin) return href;
    const rest = href.slice(origin.length);
    if (!rest.startsWith(path)) return href;
    const tail = rest.slice(path.length);
    return tail === "" || "/?#{".includes(tail[0]!) ? to + tail : href;
  };
}

/** Rebases, in place, every link `href` under `_links` (embedded resources included) and a problem's `oauth2-token`; whether anything changed. */
export function rebaseAnswer(value: unknown, rebase: (href: string) => string): boolean {
  if (Array.isArray(value)) return value.map((item) => rebaseAnswer(item, rebase)).includes(true);
  if (!isJsonObject(value)) return false;
  let changed = false;
  for (const [name, member] of Object.entries(value)) {
    if (name === tokenHintMember && typeof member === "string") {
      value[name] = rebase(member);
      changed ||= value[name] !== member;
    } else if (name === linksMember && typeof member === "object" && member !== null) {
      const relations: unknown[] = Object.values(member);
      for (const links of relations) {
        for (const link of Array.isArray(links) ? links : [links]) {
          if (!isJsonObject(link) || typeof link.href !== "string") continue;
          const rebased = rebase(link.href);
          changed ||= rebased !== link.href;
          link.href = rebased;
        }
      }
    } else changed = rebaseAnswer(member, rebase) || changed;
  }
  return changed;
}

/** The parsed body of a JSON answer; undefined when it is not JSON (Prism reports a body that breaks the spec). */
export function jsonBody(contentType: string | undefined, body: Buffer): unknown {
  const type = mediaTypeOf(contentType);
  if (type === undefined || !isJsonMediaType(type) || body.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    return parsed;
  } catch {
    return undefined;
  }
}

/** A JSON answer's body with its links rebased, or undefined when it needs no change. */
export function rebasedBody(json: unknown, rebase: (href: string) => string): Buffer | undefined {
  return rebaseAnswer(json, rebase) ? Buffer.from(JSON.stringify(json), "utf8") : undefined;
}

/**
 * A token request's form body with an `audience` that names the proxy (`proxyAddresses`, compared
 * without trailing slashes) replaced by the upstream's address; undefined when it needs no change.
 * The client defaults its audience to the address it was given, the proxy's, and a token for
 * the proxy's address is one the upstream cannot honour.
 */
export function retargetedAudience(
  contentType: string | undefined,
  body: Buffer,
  proxyAddresses: readonly string[],
  upstream: string,
): Buffer | undefined {
  if (mediaTypeOf(contentType) !== FORM_MEDIA_TYPE || body.length === 0) return undefined;
  const form = new URLSearchParams(body.toString("utf8"));
  const audience = form.get(audienceField);
  if (audience === null || !proxyAddresses.some((address) => withoutTrailingSlashes(address) === withoutTrailingSlashes(audience)))
    return undefined;
  form.set(audienceField, withoutTrailingSlashes(upstream));
  return Buffer.from(form.toString(), "utf8");
}
