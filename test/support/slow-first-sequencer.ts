import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that wait longest (npm installs, a browser, generators, child processes, Prism),
 * longest first: started first, they overlap with the many short files instead of ending the
 * run alone. A fresh clone has no timing cache for vitest to order by; the rest keep vitest's order.
 */
const slowestFirst = [
  "packages",
  "docs-browser",
  "codegen",
  "serve-lifecycle",
  "spec-diff",
  "release",
  "mock-prism",
  "client-prism",
  "sandbox-retention",
];

const rank = (spec: TestSpecification) => {
  const index = slowestFirst.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return index < 0 ? slowestFirst.length : index;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
