/**
 * The suite's tests and the rule ids each declares (`rules` of `scenario()`, kept in the test's
 * meta), collected by vitest without running a test or starting a target.
 */
import { join, relative, resolve } from "node:path";
import { createVitest } from "vitest/node";

export interface CollectedTest {
  /** Full name, as reports print it. */
  name: string;
  /** The test's own name (without its describe blocks). */
  title: string;
  /** Test file, relative to the repository root. */
  file: string;
  rules: string[];
}

const root = resolve(__dirname, "..", "..");

export async function collectTests(): Promise<CollectedTest[]> {
  const previous = process.env.CONTRACT_COLLECT_ONLY;
  process.env.CONTRACT_COLLECT_ONLY = "1";
  const vitest = await createVitest("test", {
    root,
    config: join(root, "contract-tests", "vitest.config.mts"),
    watch: false,
    reporters: [],
  });
  try {
    const { testModules } = await vitest.collect();
    const tests: CollectedTest[] = [];
    for (const module of testModules) {
      const errors = module.errors();
      if (errors.length > 0)
        throw new Error(`${relative(root, module.moduleId)} does not load: ${errors.map((e) => e.message).join("; ")}`);
      for (const test of module.children.allTests()) {
        tests.push({
          name: test.fullName,
          title: test.name,
          file: relative(root, module.moduleId),
          rules: [...((test.meta() as { rules?: string[] }).rules ?? [])],
        });
      }
    }
    return tests;
  } finally {
    await vitest.close();
    if (previous === undefined) delete process.env.CONTRACT_COLLECT_ONLY;
    else process.env.CONTRACT_COLLECT_ONLY = previous;
  }
}
