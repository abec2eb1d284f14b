/**
 * What the scripts show of the tools they run is the tools' own message: Redocly CLI's boxed
 * Node.js 20 end-of-life notice, which it prints on every run and has no switch for, is dropped
 * (scripts/lib/exec.ts), so `check:generated`, `lint` and `build` print their own lines only.
 */
import { describe, expect, it } from "vitest";
import { runBinCollected } from "../scripts/lib/exec";

describe("tool output as the scripts show it", () => {
  it("carries no end-of-life notice box from Redocly, and keeps what the tool said", async () => {
    const run = await runBinCollected("redocly", ["bundle", "gateway", "--output", "/dev/null"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/end-of-life|[║╔╚]/);
    expect(`${run.stdout}${run.stderr}`).toContain("bundling openapi/gateway/openapi.yaml");
  });
});
