/** The whole pipeline: lint, then bundle + JSON + types into generated/, then the docs. `npm run pack` builds the packages. */
import { join } from "node:path";
import { projectRoot } from "./lib/apis";
import { runBin } from "./lib/exec";
import { generate } from "./generate";
import { buildDocs } from "./build-docs";

async function main(): Promise<void> {
  runBin("ts-node", [join("scripts", "lint.ts")]);
  const files = await generate(join(projectRoot, "generated"));
  console.log(`generated ${files.length} files in generated/`);
  await buildDocs();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
