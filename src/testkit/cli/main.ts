#!/usr/bin/env node
/**
 * `payment-apis`: the testkit's command line for CI jobs and local work, on commander: help for
 * every command, --version, "did you mean" for a mistyped command or option, and errors that
 * name the flag or the environment variable a bad value came from.
 *   payment-apis sandbox | mock | proxy | contract | wait   (payment-apis <command> --help)
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Command } from "commander";
import { objectOf, stringOf } from "../common/json-values";
import { contractCommand } from "./commands/contract";
import { mockCommand } from "./commands/mock";
import { proxyCommand } from "./commands/proxy";
import { sandboxCommand } from "./commands/sandbox";
import { waitCommand } from "./commands/wait";

/** The version of the package this file ships in: the nearest package.json above it (checkout or installed package). */
function packageVersion(from: string = __dirname): string {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = objectOf(JSON.parse(readFileSync(file, "utf8")));
    return `${stringOf(manifest.name) ?? "payment-apis"} ${stringOf(manifest.version) ?? "(no version)"}`;
  }
  return "payment-apis (no package.json found)";
}

/** Exit codes: 0 for help and version, 2 for a command line that cannot be run (1 is a failed run). */
const USAGE_ERROR = 2;

const program = new Command("payment-apis")
  .description(
    "The sandbox, the Prism mock, the validating proxy and the contract suite of the Gateway API and the Merchant Management API.",
  )
  .version(packageVersion(), "-v, --version")
  .showHelpAfterError("(add --help for the options)")
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR));
for (const command of [sandboxCommand, mockCommand, proxyCommand, contractCommand, waitCommand]) {
  // Settings the sub-commands take from the program (error handling, suggestions) are copied when added.
  program.addCommand(command.copyInheritedSettings(program));
}

void program.parseAsync(process.argv);
