/**
 * A contract run against a broken provider ends with its failures grouped by rule and by
 * operation, each with a curl reproduction a user can paste: secrets and card data as $VARIABLES,
 * never their values, and no colour codes when the output is not a terminal. The reproductions
 * are run in a POSIX shell here: against the broken sandbox they show the same fault, and against
 * a recording server they send exactly the bytes (and the signature) the suite sent.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvironment } from "../generated/gateway/constants";
import { projectRoot } from "../scripts/lib/apis";
import { failedRequest, mark, noteIssuedToken, recordAnswer, recordRequest } from "../contract-tests/support/exchange-log";
import { failureSummary, oneLine } from "../contract-tests/support/reporter";
import { reproduction } from "../contract-tests/support/reproduction";
import { contractSandboxConfig, sandboxTarget } from "../contract-tests/targets/sandbox";
import { colourEnvironment } from "../src/testkit/cli/commands/contract";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import { startSandbox, type RunningSandbox } from "../src/testkit/sandbox/server";
import { startLocalServer, type LocalServer } from "./support/local-server";
import { signer } from "./support/sandbox";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
const cli = join("src", "testkit", "cli", "main.ts");

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (status) => done({ status, output }));
  });
}

/** The environment without the suite's settings or colour switches, on a terminal type that takes colours. */
function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GATEWAY_|MERCHANT_|CONTRACT_|CARD_|NO_COLOR$|FORCE_COLOR$|CI$)/.test(name)),
  );
  return { ...env, TERM: "xterm-256color", ...extra };
}

/** Runs reproduction lines in a POSIX shell with these variables set. */
const shell = (lines: string, variables: Record<string, string>) => run("sh", ["-c", lines], cleanEnvironment(variables));

/** The indented lines under `reproduce:` of the failure whose name contains `test`. */
function reproductionOf(output: string, test: string): string {
  const start = output.indexOf("reproduce:", output.indexOf(test, output.indexOf("Failures, each with")));
  expect(start, `a reproduction for ${test}`).toBeGreaterThan(0);
  const lines: string[] = [];
  for (const line of output.slice(start).split("\n").slice(1)) {
    if (!line.startsWith("     ")) break;
    lines.push(line.slice(5));
  }
  return lines.join("\n");
}

const gatewayKeys = {
  GATEWAY_API_KEY: seeded.gateway.merchantKey,
  GATEWAY_SIGNING_API_KEY: seeded.gateway.signingKeyId,
  GATEWAY_SIGNING_KEY_FILE: seededPrivateKeyPath,
};
const [testPan] = testEnvironment["accepted-test-pans"];

