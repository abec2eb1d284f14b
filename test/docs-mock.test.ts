/**
 * What `payment-apis mock --help` and the README tell a user of the mock is what the mock does: a
 * gateway POST needs some Signature header and any value passes, and the example names that
 * `--list-examples` prints are the ones `Prefer: example=<name>` picks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { exampleNameLines } from "../src/testkit/cli/commands/mock";
import { startPrismMock, type RunningMock } from "../src/testkit/prism/prism";
import { serializeForm } from "../src/toolkit/gateway";
import { runWatched } from "./support/processes";
import { gatewayRequest, responseExample } from "./support/spec-examples";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
const cli = join("src", "testkit", "cli", "main.ts");
/** The CLI from this checkout, bounded by its progress (test/support/processes.ts), not wall time. */
const run = (args: string[]) =>
  runWatched(tsNode, [cli, ...args], projectRoot).then(({ code, stdout, stderr }) => ({ status: code, stdout, stderr }));

describe("payment-apis mock, as its help and the README describe it", () => {
  it("--help says that a gateway POST needs a Signature header, and where the example names are", async () => {
    const help = await run(["mock", "--help"]);
    expect(help.status).toBe(0);
    const text = help.stdout.replace(/\s+/g, " ");
    expect(text).toContain("a gateway POST needs some Signature header, any value");
    expect(text).toContain("'Prefer: example=<name>' (--list-examples prints each operation's names)");
    expect(text).toMatch(/--list-examples\s+print the example names of every operation/);
  });

  it("--list-examples prints one line an operation with its response examples by status, and serves nothing", async () => {
    const listed = await run(["mock", "--list-examples"]);
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split("\n")).toEqual(exampleNameLines());
    expect(listed.stdout).toMatch(
      /^gateway createAuthorization \(POST \/authorizations\): (200 approved\b.*; )?201 approved\b.*; 400 .*\bdeclined\b/m,
    );
    expect(listed.stdout).not.toContain("ready");
  });

  it("the README's mock section says both", () => {
    const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### The mock"), readme.indexOf("### The contract suite"));
    expect(section).toContain("`Signature` header");
    expect(section).toContain("--list-examples");
    expect(section).toContain("Prefer: example=<name>");
  });
});

describe("the gateway mock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startPrismMock({ api: "gateway", port: await getPort({ host: "127.0.0.1" }) });
  });
  afterAll(async () => mock?.stop());

  const post = (headers: Record<string, string>) =>
    fetch(`${mock.url}/authorizations`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("any-api-key:").toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: serializeForm(gatewayRequest("createAuthorization", "card")),
    });

  it("refuses a POST without a Signature header and takes one with any value", async () => {
    expect((await post({})).status).toBe(401);
    // Prism answers the first documented success; the spec documents an approval as 200 or 201.
    expect((await post({ Signature: "any RS256-hex 00" })).status).toBeOneOf([200, 201]);
  });

  it("answers with the example a listed name picks", async () => {
    const line = exampleNameLines().find((l) => l.startsWith("gateway createAuthorization "))!;
    const name = /; 400 ([^,;]+)/.exec(line)![1]!;
    const response = await post({ Signature: "any RS256-hex 00", Prefer: `code=400, example=${name}` });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(responseExample("gateway", "createAuthorization", "400", name));
  });
});

describe("the merchant mock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startPrismMock({ api: "merchant", port: await getPort({ host: "127.0.0.1" }) });
  });
  afterAll(async () => mock?.stop());

  it("takes any bearer token and refuses a request without one", async () => {
    expect((await fetch(`${mock.url}/`)).status).toBe(401);
    expect((await fetch(`${mock.url}/`, { headers: { Authorization: "Bearer anything" } })).status).toBe(200);
  });
});
