/**
 * The one masking step: everything the sandbox shows or stores of what a client sent (the
 * exchange record, its live stream, the `--log` file, copy-as-curl, the state view, and error
 * messages that echo input) goes through these functions. They mask by meaning, on what the
 * request carried once decoded, whatever its encoding:
 *
 * - card numbers: Luhn-valid runs of 12 to 19 digits, however grouped (spaces, `+`, dots,
 *   dashes, underscores) and however written (percent-encoded, twice even; `\u003N` escapes; a
 *   JSON number), wherever they stand, free text included; they keep their last four digits.
 *   A run of more than 19 digits is masked whole: it may hold one. A member named as a card
 *   number (`pan`, `tan`, `card_number`) is masked whatever its digits.
 * - CSCs, passwords, secrets, tokens and identity numbers, by the name of the member that
 *   holds them (form, query, JSON, header), under any content type: `***`.
 * - credentials in any header whose name says so (Authorization, Proxy-Authorization,
 *   X-Api-Key, cookies, Signature, anything with key, token, secret, auth, session, password
 *   in its name): their first characters only, enough to tell two apart.
 *
 * Left alone, since they are not secret and replaying a request needs them: ids (UUIDs), link
 * signatures (64 hex digits) and the expiry of a signed link (`…expires=` with a 10 to 13-digit
 * millisecond time), so a recorded upload link still works.
 *
 * A body is read as JSON when it parses as JSON and as a form otherwise, whatever its
 * Content-Type says (fetch sends a string body as text/plain): a form's members that mask
 * nothing are kept byte for byte, as sent.
 */
/** Luhn (mod 10) check. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** One digit as a request may write it: itself, percent-encoded (also twice: `%2534`), or a JSON `\u0034` escape. */
const DIGIT = String.raw`(?:\d|%(?:25)*3\d|\\u003\d)`;
/** What may stand between two groups of a card number: a space, `+`, dot, dash or underscore, also percent-encoded. */
const SEPARATOR = String.raw`(?:[ \t+._\u00a0-]|%(?:25)*(?:20|09|2[bBdDeE]|5[fF])|\\u0020)`;
/** A run of digits, groups separated by at most three separators (`4111 - 1111`). */
const DIGIT_RUN = new RegExp(`${DIGIT}(?:${SEPARATOR}{0,3}${DIGIT})*`, "g");
/** A run read token by token, in order, so that the digits of a `%20` are never taken for the number's. */
const RUN_TOKEN = new RegExp(`(${DIGIT})|${SEPARATOR}`, "g");
/** What is left alone in free text: a UUID (an id), a 64-hex-digit signature, a signed link's expiry. */
const NOT_SECRET =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![0-9a-z])[0-9a-f]{64}(?![0-9a-z])|(?<=[?&;][\w-]*expires=)\d{10,13}(?!\d)/gi;

const MIN_CARD_DIGITS = 12;
const MAX_CARD_DIGITS = 19;

/** Characters of a credential kept: enough to tell two apart, far too few to use. */
const KEPT_CHARS = 8;

const digitOf = (token: string): string => token.at(-1)!;

/** A card number's mask: its last four digits. */
const cardMask = (digits: string): string => "*".repeat(Math.max(digits.length - 4, 3)) + digits.slice(-4);

/** A digit run (as written) with every card number in it masked. */
function maskedRun(run: string): string {
  // The groups of the run: where each starts and ends in `run`, and its digits.
  const groups: Array<{ start: number; end: number; digits: string }> = [];
  let previousEnd = -1;
  for (const match of run.matchAll(RUN_TOKEN)) {
    if (match[1] === undefined) continue;
    const start = match.index;
    const digit = digitOf(match[0]);
    const last = groups.at(-1);
    if (last && start === previousEnd) {
      last.digits += digit;
      last.end = start + match[0].length;
    } else groups.push({ start, end: start + match[0].length, digits: digit });
    previousEnd = start + match[0].length;
  }
  const total = groups.reduce((sum, group) => sum + group.digits.length, 0);
  if (total < MIN_CARD_DIGITS) return run;
  let out = "";
  let at = 0;
  for (let first = 0; first < groups.length; first++) {
    // The longest Luhn-valid card number starting at this group, if any; else a group too long to be anything but hidden digits.
    let digits = "";
    let found = -1;
    let foundDigits = "";
    for (let last = first; last < groups.length && digits.length <= MAX_CARD_DIGITS; last++) {
      digits += groups[last]!.digits;
      if (digits.length >= MIN_CARD_DIGITS && digits.length <= MAX_CARD_DIGITS && isLuhnValid(digits)) {
        found = last;
        foundDigits = digits;
      }
    }
    if (found === -1 && groups[first]!.digits.length > MAX_CARD_DIGITS) {
      found = first;
      foundDigits = groups[first]!.digits;
    }
    if (found === -1) continue;
    out += run.slice(at, groups[first]!.start) + cardMask(foundDigits);
    at = groups[found]!.end;
    first = found;
  }
  return out + run.slice(at);
}

