/**
 * Checks of the options a client is created with: a client that cannot work fails when it is
 * created, with one ClientOptionsError naming the option and what to pass, not at its first call.
 */
import { ClientOptionsError } from "./errors";
import { isHttpUrl } from "./urls";

/** An absolute http(s) URL, or a ClientOptionsError naming `option` and an example. */
export function httpUrlOption(value: unknown, option: string, example: string): string {
  if (typeof value !== "string" || value === "")
    throw new ClientOptionsError(`${option} is required: an absolute http(s) URL such as ${example}`);
  if (!isHttpUrl(value))
    throw new ClientOptionsError(`${option} must be an absolute http(s) URL such as ${example}; the value given is not one`);
  return value;
}

/** A string that is not empty (nor only spaces), or a ClientOptionsError naming `option`. */
export function nonEmptyOption(value: unknown, option: string, what: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new ClientOptionsError(`${option} is required: ${what}`);
  return value;
}

/** A whole number of milliseconds (0 disables the timeout), when given. */
export function timeoutOption(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw new ClientOptionsError(`${option} must be a whole number of milliseconds (0 disables the timeout)`);
  return value;
}
