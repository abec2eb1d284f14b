/**
 * `npm run pack`: builds the two installable packages of this repository and writes their
 * tarballs to dist/packages/ (the manifests and READMEs are in packages/<name>/):
 *
 * - payment-apis-toolkit: the clients, CommonJS with .d.ts (dist/cjs), ESM entry points that
 *   re-export the CommonJS build (dist/esm; one instance of each class, so `instanceof` holds
 *   whichever way a consumer imports), node10 redirects (gateway/, merchant/) and the bundled
 *   specs (specs/<api>.json|yaml).
 * - payment-apis-testkit: the `payment-apis` command line compiled to dist/, plus the
 *   TypeScript of the contract suite and what it imports (src/, contract-tests/, generated/ with the
 *   sandbox's file format schemas),
 *   which vitest runs as it does in this checkout, and the guides its messages name (docs/).
 *
 * Each package is staged in dist/packages/<name>/, checked against the root package.json
 * (same version, same pinned versions of shared dependencies), then packed with `npm pack`.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join, relative } from "node:path";
import { listApis, listServiceApis, projectRoot } from "./lib/apis";
import { runChildSync } from "../src/testkit/serve/children";
import { toolEnv } from "./lib/exec";
import { copyTestkitAssets } from "./lib/testkit-assets";
import { shippedGuides } from "../src/testkit/common/guides";
import { emitProject } from "./lib/typescript-host";

export const packagesOutDir = join(projectRoot, "dist", "packages");
export const packageNames = ["payment-apis-toolkit", "payment-apis-testkit"] as const;
export type PackageName = (typeof packageNames)[number];

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;
const rootManifest = () => readJson<Manifest>(join(projectRoot, "package.json"));

/** The manifest of a package as committed in packages/<name>/package.json. */
export function packageManifest(name: PackageName): Manifest {
  return readJson<Manifest>(join(projectRoot, "packages", name, "package.json"));
}

/**
 * A package must ship the version of this repository and the very dependency versions that the
 * repository's lockfile installs and its tests run with.
 */
export function manifestProblems(name: PackageName): string[] {
  const root = rootManifest();
  const pinned = { ...root.devDependencies, ...root.dependencies };
  const manifest = packageManifest(name);
  const problems: string[] = [];
  if (manifest.version !== root.version) problems.push(`${name}: version ${manifest.version}, but the repository is at ${root.version}`);
  for (const [dependency, version] of Object.entries(manifest.dependencies ?? {})) {
    if (pinned[dependency] !== version)
      problems.push(`${name}: ${dependency}@${version}, but package.json pins ${pinned[dependency] ?? "nothing"}`);
  }
  return problems;
}

function stage(name: PackageName): string {
  const problems = manifestProblems(name);
  if (problems.length > 0) throw new Error(problems.join("\n"));
  const dir = join(packagesOutDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of ["package.json", "README.md"]) cpSync(join(projectRoot, "packages", name, file), join(dir, file));
  return dir;
}

function copySchemaTypes(generatedOut: string): void {
  for (const { name } of listServiceApis()) {
    mkdirSync(join(generatedOut, name), { recursive: true });
    cpSync(join(projectRoot, "generated", name, "schema.d.ts"), join(generatedOut, name, "schema.d.ts"));
  }
}

/** Loads a file this script has just built (its path is known only at run time). */
const requireBuilt = createRequire(__filename);

/** ESM entry points over the CommonJS build: named re-exports, so that Node and bundlers see each name. */
function writeEsmEntries(dir: string, entries: readonly string[]): void {
  const esmDir = join(dir, "dist", "esm");
  mkdirSync(esmDir, { recursive: true });
  for (const entry of entries) {
    const target = `../cjs/src/toolkit/${entry}.js`;
    // The staged CommonJS build resolves its dependencies from this checkout's node_modules.
    const names = Object.keys(requireBuilt(join(dir, "dist", "cjs", "src", "toolkit", `${entry}.js`)) as object).filter(
      (key) => key !== "__esModule" && key !== "default",
    );
    writeFileSync(
      join(esmDir, `${entry}.mjs`),
      `// ESM entry point: the CommonJS build, one instance for both module systems.\nexport { ${names.sort().join(", ")} } from "${target}";\n`,
    );
    writeFileSync(join(esmDir, `${entry}.d.mts`), `export * from "${target}";\n`);
  }
}