describe("a contract run against a broken provider", () => {
  let sandbox: RunningSandbox;
  let result: { status: number | null; output: string };

  beforeAll(async () => {
    // Two rules broken: every CSC matches (a signed card authorization), and the token endpoint takes a wrong secret.
    sandbox = await startSandbox({
      config: contractSandboxConfig({}),
      responseValidation: "off",
      log: () => undefined,
      faults: ["csc-always-matches", "token-for-wrong-secret"],
    });
    const only = [
      "behaviour/gateway-rules.test.ts",
      "behaviour/merchant-resources.test.ts",
      "-t",
      "is the only matching CSC|wrong client credentials get 401",
    ];
    result = await run(
      tsNode,
      [cli, "contract", "--gateway-url", sandbox.gatewayUrl, "--merchant-url", sandbox.merchantUrl, "--", ...only],
      cleanEnvironment(),
    );
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("fails, and groups the failures by rule and by operation, one line per group with its count", () => {
    const { status, output } = result;
    expect(status, output.slice(-3000)).toBe(1);
    expect(output).toMatch(/^contract: \d+ passed, 2 failed, \d+ skipped$/m);
    const byRule = output.slice(output.indexOf("Failures by rule"), output.indexOf("Failures by operation"));
    expect(byRule).toMatch(/^Failures by rule \(2 failed tests/m);
    expect(byRule).toMatch(/^ {2}gateway:x-test-environment:matching-csc +1 failed$/m);
    expect(byRule).toMatch(/^ {2}merchant:401:OAuthInvalidClient:wrong-secret +1 failed$/m);
    const byOperation = output.slice(output.indexOf("Failures by operation"), output.indexOf("Failures, each with"));
    expect(byOperation.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      expect.stringMatching(/^ {2}createAuthorization +1 failed$/),
      expect.stringMatching(/^ {2}createToken +1 failed$/),
    ]);
    expect(output).toMatch(/^1\) .*is the only matching CSC.*\n {3}reason: .*does not match/m);
  });

  it("shows each failure's request as curl with secrets and card data as $VARIABLES, never their values", () => {
    const { output } = result;
    const csc = reproductionOf(output, "is the only matching CSC");
    expect(csc).toMatch(/^curl .* -X POST /m);
    expect(csc).toContain('-u "${GATEWAY_API_KEY}:"');
    expect(csc).toContain('"Signature: ${GATEWAY_SIGNING_API_KEY} RS256-hex ${SIGNATURE}"');
    expect(csc).toMatch(/^SIGNATURE=\$\(printf '%s' "\$BODY" \| openssl dgst -sha256 -sign "\$GATEWAY_SIGNING_KEY_FILE"/m);
    expect(csc).toMatch(/^# \$CARD_PAN: the card number the test sent \(\*+\d{4}\)/m);
    expect(csc).toMatch(/^# \$CARD_CSC: .*not the test environment's matching CSC/m);
    expect(csc).toMatch(/^BODY=.*card\[pan\]=\$\{CARD_PAN\}.*card\[csc\]=\$\{CARD_CSC\}/m);
    const token = reproductionOf(output, "wrong client credentials get 401");
    expect(token).toContain('-u "${MERCHANT_CLIENT_ID}:${OTHER_CLIENT_SECRET}"');
    for (const secret of [
      seeded.gateway.merchantKey,
      seeded.gateway.signingKeyId,
      seeded.merchant.clientId,
      seeded.merchant.clientSecret,
      "not-the-secret",
      testPan,
    ]) {
      expect(output, "a secret in the output").not.toContain(secret);
    }
  });

  it("prints no colour codes and no bundler warnings when the output is not a terminal", () => {
    expect(result.output).not.toContain("\u001b[");
    // Vite's warnings start with `(!)` or name Vite (its config loader, its transforms).
    expect(result.output).not.toMatch(/\(!\)|\[vite\]|Vite config/i);
  });

  it("reproductions pasted into a shell show the same faults", async () => {
    const csc = await shell(reproductionOf(result.output, "is the only matching CSC"), {
      ...gatewayKeys,
      CARD_PAN: testPan,
      CARD_CSC: "123",
    });
    expect(csc.output).toMatch(/^HTTP\/1\.1 201/);
    expect(csc.output).toContain('"csc":{"present":true,"matches":true}');
    const token = await shell(reproductionOf(result.output, "wrong client credentials get 401"), {
      MERCHANT_CLIENT_ID: seeded.merchant.clientId,
      OTHER_CLIENT_SECRET: "not-the-secret",
    });
    expect(token.output).toMatch(/^HTTP\/1\.1 200/);
    expect(token.output).toContain('"access_token"');
  });
});

describe("a reproduction", () => {
  let server: LocalServer;
  const target = () => sandboxTarget({ gatewayUrl: server.url, merchantUrl: `${server.url}/merchant` }, "a recording server", {});
  beforeAll(async () => {
    server = await startLocalServer((request, response) =>
      response.end(request.url.endsWith("/oauth/token") ? '{"access_token":"fresh"}' : "{}"),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  /** What the suite sent, through the exchange log, and its reproduction sent again from a shell. */
  async function sentAgain(url: string, init: RequestInit, variables: Record<string, string>, requests = 1) {
    const request = recordRequest(url, init);
    recordAnswer(request, new Response(null, { status: 400 }));
    const lines = reproduction(request, target());
    const before = server.requests.length;
    const replay = await shell(lines, variables);
    expect(server.requests.length, `${lines}\n${replay.output}`).toBe(before + requests);
    return { lines, received: server.requests.at(-1)! };
  }

  it("sends a signed form body byte for byte, quoted safely whatever it holds, with a signature openssl computes", async () => {
    const body = `amount=2050&currency=EUR&card[pan]=${testPan}&card[csc]=987&text_on_statement=it's $HOME \`id\` "q" !x \\ %s\n\u001b[31m&reference=a\tb\n\n`;
    const bytes = new TextEncoder().encode(body);
    const signature = signer.headerFor(bytes);
    const headers = {
      authorization: `Basic ${Buffer.from(`${seeded.gateway.merchantKey}:`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      signature,
    };
    const { lines, received } = await sentAgain(
      `${server.url}/authorizations`,
      { method: "POST", headers, body: bytes },
      { ...gatewayKeys, CARD_PAN: testPan, CARD_CSC: "987" },
    );
    expect(received.body.toString("utf8")).toBe(body);
    expect(received.headers.signature).toBe(signature);
    expect(received.headers.authorization).toBe(headers.authorization);
    expect(lines).not.toContain(testPan);
    expect(lines).not.toContain(seeded.gateway.merchantKey);
    expect(lines).not.toContain("\u001b");
    expect(lines).toMatch(/^# \$CARD_CSC: .*\(the test environment's matching CSC\)/m);
  });

  it("a signed POST without a body (a void) is signed over no bytes", async () => {
    const signature = signer.headerFor(new Uint8Array(0));
    const { lines, received } = await sentAgain(
      `${server.url}/authorizations/a1/voids`,
      { method: "POST", headers: { signature } },
      gatewayKeys,
    );
    expect(lines).toMatch(/^BODY=''$/m);
    expect(received.method).toBe("POST");
    expect(received.body.length).toBe(0);
    expect(received.headers.signature).toBe(signature);
  });

  it("a signature that is not the body's is sent as the signature of other bytes, still refused", async () => {
    const bytes = new TextEncoder().encode("amount=100&currency=EUR");
    const wrong = signer.headerFor(new TextEncoder().encode("amount=1"));
    const { lines, received } = await sentAgain(
      `${server.url}/authorizations`,
      { method: "POST", headers: { signature: wrong }, body: bytes },
      gatewayKeys,
    );
    expect(lines).not.toContain(wrong.split(" ")[2]);
    expect(received.headers.signature).toMatch(new RegExp(`^${seeded.gateway.signingKeyId} RS256-hex [0-9a-f]{512}$`));
    expect(received.headers.signature).not.toBe(signer.headerFor(bytes));
  });

  it("a pre-signed link's query, a key the settings do not have and a body that is not text are never shown", () => {
    const upload = recordRequest("http://127.0.0.1:9/upload/f1?signature=s3cr3t-query", {
      method: "PUT",
      headers: { "content-type": "application/pdf" },
      body: new Uint8Array([0x25, 0xff, 0x00, 0x0a]),
    });
    const lines = reproduction(upload, target());
    expect(lines).not.toContain("s3cr3t-query");
    expect(lines).toMatch(/^# \$LINK_URL: the address the test followed: http:\/\/127\.0\.0\.1:9\/upload\/f1 with the query of its link/m);
    expect(lines).toMatch(/^# BODY: 4 bytes that are not text, not shown: put them in body\.bin$/m);
    expect(lines).toMatch(/ --data-binary @body\.bin "\$\{LINK_URL\}"$/m);
    const madeUp = recordRequest(`${server.url}/account`, {
      headers: { authorization: `Basic ${Buffer.from("made-up-key:").toString("base64")}` },
    });
    const account = reproduction(madeUp, target());
    expect(account).not.toContain("made-up-key");
    expect(account).toMatch(/^curl -sS -i -u "\$\{UNKNOWN_API_KEY\}:" /m);
  });

  it("a bearer token is a variable: got from the token endpoint when it was issued there, else made up", async () => {
    noteIssuedToken("issued-token-value");
    const issued = await sentAgain(
      `${server.url}/merchant/applications?per_page=5`,
      { headers: { authorization: "Bearer issued-token-value", accept: "application/hal+json" } },
      { MERCHANT_CLIENT_ID: "id", MERCHANT_CLIENT_SECRET: "secret" },
      2,
    );
    expect(issued.lines).not.toContain("issued-token-value");
    expect(issued.lines).toMatch(
      /^BEARER_TOKEN=\$\(curl -sS -u "\$\{MERCHANT_CLIENT_ID\}:\$\{MERCHANT_CLIENT_SECRET\}" .*\/merchant\/oauth\/token/m,
    );
    expect(issued.received.url).toBe("/merchant/applications?per_page=5");
    expect(issued.received.headers.authorization, "the token the first line got").toBe("Bearer fresh");
    const madeUp = await sentAgain(
      `${server.url}/merchant/applications`,
      { headers: { authorization: "Bearer made-up" } },
      { BEARER_TOKEN: "t2" },
    );
    expect(madeUp.lines).toMatch(/^# \$BEARER_TOKEN: a token the token endpoint never issued/m);
    expect(madeUp.received.headers.authorization).toBe("Bearer t2");
  });
});

describe("which request a failure is about", () => {
  it("the exchange its message names, even one made before the test (an exploration's), else the test's last", () => {
    const before = recordRequest("http://127.0.0.1:9/accounts/4111111111111111", { method: "GET" });
    recordAnswer(before, new Response(null, { status: 500 }));
    const since = mark();
    const own = recordRequest("http://127.0.0.1:9/authorizations", { method: "POST", body: "amount=1" });
    recordAnswer(own, new Response(null, { status: 201 }));
    // describeExchange() masks the PAN-like digits of a path; the log finds the request all the same.
    expect(failedRequest("GET /accounts/************1111 -> 500 (getAccount) breaks the gateway spec:\n  - ...", since)).toBe(before);
    expect(failedRequest("expected 201 to be 400", since)).toBe(own);
    expect(failedRequest("expected 201 to be 400", mark())).toBeUndefined();
  });
});

describe("colours", () => {
  const env = (extra: Record<string, string>) => ({ PATH: "/bin", ...extra });
  it("none when stdout is not a terminal, or FORCE_COLOR is 0; FORCE_COLOR=1 and a terminal keep them", () => {
    expect(colourEnvironment(env({}), false)).toEqual(env({ NO_COLOR: "1" }));
    expect(colourEnvironment(env({ FORCE_COLOR: "0" }), true)).toEqual(env({ NO_COLOR: "1" }));
    expect(colourEnvironment(env({ FORCE_COLOR: "1" }), false)).toEqual(env({ FORCE_COLOR: "1" }));
    expect(colourEnvironment(env({}), true)).toEqual(env({}));
    expect(colourEnvironment(env({ NO_COLOR: "yes" }), true)).toEqual(env({ NO_COLOR: "yes" }));
  });
});

describe("the summary of many failures", () => {
  it("counts every failure in its groups but shows only the first ten in full", () => {
    const failures = Array.from({ length: 12 }, (_, i) => ({
      name: `test ${i + 1}`,
      rules: i < 3 ? ["gateway:rule:a", "gateway:rule:b"] : [],
      operation: i % 2 === 0 ? "createCapture" : "(no request)",
      reason: oneLine(`step ${i + 1}:\n  - 4111111111111111 echoed\n  more`),
      reproduction: i === 0 ? "curl x" : undefined,
    }));
    const lines = failureSummary(failures).split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "Failures by rule (12 failed tests; a test counts under each rule it declares):",
      "  (declares no rule)  9 failed",
      "  gateway:rule:a      3 failed",
      "  gateway:rule:b      3 failed",
      "Failures by operation (of the request each failure is about):",
      "  (no request)   6 failed",
      "  createCapture  6 failed",
    ]);
    expect(lines.filter((line) => /^\d+\) /.test(line))).toHaveLength(10);
    expect(lines).toContain("   reason: step 1: ************1111 echoed");
    expect(lines.at(-1)).toMatch(/^\.\.\. and 2 more failed tests/);
  });
});
