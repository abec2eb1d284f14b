/**
 * One lane of the mutation run (./run.ts): a vitest file that runs the pinned scenarios of one
 * mutant after another in one worker, each against that mutant's provider. Every mutant gets a
 * suite named after it, and in it a suite per test file, named by the file's path, into which the
 * file registers its tests: a fresh instance of the file is imported for each mutant (a query per
 * mutant), while the support modules, the specs and their compiled validators are loaded once
 * per worker. A worker and a project per mutant cost several times the scenarios themselves.
 */
import { beforeAll, describe, inject } from "vitest";
import { switchTarget } from "../support/context";
import type { ContractTarget } from "../support/target";

/** A mutant (or the baseline) as a lane runs it. */
export interface LaneJob {
  /** The mutant's name: the name of its suite, which the results are read by. */
  name: string;
  /** Its provider. */
  target: ContractTarget;
  /** The titles of its pinned tests, as a regular expression over a test's own name. */
  only: string;
  /** The test files that hold them, relative to the repository root, with their absolute paths. */
  files: Array<{ file: string; path: string }>;
}

declare module "vitest" {
  export interface ProvidedContext {
    mutantLane: LaneJob[];
  }
}

for (const job of inject("mutantLane")) {
  describe(job.name, async () => {
    const only = new RegExp(job.only);
    // While the files register their tests (now) and while the tests run (later, in this order).
    switchTarget(job.target, only);
    beforeAll(() => switchTarget(job.target, only));
    for (const { file, path } of job.files) {
      describe(file, async () => {
        await import(/* @vite-ignore */ `${path}?mutant=${encodeURIComponent(job.name)}`);
      });
    }
  });
}
