/**
 * `payment-apis contract`: the contract suite (contract-tests/, run by vitest) against the
 * sandbox, the Prism mock or any implementation. Flags stand for the suite's environment
 * variables (docs/contract-tests.md); secrets (keys, client secrets, PEMs) are read from the
 * environment only, so that they never appear in a process list.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { runChild } from "../../serve/children";
import { packageBin } from "../../serve/package-bin";
import { httpUrlArgument, integerArgument, runWithLifecycle } from "./command";

const CONFIG = join("contract-tests", "vitest.config.mts");

/** The folder holding contract-tests/: this checkout, or the installed testkit package. */
export function suiteRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG))) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find ${CONFIG} above ${from}`);
  }
}

/**
 * The suite's environment: the caller's, with each option's value (checked here) in the variable
 * the option stands for (`.env()`), which is where the suite reads it.
 */
function suiteEnvironment(command: Command, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  const values = command.opts<Record<string, unknown>>();
  for (const option of command.options) {
    const value = values[option.attributeName()];
    if (option.envVar !== undefined && value !== undefined)
      merged[option.envVar] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return merged;
}

/**
 * The suite's environment as to colours. vitest colours its output whatever stdout is (it looks
 * at TERM only), so a run whose stdout is not a terminal gets NO_COLOR, unless FORCE_COLOR asks
 * for colours; a FORCE_COLOR of 0 or false means none (vitest takes any FORCE_COLOR as a yes).
 */
export function colourEnvironment(env: NodeJS.ProcessEnv, terminal: boolean): NodeJS.ProcessEnv {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined && !/^(0|false)$/i.test(forced)) return env;
  if (terminal && forced === undefined) return env;
  const plain: NodeJS.ProcessEnv = { ...env, NO_COLOR: env.NO_COLOR || "1" };
  delete plain.FORCE_COLOR;
  return plain;
}

function apiList(raw: string): string {
  const names = raw.split(",").map((name) => name.trim());
  if (names.length === 0 || names.some((name) => name !== "gateway" && name !== "merchant"))
    throw new InvalidArgumentError("It must be gateway, merchant or gateway,merchant.");
  return names.join(",");
}

export const contractCommand = new Command("contract")
  .summary("run the contract suite against the sandbox, the mock or your implementation")
  .description(
    "Runs the contract suite: every response checked against the bundled specs, behaviour scenarios for the APIs' rules, and property-based fuzzing. " +
      "Exits non-zero on any failure; a run with failures ends with them grouped by rule and by operation, each with a curl reproduction (secrets as $VARIABLES). " +
      "Each option stands for an environment variable; the flag wins. Arguments after -- go to vitest. No colour codes unless stdout is a terminal (FORCE_COLOR=1 keeps them).\n\n" +
      "Credentials come from the environment only, never from flags: GATEWAY_API_KEY, GATEWAY_SIGNING_API_KEY, GATEWAY_SIGNING_KEY or " +
      "GATEWAY_SIGNING_KEY_FILE, MERCHANT_CLIENT_ID, MERCHANT_CLIENT_SECRET (the sandbox's seeded credentials are the defaults for --target sandbox).",
  )
  .addOption(
    new Option("--target <KIND>", "sandbox (started by the suite, or the one at the two URLs), mock, or external (your implementation)")
      .env("CONTRACT_TARGET")
      .choices(["sandbox", "mock", "external"]),
  )
  .addOption(new Option("--gateway-url <URL>", "the gateway under test").env("GATEWAY_BASE_URL").argParser(httpUrlArgument))
  .addOption(
    new Option("--merchant-url <URL>", "the merchant API's entrypoint under test").env("MERCHANT_BASE_URL").argParser(httpUrlArgument),
  )
  .addOption(new Option("--apis <LIST>", "gateway,merchant (default) or one of them").env("CONTRACT_APIS").argParser(apiList))
  .addOption(
    new Option("--fuzz-runs <N>", "property-based runs per property (25)").env("CONTRACT_FUZZ_RUNS").argParser(integerArgument(1, 100_000)),
  )
  .addOption(
    new Option("--runs <N>", "the model's command sequences per API (20)")
      .env("CONTRACT_MODEL_RUNS")
      .argParser(integerArgument(1, 100_000)),
  )
  .addOption(
    new Option("--seed <N>", "the seed of the model's sequences (41; a failure prints the one to replay)")
      .env("CONTRACT_MODEL_SEED")
      .argParser(integerArgument(0, 999_999_999)),
  )
  // Resolved here: vitest runs with the suite's folder as its root.
  .addOption(
    new Option("--junit <FILE>", "also write a JUnit XML report to FILE")
      .env("CONTRACT_JUNIT")
      .argParser((raw: string) => (raw === "" ? undefined : resolve(raw))),
  )
  .addOption(new Option("--reporter <NAME>", "vitest's output").env("CONTRACT_REPORTER").choices(["default", "dot"]))
  .argument("[vitest-args...]", "passed on to vitest (after --)")
  .action((vitestArgs: string[], _settings: unknown, command: Command) =>
    // vitest is stopped with this process (a signal: SIGTERM to it, then exit 130 or 143).
    runWithLifecycle(async () => {
      const root = suiteRoot();
      const args = [packageBin("vitest", "vitest"), "run", "--root", root, "--config", join(root, CONFIG), ...vitestArgs];
      const { code } = await runChild(process.execPath, args, {
        cwd: process.cwd(),
        env: colourEnvironment(suiteEnvironment(command, process.env), process.stdout.isTTY === true),
        stdio: "inherit",
      });
      return code ?? 1;
    }),
  );
