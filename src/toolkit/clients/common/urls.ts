/** Small URL checks shared by the clients and the testkit, linear in their input. */

/** Whether `value` is an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/**
 * `text` without its trailing slashes. A loop, not `/\/+$/`: that expression backtracks
 * quadratically on a long run of slashes that is not at the end (an audience of such slashes in
 * one token request held every listener of the sandbox for a minute).
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
