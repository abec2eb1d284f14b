/**
 * `payment-apis contract`: the contract suite (contract-tests/, run by vitest) against the
 * sandbox, the Prism mock or any implementation. Flags stand for the suite's environment
 * variables (docs/contract-tests.md); secrets (keys, client secrets, PEMs) are read from the
 * environment only, so that they never appear in a process list.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { packageBin } from "../../serve/package-bin";
import { stringOption, type Command, type OptionValues } from "../command";

const CONFIG = join("contract-tests", "vitest.config.mts");

/** Flags and the suite variables they set (a flag wins over the environment). */
const FLAG_VARIABLES = {
  target: "CONTRACT_TARGET",
  apis: "CONTRACT_APIS",
  "gateway-url": "GATEWAY_BASE_URL",
  "merchant-url": "MERCHANT_BASE_URL",
  "fuzz-runs": "CONTRACT_FUZZ_RUNS",
  junit: "CONTRACT_JUNIT",
  reporter: "CONTRACT_REPORTER",
} as const;

/** The folder holding contract-tests/: this checkout, or the installed testkit package. */
export function suiteRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG))) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find ${CONFIG} above ${from}`);
  }
}


export function suiteEnvironment(values: OptionValues, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [flag, variable] of Object.entries(FLAG_VARIABLES)) {
    const value = stringOption(values, flag);
    if (value !== undefined) merged[variable] = flag === "junit" ? resolve(value) : value;
  }
  return merged;
}

export const contractCommand: Command = {
  name: "contract",
  summary: "run the contract suite against the sandbox, the mock or your implementation",
  usage: `payment-apis contract [options] [-- vitest options]

Runs the contract suite: every response checked against the bundled specs, behaviour scenarios
for the APIs' rules, and property-based fuzzing. Exits non-zero on any failure.

Options (each stands for an environment variable; the flag wins):
  --target KIND        CONTRACT_TARGET     sandbox (default: started by the suite, or the one at
                                           the two URLs), mock, or external (your implementation)
  --gateway-url URL    GATEWAY_BASE_URL    the gateway under test
  --merchant-url URL   MERCHANT_BASE_URL   the merchant API's entrypoint under test
  --apis LIST          CONTRACT_APIS       gateway,merchant (default) or one of them
  --fuzz-runs N        CONTRACT_FUZZ_RUNS  property-based runs per property (25)
  --junit FILE         CONTRACT_JUNIT      also write a JUnit XML report to FILE
  --reporter NAME      CONTRACT_REPORTER   default or dot

Credentials come from the environment only: GATEWAY_API_KEY, GATEWAY_SIGNING_API_KEY,
GATEWAY_SIGNING_KEY or GATEWAY_SIGNING_KEY_FILE, MERCHANT_CLIENT_ID, MERCHANT_CLIENT_SECRET
(the sandbox's seeded credentials are the defaults for --target sandbox).`,
  options: {
    target: { type: "string" },
    apis: { type: "string" },
    "gateway-url": { type: "string" },
    "merchant-url": { type: "string" },
    "fuzz-runs": { type: "string" },
    junit: { type: "string" },
    reporter: { type: "string" },
  },
  positionals: true,
  async run(values, extraArgs, lifecycle) {
    const root = suiteRoot();
    const args = [packageBin("vitest", "vitest"), "run", "--root", root, "--config", join(root, CONFIG), ...extraArgs];
    const child = spawn(process.execPath, args, { cwd: process.cwd(), env: suiteEnvironment(values, process.env), stdio: "inherit" });
    lifecycle.add(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    });
    return new Promise<number>((done, fail) => {
      child.once("error", fail);
      child.once("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
    });
  },
};
