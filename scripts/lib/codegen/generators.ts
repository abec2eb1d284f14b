/**
 * The generators of the codegen matrix, each pinned in package.json, and where their output goes:
 * dist/codegen/<generator>/<api>/ (git-ignored). Each runs as its own process, as users run it.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { exitProblem, runChild } from "../../../src/testkit/serve/children";
import { projectRoot } from "../apis";
import { bin, toolEnv } from "../exec";
import { stripVTControlCharacters } from "node:util";

export const codegenRoot = join(projectRoot, "dist", "codegen");
export const apis = ["gateway", "merchant"] as const;
export type ApiName = (typeof apis)[number];

export interface Generator {
  /** Row name in the matrix and folder name under dist/codegen. */
  id: "openapi-typescript" | "hey-api" | "orval";
  /** npm package, whose installed version the matrix reports. */
  packageName: string;
  /** Writes the output for one API into `outDir`; resolves with the warnings printed. */
  generate(specPath: string, outDir: string): Promise<string[]>;
  /** The files holding the operation types, relative to the output folder. */
  typesFile: string;
}

export const specPath = (api: ApiName) => join(projectRoot, "generated", api, "openapi.json");
export const outputDir = (generator: string, api: ApiName) => join(codegenRoot, generator, api);
/** The orval output that the docs example uses: generated with the toolkit's encoder and signing fetch. */
export const orvalEncodeFormDir = outputDir("orval-encodeForm", "gateway");
export const orvalHooksFile = join(projectRoot, "docs", "examples", "codegen", "orval-gateway-fetch.ts");

export function installedVersion(packageName: string): string {
  return (JSON.parse(readFileSync(join(projectRoot, "node_modules", packageName, "package.json"), "utf8")) as { version: string }).version;
}

/** Runs a command; resolves with its output, rejects with it on a non-zero exit. */
export async function run(command: string, args: string[], cwd = projectRoot): Promise<string> {
  const finished = await runChild(command, args, { cwd, env: { ...toolEnv, NO_COLOR: "1", FORCE_COLOR: "0" } });
  if (finished.code !== 0) throw new Error(exitProblem(`${command} ${args.join(" ")}`, finished, Infinity));
  return finished.output;
}

function fresh(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
}

/** Lines that read as warnings (orval prints its spec validation problems with ⚠️). */
function warningsIn(output: string): string[] {
  return output
    .split("\n")
    .map((line) => stripVTControlCharacters(line).trim())
    .filter((line) => /warn|⚠|🛑|error|must NOT|unevaluated/i.test(line) || /^#\//.test(line))
    .filter((line) => !/^at /.test(line))
    .filter((line) => !/npm warn/.test(line));
}

/** orval is driven through its API with an options object: no config file to load. */
function orvalScript(specFile: string, target: string, withToolkitHooks: boolean): string {
  const override = withToolkitHooks
    ? { mutator: { path: orvalHooksFile, name: "gatewayFetch" }, formUrlEncoded: { path: orvalHooksFile, name: "encodeGatewayForm" } }
    : undefined;
  const options = { input: { target: specFile }, output: { target, client: "fetch", mode: "single", override } };
  return `require(require.resolve("orval", { paths: [${JSON.stringify(projectRoot)}] })).generate(${JSON.stringify(options)}, ${JSON.stringify(projectRoot)}).catch((e) => { console.error(e); process.exit(1); });`;
}

export async function generateOrval(specFile: string, outDir: string, withToolkitHooks = false): Promise<string[]> {
  fresh(outDir);
  return warningsIn(await run(process.execPath, ["-e", orvalScript(specFile, join(outDir, "api.ts"), withToolkitHooks)]));
}

export const generators: Generator[] = [
  {
    id: "openapi-typescript",
    packageName: "openapi-typescript",
    typesFile: "schema.ts",
    // A .ts file (not .d.ts) so that the strict check reads it despite skipLibCheck. Run from the
    // output folder: in the project root it would read redocly.yaml's APIs instead of the argument.
    generate: async (spec, outDir) => (
      fresh(outDir),
      warningsIn(await run(bin("openapi-typescript"), [spec, "-o", join(outDir, "schema.ts")], outDir))
    ),
  },
  {
    id: "hey-api",
    packageName: "@hey-api/openapi-ts",
    typesFile: "types.gen.ts",
    generate: async (spec, outDir) => (
      fresh(outDir),
      warningsIn(await run(bin("openapi-ts"), ["-i", spec, "-o", outDir, "--no-log-file"]))
    ),
  },
  { id: "orval", packageName: "orval", typesFile: "api.ts", generate: (spec, outDir) => generateOrval(spec, outDir) },
];
