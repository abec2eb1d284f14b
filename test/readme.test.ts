/**
 * The README shows real files: every `<!-- file: path -->` marker is followed by a code block
 * that must equal that file, so the usage it shows is the code that CI type-checks (the
 * clients) or runs (the signed sandbox POST, below).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { devDependencyVersion } from "./support/readme";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { runWatched } from "./support/processes";
import { startTestSandbox } from "./support/sandbox";

const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
const testkitReadme = readFileSync(join(projectRoot, "packages", "payment-apis-testkit", "README.md"), "utf8");
const embeddedIn = (text: string) =>
  [...text.matchAll(/<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map(([, file, code]) => ({ file: file!, code: code! }));
const embedded = embeddedIn(readme);

describe("README", () => {
  it("embeds the usage files", () => {
    expect(embedded.map((e) => e.file).sort()).toEqual([
      "docs/examples/downstream/sandbox.test.ts",
      "docs/examples/gateway-client.ts",
      "docs/examples/merchant-client.ts",
      "docs/examples/sandbox-signed-post.sh",
    ]);
  });

  it.each(embedded.map((e) => [e.file, e.code] as const))("shows %s exactly as it is", (file, code) => {
    expect(code).toBe(readFileSync(join(projectRoot, file), "utf8").replace(/\n+$/, ""));
  });

  it.each(embeddedIn(testkitReadme).map((e) => [e.file, e.code] as const))(
    "the testkit package's README shows %s exactly as it is",
    (file, code) => {
      expect(code).toBe(readFileSync(join(projectRoot, file), "utf8").replace(/\n+$/, ""));
    },
  );

  it("runs codegen with the openapi-typescript this repository tests, without asking (npx --yes: no terminal in CI)", () => {
    const line = readme.split("\n").find((l) => l.startsWith("npx ") && l.includes("openapi-typescript"));
    expect(line).toBe(
      `npx --yes openapi-typescript@${devDependencyVersion("openapi-typescript")} node_modules/payment-apis-toolkit/specs/merchant.json -o src/merchant-api.d.ts`,
    );
  });

  it("states the two commands of a fresh checkout", () => {
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toMatch(/^npm test\b/m);
  });
});

const withoutSigningKeyFile = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "SIGNING_KEY_FILE"));

describe("README's signed sandbox POST (curl and openssl)", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox?.stop());

  it("is approved by the sandbox", async () => {
    // Asynchronously (the sandbox answering it runs in this process), bounded by its progress.
    // As written, in a clone: the seeded key is found without SIGNING_KEY_FILE (test/packages.test.ts runs it installed).
    const result = await runWatched("bash", [join(projectRoot, "docs", "examples", "sandbox-signed-post.sh")], projectRoot, {
      ...withoutSigningKeyFile(),
      GATEWAY_BASE_URL: sandbox.gatewayUrl,
    });
    expect(result.code, result.output).toBe(0);
    expect(result.stderr).toBe("");
    const body = JSON.parse(result.stdout) as { status: { code: number }; amount: number; csc: { present: boolean } };
    expect(body.status.code).toBe(20000);
    expect(body.amount).toBe(2050);
    expect(body.csc.present).toBe(true);
  });
});
