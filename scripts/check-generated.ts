/**
 * Fails when generated/ is not exactly what `npm run build` would write from the current specs:
 * regenerates into a temporary folder and compares every file, both ways.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { projectRoot } from "./lib/apis";
import { generate } from "./generate";

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

async function main(): Promise<void> {
  const committed = join(projectRoot, "generated");
  const fresh = mkdtempSync(join(tmpdir(), "generated-"));
  try {
    await generate(fresh);
    const names = new Set([...listFiles(fresh).map((f) => relative(fresh, f)), ...listFiles(committed).map((f) => relative(committed, f))]);
    const stale = [...names].sort().filter((name) => {
      const a = join(fresh, name);
      const b = join(committed, name);
      return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b));
    });
    if (stale.length > 0) {
      console.error("generated/ is stale; run `npm run build` and commit the result. Differs:");
      stale.forEach((name) => console.error(`  generated/${name}`));
      process.exit(1);
    }
    console.log(`generated/ is fresh (${names.size} files).`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
