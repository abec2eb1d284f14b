/**
 * The README shows real files: every `<!-- file: path -->` marker is followed by a code block
 * that must equal that file, so the usage it shows is the code that CI type-checks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";

const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
const embedded = [...readme.matchAll(/<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map(([, file, code]) => ({ file: file!, code: code! }));

describe("README", () => {
  it("embeds the client usage files", () => {
    expect(embedded.map((e) => e.file).sort()).toEqual(["docs/examples/gateway-client.ts", "docs/examples/merchant-client.ts"]);
  });

  it.each(embedded.map((e) => [e.file, e.code] as const))("shows %s exactly as it is", (file, code) => {
    expect(code).toBe(readFileSync(join(projectRoot, file), "utf8").replace(/\n+$/, ""));
  });
});
