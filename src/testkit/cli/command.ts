/** What every `payment-apis` sub-command is: its options (node:util parseArgs) and its run. */
import type { ParseArgsConfig } from "node:util";
import type { Lifecycle } from "../serve/lifecycle";

export type OptionValues = Record<string, string | boolean | undefined>;

export interface Command {
  name: string;
  /** One line for `payment-apis --help`. */
  summary: string;
  /** The full help text of the command. */
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Whether the command takes positional arguments (`wait URL...`). */
  positionals?: boolean;
  /**
   * Runs the command. A serving command registers its stop steps with `lifecycle` and returns
   * while it serves; a finite command returns its exit code.
   */
  run(values: OptionValues, positionals: string[], lifecycle: Lifecycle): Promise<number | "serving">;
}

/** A string option's value, or undefined when not given. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}
