/**
 * The package's library build: both clients as CommonJS with .d.ts into dist/lib/ (entry points
 * src/index.ts, src/gateway.ts, src/merchant.ts; package.json `exports` points there). tsc does
 * not copy the generated schema.d.ts files the declarations import, so they are copied after.
 */
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { listApis, projectRoot } from "./lib/apis";
import { runBin } from "./lib/exec";

export function buildLib(): void {
  const outDir = join(projectRoot, "dist", "lib");
  rmSync(outDir, { recursive: true, force: true });
  runBin("tsc", ["-p", "tsconfig.build.json"]);
  for (const { name } of listApis()) {
    mkdirSync(join(outDir, "generated", name), { recursive: true });
    copyFileSync(join(projectRoot, "generated", name, "schema.d.ts"), join(outDir, "generated", name, "schema.d.ts"));
  }
  console.log(`library built in ${outDir}`);
}

if (require.main === module) buildLib();