function maskedRuns(text: string): string {
  return text.replace(DIGIT_RUN, maskedRun);
}

/** Free text with every card number masked (ids, link signatures and link expiries left alone). */
export function maskedText(text: string): string {
  let out = "";
  let at = 0;
  for (const match of text.matchAll(NOT_SECRET)) {
    out += maskedRuns(text.slice(at, match.index)) + match[0];
    at = match.index + match[0].length;
  }
  return out + maskedRuns(text.slice(at));
}

/** Characters of one echoed message: far above any rule's wording, it cuts echoed input (a 200 KB tag) short. */
export const MAX_MESSAGE_LENGTH = 1000;

/** A message fit to send back (it may echo input): card numbers masked, then cut to the length bound. */
export function sendableMessage(message: string): string {
  const masked = maskedText(message);
  return masked.length > MAX_MESSAGE_LENGTH ? `${masked.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : masked;
}

/** What a member's name says its value is. */
type Meaning = "secret" | "card-number" | "link-expiry" | "other";

/** The last part of a member's name: `card[csc][]` → `csc`, `card.pan` → `pan`, `X-Api-Key` → `x_api_key`. */
function lastPart(name: string): string {
  const parts = name
    .trim()
    .toLowerCase()
    .split(/[[\].]+/)
    .filter((part) => part.length > 0);
  return (parts.at(-1) ?? "").replace(/-/g, "_");
}

const SECRET_MEMBER =
  /(?:^|_)(?:csc|cvc|cvv|cvv2|cvc2|cid|pin|secret|password|authorization|credentials?|cookie|passwd|passphrase|token|api_?key|private_key|social_security_number|ssn|national_id|national_identity_number|identity_number|personal_(?:identity_)?number|passport_number|tax_id)$/;
const CARD_NUMBER_MEMBER = /^(?:pan|tan|card_?number|primary_account_number)$/;

function meaningOf(name: string): Meaning {
  const part = lastPart(name);
  if (SECRET_MEMBER.test(part)) return "secret";
  if (CARD_NUMBER_MEMBER.test(part)) return "card-number";
  if (/(?:^|_)expires$/.test(part)) return "link-expiry";
  return "other";
}

/** Percent-decoded, as a form member is (`+` a space), up to three times: a name encoded twice still says what it holds. */
function decoded(text: string): string {
  let out = text;
  for (let round = 0; round < 3 && /[%+]/.test(out); round++) {
    try {
      out = decodeURIComponent(out.replace(/\+/g, " "));
    } catch {
      break;
    }
  }
  return out;
}

/** A card-number member's value masked whatever its digits: all but the last four characters. */
function maskedCardMember(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 0 ? maskedText(value) : cardMask(digits);
}

/** A form or query string: secret members `***`, card numbers masked; every member that masks nothing kept as sent. */
export function maskedForm(text: string): string {
  return text
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return maskedText(pair);
      const rawName = pair.slice(0, eq);
      const rawValue = pair.slice(eq + 1);
      const name = maskedText(rawName);
      switch (meaningOf(decoded(rawName))) {
        case "secret":
          return `${name}=***`;
        case "card-number":
          return `${name}=${encodeURIComponent(maskedCardMember(decoded(rawValue)))}`;
        case "link-expiry":
          if (/^\d{10,13}$/.test(rawValue)) return `${name}=${rawValue}`;
          return `${name}=${maskedText(rawValue)}`;
        default:
          return `${name}=${maskedText(rawValue)}`;
      }
    })
    .join("&");
}

/** Marks a string made of a long number literal (below), so that it can be a number again when it masks nothing. */
const FROM_NUMBER = "\uE000";

/** Number literals of a JSON text that may hold a card number (12 digits or more), as marked strings, so that parsing loses none of their digits. */
function longNumbersAsStrings(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
    token.startsWith('"') || token.replace(/\D/g, "").length < MIN_CARD_DIGITS ? token : `"${FROM_NUMBER}${token}"`,
  );
}

function maskedJsonValue(value: unknown, meaning: Meaning): unknown {
  if (value === null || typeof value === "boolean") return value;
  if (meaning === "secret") return "***";
  if (Array.isArray(value)) return value.map((item) => maskedJsonValue(item, meaning));
  // fromEntries: a member named `__proto__` stays a member.
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [maskedText(key), maskedJsonValue(member, meaningOf(key))]));
  if (typeof value !== "string") return value; // numbers: long ones arrive as strings (longNumbersAsStrings)
  const fromNumber = value.startsWith(FROM_NUMBER);
  const text = fromNumber ? value.slice(FROM_NUMBER.length) : value;
  if (meaning === "card-number") return maskedCardMember(text);
  if (meaning === "link-expiry" && /^\d{10,13}$/.test(text)) return fromNumber ? Number(text) : text;
  const masked = maskedText(text);
  return fromNumber && masked === text && Number.isSafeInteger(Number(text)) ? Number(text) : masked;
}

/** A JSON text masked by meaning, or undefined when it is not JSON. */
export function maskedJson(text: string): string | undefined {
  const trimmed = text.trimStart();
  if (!/^[[{"]/.test(trimmed)) return undefined;
  try {
    return JSON.stringify(maskedJsonValue(JSON.parse(longNumbersAsStrings(text)), "other"));
  } catch {
    return undefined;
  }
}

/** `name: value` or `name=value` pairs of text that is neither JSON nor a form (a cut JSON body), secret values hidden. */
function maskedLoosePairs(text: string): string {
  return text.replace(
    /(["']?)([\w[\].-]{1,64})\1(\s{0,4}[:=]\s{0,4})("(?:[^"\\]|\\.)*"|[^\s&,;}\]"]+)/g,
    (whole, quote: string, name: string, between: string, value: string) =>
      meaningOf(name) === "secret" ? `${quote}${name}${quote}${between}${value.startsWith('"') ? '"***"' : "***"}` : whole,
  );
}

/** A body's text masked by meaning, whatever its content type: as JSON if it parses, else as a form. */
export function maskedBodyText(text: string): string {
  return maskedJson(text) ?? maskedForm(maskedLoosePairs(text));
}

/** A request target: each path segment as free text, the query as a form. */
export function maskedTarget(target: string): string {
  const q = target.indexOf("?");
  return q === -1 ? maskedText(target) : `${maskedText(target.slice(0, q))}?${maskedForm(target.slice(q + 1))}`;
}

/** A credential kept to its first characters. */
function shortened(value: string): string {
  return value.length <= KEPT_CHARS ? "***" : `${value.slice(0, KEPT_CHARS)}…`;
}

/** Header names that carry credentials whatever else they are called. */
const CREDENTIAL_HEADER = /(?:^|-)(?:auth|authorization|credentials?|token|key|apikey|secret|password|session|signature)(?:$|-)/;

/** A header value as it may be kept. */
function maskedHeader(name: string, value: string): string {
  if (name === "cookie" || name === "set-cookie") return "***";
  if (name === "signature") {
    const [keyId = "", scheme = "", hex = ""] = value.trim().split(/\s+/, 3);
    return `${shortened(keyId)} ${maskedText(scheme)} ${shortened(hex)}`.trim();
  }
  if (CREDENTIAL_HEADER.test(name)) {
    // `Basic abc…`: the scheme (a word) stays, the credential is shortened.
    const scheme = /^([A-Za-z][\w-]*) +(\S.*)$/.exec(value.trim());
    return scheme ? `${scheme[1]} ${shortened(scheme[2]!)}` : shortened(value.trim());
  }
  switch (meaningOf(name)) {
    case "secret":
      return "***";
    case "card-number":
      return maskedCardMember(decoded(value));
    default:
      return maskedText(value);
  }
}

/** Every header masked: credentials shortened, secrets hidden, card numbers masked in any other. */
export function maskedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    kept[maskedText(lower)] = maskedHeader(lower, Array.isArray(value) ? value.join(", ") : value);
  }
  return kept;
}
