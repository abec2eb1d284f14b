#!/usr/bin/env node
/**
 * `payment-apis`: the testkit's command line for CI jobs and local work.
 *   payment-apis sandbox | mock | proxy | contract | wait   (payment-apis <command> --help)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Lifecycle } from "../serve/lifecycle";
import type { Command } from "./command";
import { contractCommand } from "./commands/contract";
import { mockCommand } from "./commands/mock";
import { proxyCommand } from "./commands/proxy";
import { sandboxCommand } from "./commands/sandbox";
import { waitCommand } from "./commands/wait";

const COMMANDS: ReadonlyMap<string, Command> = new Map([sandboxCommand, mockCommand, proxyCommand, contractCommand, waitCommand].map((command) => [command.name, command]));

function version(): string {
  for (const candidate of ["../../package.json", "../../../package.json"]) {
    try {
      const manifest = JSON.parse(readFileSync(require.resolve(candidate), "utf8")) as { name?: string; version?: string };
      if (manifest.name && manifest.version) return `${manifest.name} ${manifest.version}`;
    } catch {
      // not at this depth: the checkout (src/testkit/cli) and the package (dist/src/testkit/cli) differ by one level
    }
  }
  return "unknown version";
}

function overview(): string {
  const width = Math.max(...[...COMMANDS.keys()].map((name) => name.length));
  return [
    "payment-apis <command> [options]     (payment-apis <command> --help for its options)",
    "",
    ...[...COMMANDS.values()].map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
  ].join("\n");
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(overview());
    return;
  }
  if (name === "--version" || name === "-v") {
    console.log(version());
    return;
  }
  const command = COMMANDS.get(name);
  if (command === undefined) {
    console.error(`unknown command "${name}"\n\n${overview()}`);
    process.exitCode = 2;
    return;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(command.usage);
    return;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: command.positionals === true, strict: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${command.usage}`);
    process.exitCode = 2;
    return;
  }
  const lifecycle = new Lifecycle();
  await lifecycle.run(async () => {
    const outcome = await command.run(parsed.values as Record<string, string | boolean | undefined>, parsed.positionals, lifecycle);
    if (outcome !== "serving") await lifecycle.exit(outcome);
  });
}

void main(process.argv.slice(2));
