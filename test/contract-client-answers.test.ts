/**
 * In the contract suite, the typed merchant client hides no answer of the provider from the
 * suite's judgement: every attempt's answer is checked, the 401 it answers with a new token
 * included, and reported as absorbed; a violation stays the test's failure when the client wraps
 * it in an error of its own and the test catches that error; a redirect is not followed and a
 * 5xx is not retried, so both reach the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedByTheSuite } from "../contract-tests/support/client-answers";
import { ApiSession, exchanges } from "../contract-tests/support/http";
import { merchantClient } from "../contract-tests/support/merchant";
import { sandboxTarget } from "../contract-tests/targets/sandbox";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { startLocalServer, type LocalServer } from "./support/local-server";
import { startTestSandbox } from "./support/sandbox";

let sandbox: RunningSandbox;
let fake: LocalServer;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  fake = await startLocalServer((_, response) => response.end());
});

afterAll(async () => {
  await fake?.close();
  await sandbox?.stop();
});

function clientOn(url: string) {
  return merchantClient(new ApiSession("merchant", sandboxTarget({ gatewayUrl: url, merchantUrl: url }, `test target at ${url}`)));
}

/** The status and problems of every exchange with `origin` since `from` (an index of `exchanges`). */
const checkedSince = (from: number, origin: string) =>
  exchanges
    .slice(from)
    .filter((exchange) => exchange.url.startsWith(origin))
    .map((exchange) => `${exchange.method} ${new URL(exchange.url).pathname} -> ${exchange.status} ${exchange.problems.length} problems`);

/** Runs `body` as contractTest() runs a test; resolves to the absorbed answers reported. */
async function asATest(body: () => Promise<void>): Promise<string[]> {
  const reported: string[] = [];
  await judgedByTheSuite(body, (lines) => reported.push(...lines));
  return reported;
}

describe("the typed merchant client in the contract suite", () => {
  it("checks and reports each 401 it answers with a new token and the request again", async () => {
    const client = clientOn(sandbox.merchantUrl);
    const from = exchanges.length;
    const reported = await asATest(async () => {
      // Its first call carries no token: the sandbox's 401 names the token endpoint.
      await client.root();
      // The next refuses the token it holds, once.
      const fault = sandbox.faults.add({ operation: "getRoot", action: { status: 401 }, count: 1 });
      expect(fault.ok).toBe(true);
      await client.root();
    });
    const line = /^GET \/ -> 401 \(getRoot\): the client got a new token \(POST \/\S+ -> 200 \(createToken\)\) and sent the request again$/;
    expect(reported).toEqual([expect.stringMatching(line), expect.stringMatching(line)]);
    expect(checkedSince(from, sandbox.merchantUrl)).toEqual([
      "GET / -> 401 0 problems",
      expect.stringMatching(/^POST \/\S+ -> 200 0 problems$/),
      "GET / -> 200 0 problems",
      "GET / -> 401 0 problems",
      expect.stringMatching(/^POST \/\S+ -> 200 0 problems$/),
      "GET / -> 200 0 problems",
    ]);
  });

  it("fails the test with the violation of an answer the client wrapped in its own error, though the test caught that error", async () => {
    fake.handle((_, response) => {
      response.writeHead(401, { "content-type": "text/plain" });
      response.end("no");
    });
    const client = clientOn(fake.url);
    const before = fake.requests.length;
    await expect(asATest(() => expect(client.root()).rejects.toThrow())).rejects.toThrow(
      /^GET \/ -> 401 \(getRoot\) breaks the merchant spec:/,
    );
    expect(fake.requests.length - before).toBe(1);
  });

  it("does not follow a redirect: the 3xx is the provider's answer, checked", async () => {
    fake.handle((_, response) => {
      response.writeHead(302, { location: `${fake.url}/elsewhere` });
      response.end();
    });
    const client = clientOn(fake.url);
    const before = fake.requests.length;
    await expect(asATest(() => expect(client.root()).rejects.toThrow())).rejects.toThrow(
      /^GET \/ -> 302 \(getRoot\) breaks the merchant spec:/,
    );
    expect(fake.requests.slice(before).map((request) => request.url)).toEqual(["/"]);
  });

  it("does not retry a 5xx: it reaches the test, and nothing is absorbed", async () => {
    const client = clientOn(sandbox.merchantUrl);
    await asATest(() => client.root().then(() => undefined));
    expect(sandbox.faults.add({ operation: "getRoot", action: { status: 503 }, count: 1 }).ok).toBe(true);
    const from = exchanges.length;
    const reported = await asATest(() => expect(client.root()).rejects.toMatchObject({ status: 503 }));
    expect(reported).toEqual([]);
    expect(checkedSince(from, sandbox.merchantUrl)).toEqual(["GET / -> 503 0 problems"]);
  });
});
