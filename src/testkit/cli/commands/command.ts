/**
 * What the `payment-apis` sub-commands share: options that stand for an environment variable
 * (commander's `.env()`: a flag wins, and an error names the flag or the variable the value came
 * from), their value parsers, and running a command's work under a Lifecycle.
 */
import { InvalidArgumentError, Option } from "commander";
import { isHttpUrl } from "../../../toolkit/clients/common/urls";
import { Lifecycle } from "../../serve/lifecycle";
import { portProblem } from "../../serve/ports";

/**
 * `--<name> <N>`, standing for `variable`, parsed as a port (0, a free port, only where the
 * command reports the chosen one).
 */
export function portOption(
  flags: string,
  variable: string,
  description: string,
  fallback: number,
  options: { allowZero?: boolean } = {},
): Option {
  return new Option(flags, description)
    .env(variable)
    .default(fallback)
    .argParser((raw: string) => {
      if (raw === "") return fallback; // an empty variable is an unset one
      const problem = portProblem(raw, options);
      if (problem !== undefined) throw new InvalidArgumentError(`It ${problem}.`);
      return Number(raw);
    });
}

/** An integer from `min` to `max`, for `.argParser()` (an empty variable is an unset one). */
export function integerArgument(min: number, max: number): (raw: string) => number | undefined {
  return (raw) => {
    if (raw === "") return undefined;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
      throw new InvalidArgumentError(`It must be an integer from ${min} to ${max}.`);
    return Number(raw);
  };
}

/** An http(s) URL, for `.argParser()` (an empty variable is an unset one). */
export function httpUrlArgument(raw: string): string | undefined {
  if (raw === "") return undefined;
  if (!isHttpUrl(raw)) throw new InvalidArgumentError("It must be an http:// or https:// URL.");
  return raw;
}

/**
 * Runs a command's work with a Lifecycle (installed here, when a command runs, not at import): a
 * serving command registers its stop steps and returns "serving", then runs until a signal (and
 * exits 0); a finite one returns its exit code (a signal before it ends: 130 or 143). An error
 * stops what was started and exits 1 with its message.
 */
export function runWithLifecycle(work: (lifecycle: Lifecycle) => Promise<number | "serving">): Promise<void> {
  const lifecycle = new Lifecycle();
  return lifecycle.run(() => work(lifecycle));
}
