/**
 * Redaction for anything that ends up in an error message or a log line. The clients never put
 * a request body into a message in the first place; these helpers cover what remains: URLs
 * (a query string can carry anything, a pre-signed upload URL carries credentials) and the
 * messages of lower-level errors, which are not ours.
 */

/** 12 to 19 consecutive digits: the length of a PAN or a token account number. */
const PAN_LIKE = /\d{12,19}/g;

/** Masks every PAN-like digit run to its last four digits: `************1111`. */
export function maskPans(text: string): string {
  return text.replace(PAN_LIKE, (digits) => "*".repeat(digits.length - 4) + digits.slice(-4));
}

/** Origin and path of a URL, without query or fragment, PANs masked: safe to print. */
export function describeTarget(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return maskPans(origin + pathname);
  } catch {
    return "(invalid URL)";
  }
}

/** The `code` of an error or of any error in its cause chain (undici nests the system error). */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A printable summary of a lower-level error, to attach as `cause`. The original is not kept:
 * a custom fetch may throw an error that holds the request. Its message is kept only when it
 * does not look like form data or a query (`a=b&c=d`), and PANs are masked.
 */
export function summarizeCause(error: unknown): Error {
  const name = error instanceof Error ? error.name : typeof error;
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = [error, inner]
    .filter((e): e is Error => e instanceof Error)
    .map((e) => (/[=&]/.test(e.message) ? "[message withheld]" : e.message))
    .join(": ");
  const summary = new Error(maskPans(`${name}: ${message}`));
  const code = errorCode(error);
  if (code) Object.assign(summary, { code });
  return summary;
}
