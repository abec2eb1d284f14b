/**
 * "Copy as curl" of a signed gateway request: the openssl line signs the very bytes the curl line
 * sends. Run in a shell with the seeded signing key, its signature verifies over BODY when the
 * record kept the body, and over body.bin when the record kept only the body's start or size,
 * which the lines then say.
 */
import { spawnSync } from "node:child_process";
import { createPublicKey, createVerify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeRecord, type RawExchange } from "../src/testkit/sandbox/control/exchanges";
import { curlOf } from "../src/testkit/sandbox/control/api/explain";
import { seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import { signer } from "./support/sandbox";

const publicKey = createPublicKey(readFileSync(seededPrivateKeyPath, "utf8"));
let workDir: string;

beforeAll(() => void (workDir = mkdtempSync(join(tmpdir(), "curl-lines-"))));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The curl lines of a signed POST whose body is `body`, sent with `contentType`, as the record shows it. */
function linesOf(body: Buffer, contentType: string): string {
  const record = new ExchangeRecord(10);
  const exchange: RawExchange = {
    at: new Date(0).toISOString(),
    api: "gateway",
    method: "POST",
    target: "/authorizations",
    operation: "createAuthorization",
    status: 400,
    duration_ms: 1,
    requestHeaders: {
      "content-type": contentType,
      signature: signer.headerFor(Buffer.from(body)),
    },
    requestBody: body,
    responseHeaders: {},
    responseBody: undefined,
  };
  record.add(exchange);
  return curlOf(record.list().items[0]!, "http://127.0.0.1:1");
}

/** Runs the lines before the curl command in a POSIX shell and answers the SIGNATURE they made. */
function signatureMadeBy(lines: string): string {
  const setup = lines.split("\n").filter((line) => !line.startsWith("curl "));
  const run = spawnSync("sh", ["-c", [...setup, 'printf %s "$SIGNATURE"'].join("\n")], {
    cwd: workDir,
    encoding: "utf8",
    env: { PATH: process.env.PATH, GATEWAY_SIGNING_KEY_FILE: seededPrivateKeyPath },
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

const verifies = (body: Buffer, hex: string) => createVerify("RSA-SHA256").update(body).verify(publicKey, hex, "hex");

describe("Copy as curl of a signed request", () => {
  it("signs BODY and sends BODY when the record kept the body", () => {
    const body = Buffer.from("amount=2050&currency=EUR");
    const lines = linesOf(body, "application/x-www-form-urlencoded");
    expect(lines).toContain('--data-binary "$BODY"');
    expect(verifies(body, signatureMadeBy(lines))).toBe(true);
  });

  it.each([
    [
      "only its start (a long form)",
      Buffer.from(`amount=2050&currency=EUR&reference=${"r".repeat(40_000)}`),
      "application/x-www-form-urlencoded",
    ],
    ["only its size (bytes of no text type)", Buffer.from([0, 1, 2, 250, 251, 10, 13]), "application/octet-stream"],
  ])("signs body.bin and sends @body.bin when the record kept %s, and says so", (_case, body, contentType) => {
    const lines = linesOf(body, contentType);
    expect(lines).toContain("--data-binary @body.bin");
    expect(lines).toMatch(/^# body\.bin: the record did not keep this body/m);
    expect(lines).not.toContain("$BODY");
    writeFileSync(join(workDir, "body.bin"), body);
    const signature = signatureMadeBy(lines);
    expect(verifies(body, signature)).toBe(true);
    // Over other bytes it does not verify: the check above is not vacuous.
    expect(verifies(Buffer.concat([body, Buffer.from("x")]), signature)).toBe(false);
  });
});