function buildToolkit(): string {
  const dir = stage("payment-apis-toolkit");
  emitProject(join(projectRoot, "tsconfig.toolkit.json"), join(dir, "dist", "cjs"));
  copySchemaTypes(join(dir, "dist", "cjs", "generated"));
  writeEsmEntries(dir, ["index", "gateway", "merchant"]);
  for (const entry of ["gateway", "merchant"]) {
    // node10 resolution ("moduleResolution": "node") ignores `exports`: a folder with a manifest.
    mkdirSync(join(dir, entry), { recursive: true });
    writeFileSync(
      join(dir, entry, "package.json"),
      `${JSON.stringify({ main: `../dist/cjs/src/toolkit/${entry}.js`, types: `../dist/cjs/src/toolkit/${entry}.d.ts` }, null, 2)}\n`,
    );
  }
  mkdirSync(join(dir, "specs"), { recursive: true });
  for (const { name } of listServiceApis()) {
    for (const format of ["json", "yaml"])
      cpSync(join(projectRoot, "generated", name, `openapi.${format}`), join(dir, "specs", `${name}.${format}`));
  }
  return dir;
}

/** What the contract suite needs to run from the package: not the mutants or Dredd (dev only). */
const SUITE_EXCLUDED = new Set(["mutants", "dredd", "run-all.ts"]);

function buildTestkit(): string {
  const dir = stage("payment-apis-testkit");
  emitProject(join(projectRoot, "tsconfig.testkit.json"), join(dir, "dist"));
  // The declarations import the generated types (the APIs' and the file formats') beside the compiled generated/ modules.
  for (const { name } of listApis()) {
    mkdirSync(join(dir, "dist", "generated", name), { recursive: true });
    for (const file of readdirSync(join(projectRoot, "generated", name)).filter((f) => f.endsWith(".d.ts")))
      cpSync(join(projectRoot, "generated", name, file), join(dir, "dist", "generated", name, file));
  }
  copyTestkitAssets(join(dir, "dist"));
  writeFileSync(
    join(dir, "dist", "src", "testkit", "cli", "main.js"),
    readFileSync(join(dir, "dist", "src", "testkit", "cli", "main.js"), "utf8"),
    { mode: 0o755 },
  );
  // The guides its messages and README name (src/testkit/common/guides.ts): an installed user has each.
  for (const guide of shippedGuides) cpSync(join(projectRoot, "docs", guide), join(dir, "docs", guide));
  cpSync(join(projectRoot, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(projectRoot, "contract-tests"), join(dir, "contract-tests"), {
    recursive: true,
    filter: (source) => !SUITE_EXCLUDED.has(relative(join(projectRoot, "contract-tests"), source)),
  });
  // Every API's bundle, types and facts: the control API's too (the sandbox serves it), with the
  // sandbox's file formats beside it (the sandbox validates config files and fixtures with them).
  // The YAML bundles are for readers; the code reads the JSON.
  for (const { name } of listApis()) {
    mkdirSync(join(dir, "generated", name), { recursive: true });
    for (const file of readdirSync(join(projectRoot, "generated", name)).filter((f) => f !== "openapi.yaml"))
      cpSync(join(projectRoot, "generated", name, file), join(dir, "generated", name, file));
  }
  return dir;
}

/** `npm pack` of a staged folder into dist/packages/; returns the tarball's path. */
function npmPack(dir: string): string {
  const result = runChildSync("npm", ["pack", "--json", "--pack-destination", packagesOutDir], { cwd: dir, env: toolEnv });
  if (result.code !== 0) throw new Error(`npm pack in ${dir} failed:\n${result.stderr}`);
  const [packed] = JSON.parse(result.stdout) as Array<{ filename: string }>;
  return join(packagesOutDir, basename(packed!.filename));
}

/** Builds both packages; returns the tarballs by package name. */
export function packAll(): Record<PackageName, string> {
  mkdirSync(packagesOutDir, { recursive: true });
  for (const entry of readdirSync(packagesOutDir)) if (entry.endsWith(".tgz")) rmSync(join(packagesOutDir, entry));
  return { "payment-apis-toolkit": npmPack(buildToolkit()), "payment-apis-testkit": npmPack(buildTestkit()) };
}

if (require.main === module) {
  try {
    for (const tarball of Object.values(packAll())) console.log(relative(process.cwd(), tarball));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
