import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A fixed order, cheapest and most telling first: conformance, then behaviour, then fuzzing
 * (alphabetical within each). With `--bail` (the mutants runner) a fault is reported by the
 * most specific test that sees it, and runs do not depend on vitest's cache of past failures.
 */
const ORDER = ["/conformance/", "/behaviour/", "/fuzz/"];

export default class ContractSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = ORDER.findIndex((part) => file.moduleId.replace(/\\/g, "/").includes(part));
      return index < 0 ? ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
