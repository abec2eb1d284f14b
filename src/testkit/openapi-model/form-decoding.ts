/**
 * Decoding `application/x-www-form-urlencoded` bodies with bracket names (`card[pan]=...`) into
 * objects, with qs and its limits (the form encoding the gateway's sources use is qs's).
 */
import { parse as parseQs } from "qs";

/** Bracket nesting the decoder accepts (`card[3dsecure][v2][raw][eci]` is 4 deep). */
export const FORM_DEPTH = 5;
export const FORM_PARAMETER_LIMIT = 1000;

/** Throws a RangeError where a limit is exceeded (qs's `throwOnLimitExceeded`, `strictDepth`). */
export function decodeForm(text: string): Record<string, unknown> {
  return parseQs(text, {
    depth: FORM_DEPTH,
    strictDepth: true,
    parameterLimit: FORM_PARAMETER_LIMIT,
    throwOnLimitExceeded: true,
    arrayLimit: 50,
  });
}
