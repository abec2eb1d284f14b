/**
 * The closing lines that CI reads (`tests: ...` of npm run test:unit, `contract: ...` of the
 * contract suite) count every failed file as failed: a test whose `beforeAll` threw, in its
 * describe block or at the top of its file, and a file that failed to load. Vitest reports the
 * first as skipped and the second as no test at all.
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
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "summary-"));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** vitest over the four files with `reporter` (globals on: the files import nothing). */
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
    expect(await closingLines("test/support/plain-summary-reporter.ts")).toContain("tests: 1 passed, 4 failed, 2 skipped");
  }, 120_000);

  it("the contract suite's, with the reason of each", async () => {
    const output = await closingLines("contract-tests/support/reporter.ts");
    expect(output).toContain("contract: 1 passed, 4 failed, 2 skipped");
    expect(output).toContain('not run: "a suite" failed: suite set-up broke');
    expect(output).toContain("not run: its file failed: file set-up broke");
  }, 120_000);
});
