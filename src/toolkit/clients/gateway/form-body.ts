/**
 * The gateway's form bodies: nested objects in the types, bracket pairs on the wire
 * (`card[pan]=...`, `card[3dsecure][v2][ares]=...`). openapi-fetch's own form serializer is
 * `new URLSearchParams(body)`, which sends `card=[object Object]`.
 */
import { stringify } from "qs";

/**
 * Literal brackets, percent-encoded values (RFC 3986), booleans as `true`/`false`, arrays as
 * `name[]=a&name[]=b`, undefined members left out. Both literal and percent-encoded brackets
 * are accepted by the service; what matters is that the signature covers the bytes sent, which
 * the signing fetch guarantees by signing the serialized body itself. Exported (as `encodeForm`
 * from `payment-apis-toolkit/gateway`) so that generated clients can send the same bytes.
 */
export function encodeForm(body: unknown): string {
  return stringify(body, { encodeValuesOnly: true, arrayFormat: "brackets" });
}

/** The earlier name of `encodeForm`: the very same function, kept for existing callers. */
export const serializeForm = encodeForm;
