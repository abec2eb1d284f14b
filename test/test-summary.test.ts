/**
 * The closing lines that CI reads (`tests: ...` of npm run test:unit, `contract: ...` of the
 * contract suite) count every failed file as failed: a test whose `beforeAll` threw, in its
 * describe block or at the top of its file, a file that failed to load, and an `afterAll` that
 * threw after its tests passed. Vitest reports the first as skipped and the others as no test.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { runChild } from "../src/testkit/serve/children";

const files: Record<string, string> = {
  "suite-hook.test.ts": `describe("a suite", () => { beforeAll(() => { throw new Error("suite set-up broke"); }); it("runs", () => {}); it.skip("is skipped", () => {}); });`,
  "file-hook.test.ts": `beforeAll(() => { throw new Error("file set-up broke"); }); it("runs", () => {});`,
  "load.test.ts": `import "./no-such-module"; it("runs", () => {});`,
  "plain.test.ts": `it("fails", () => { throw new Error("wrong"); }); it.skip("is skipped", () => {}); it("passes", () => {});`,
  "clean-up.test.ts": `describe("after its tests", () => { afterAll(() => { throw new Error("clean-up broke"); }); it("passes", () => {}); });`,
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "summary-"));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** vitest over the files with `reporter` (globals on: the files import nothing). */
async function closingLines(reporter: string): Promise<string> {
  const { stdout } = await runChild(
    join(projectRoot, "node_modules", ".bin", "vitest"),
    ["run", "--root", dir, "--globals", "--reporter", join(projectRoot, reporter)],
    { cwd: dir, env: { ...process.env, CONTRACT_RESULTS_FILE: "" } },
  );
  return stdout;
}

describe("closing lines count a file whose set-up or load failed as failed", () => {
  it("npm run test:unit's", async () => {
    expect(await closingLines("test/support/plain-summary-reporter.ts")).toContain("tests: 2 passed, 5 failed, 2 skipped");
  });

  it("the contract suite's, with the reason of each", async () => {
    const output = await closingLines("contract-tests/support/reporter.ts");
    expect(output).toContain("contract: 2 passed, 5 failed, 2 skipped");
    expect(output).toContain('not run: "a suite" failed: suite set-up broke');
    expect(output).toContain("not run: its file failed: file set-up broke");
    expect(output).toContain('"after its tests" failed outside its tests: clean-up broke');
  });
});
