/**
 * Signing: the Signature header that reaches the server verifies against the exact body bytes
 * the server received, with node:crypto and with openssl; the signer produces what
 * `openssl dgst -sha256 -sign` produces for the spec's test-vector body; signing-only payment
 * methods never leave unsigned.
 */
import { spawnSync } from "node:child_process";
import { createVerify, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaType, paymentMethodsRequiringSigning } from "../generated/gateway/constants";
import { ClientOptionsError, createGatewayClient, GatewaySigningRequiredError } from "../src/toolkit/gateway";
import { createSigner } from "../src/toolkit/clients/gateway/signing";
import { loadBundledSpec } from "../src/testkit/openapi-model/document";
import { startLocalServer, sendJson, type LocalServer } from "./support/local-server";
import { gatewayRequest, requestExamples, responseExample } from "./support/spec-examples";

const OPENSSL = "/usr/bin/openssl";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const signingApiKey = randomUUID();
const apiKey = randomUUID();

let server: LocalServer;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "gateway-signing-"));
  writeFileSync(join(workDir, "pub.pem"), publicKey.export({ type: "spki", format: "pem" }));
  writeFileSync(join(workDir, "key.pem"), privateKey.export({ type: "pkcs8", format: "pem" }));
  const approved = responseExample("gateway", "createAuthorization", "201", "approved");
  server = await startLocalServer((_request, response) => sendJson(response, 201, approved, {}, mediaType));
});
afterAll(async () => {
  await server?.close();
  rmSync(workDir, { recursive: true, force: true });
});

function openssl(args: string[]) {
  return spawnSync(OPENSSL, args, { cwd: workDir, encoding: "utf8" });
}

/** Splits a received Signature header into its three tokens. */
function parseSignature(header: string | string[] | undefined) {
  expect(typeof header).toBe("string");
  const parts = (header as string).split(" ");
  expect(parts).toHaveLength(3);
  const [key, scheme, hex] = parts as [string, string, string];
  return { key, scheme, hex };
}

describe("gateway request signing", () => {
  const signed = () => createGatewayClient({ baseUrl: server.url, apiKey, signing: { apiKey: signingApiKey, privateKey } });

  it("signs the exact bytes the server receives (node:crypto and openssl verify them)", async () => {
    server.requests.length = 0;
    const outcome = await signed().authorize(gatewayRequest("createAuthorization", "cardWith3dSecure"));
    expect(outcome.approved).toBe(true);

    expect(server.requests).toHaveLength(1);
    const received = server.requests[0]!;
    expect(received.body.toString()).toContain("card[3dsecure][v2][ares]="); // literal brackets on the wire
    const { key, scheme, hex } = parseSignature(received.headers.signature);
    expect(key).toBe(signingApiKey);
    expect(scheme).toBe("RS256-hex");
    expect(hex).toMatch(/^[0-9a-f]{512}$/); // lowercase, 2 hex digits per byte of a 2048-bit key

    expect(createVerify("RSA-SHA256").update(received.body).verify(publicKey, hex, "hex")).toBe(true);

    writeFileSync(join(workDir, "body.bin"), received.body);
    writeFileSync(join(workDir, "sig.bin"), Buffer.from(hex, "hex"));
    const verified = openssl(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "body.bin"]);
    expect(verified.stdout.trim()).toBe("Verified OK");
    expect(verified.status).toBe(0);

    // The same check fails for other bytes: the verification above is not vacuous.
    writeFileSync(join(workDir, "other.bin"), Buffer.concat([received.body, Buffer.from("&x=1")]));
    expect(openssl(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "other.bin"]).status).not.toBe(0);
  });

  it("signs an empty body (void) and sends no body", async () => {
    server.requests.length = 0;
    await signed().void("4c1e8f3a-9b2d-4e6f-8a1b-2c3d4e5f6a7b");
    const received = server.requests[0]!;
    expect(received.body).toHaveLength(0);
    const { hex } = parseSignature(received.headers.signature);
    expect(createVerify("RSA-SHA256").update(Buffer.alloc(0)).verify(publicKey, hex, "hex")).toBe(true);
  });

  it("does not sign GET requests and sends no Content-Type on them", async () => {
    server.requests.length = 0;
    await signed().GET("/account");
    expect(server.requests[0]!.headers.signature).toBeUndefined();
    expect(server.requests[0]!.headers["content-type"]).toBeUndefined();
  });

  it("matches `openssl dgst -sha256 -sign` on the spec's test-vector body", () => {
    // The body and signing key id of the spec's test vector (its 512-bit key is not published).
    const description = String(
      (loadBundledSpec("gateway").components!.securitySchemes as Record<string, { description: string }>).signature!.description,
    );
    const body = /body\s+`([^`]+)`/.exec(description)?.[1];
    const keyId = /Signature: (\S+) RS256-hex/.exec(description)?.[1];
    expect(body).toMatch(/card\[pan\]=/);
    expect(keyId).toBeDefined();

    writeFileSync(join(workDir, "vector.bin"), body!);
    const signedByOpenssl = openssl(["dgst", "-sha256", "-sign", "key.pem", "-out", "vector.sig", "vector.bin"]);
    expect(signedByOpenssl.status).toBe(0);
    const expected = readFileSync(join(workDir, "vector.sig")).toString("hex");

    const header = createSigner({ apiKey: keyId!, privateKey }).headerFor(new TextEncoder().encode(body));
    expect(header).toBe(`${keyId} RS256-hex ${expected}`);
  });

  it("accepts the key as PEM text (PKCS#1 and PKCS#8)", () => {
    const bytes = new TextEncoder().encode("amount=1");
    const fromObject = createSigner({ apiKey: "k", privateKey }).headerFor(bytes);
    for (const type of ["pkcs1", "pkcs8"] as const) {
      const pem = privateKey.export({ type, format: "pem" }) as string;
      expect(createSigner({ apiKey: "k", privateKey: pem }).headerFor(bytes)).toBe(fromObject);
    }
    expect(() => createSigner({ apiKey: "k", privateKey: publicKey })).toThrow(ClientOptionsError);
  });
});

describe("payment methods that require signing", () => {
  // One spec example per signing-only method, found by the method's key in the body.
  const cases = paymentMethodsRequiringSigning.map((method) => {
    const example = requestExamples("gateway", "createAuthorization").find(
      (e) => (e.value as Record<string, unknown>)[method] !== undefined,
    );
    if (!example) throw new Error(`The spec has no authorization example for ${method}`);
    return [method, example.value] as const;
  });

  it.each(cases)("%s is refused without the signing option, before anything is sent", async (method, body) => {
    const unsigned = createGatewayClient({ baseUrl: server.url, apiKey });
    const before = server.connections;
    const failure = await unsigned.authorize(body as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewaySigningRequiredError);
    expect((failure as Error).message).toContain(`"${method}"`);
    expect((failure as Error).message).toContain("signing");
    // The raw typed client refuses it as well.
    await expect(unsigned.POST("/authorizations", { body: body as never })).rejects.toBeInstanceOf(GatewaySigningRequiredError);
    expect(server.connections).toBe(before);
  });

  it.each(cases)("%s is sent when the client signs", async (_method, body) => {
    server.requests.length = 0;
    const outcome = await createGatewayClient({ baseUrl: server.url, apiKey, signing: { apiKey: signingApiKey, privateKey } }).authorize(
      body as never,
    );
    expect(outcome.approved).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("an unsigned card authorization is sent (card is not signing-only)", async () => {
    server.requests.length = 0;
    const outcome = await createGatewayClient({ baseUrl: server.url, apiKey }).authorize(gatewayRequest("createAuthorization", "card"));
    expect(outcome.approved).toBe(true);
    expect(server.requests[0]!.headers.signature).toBeUndefined();
    expect(server.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`);
    expect(server.requests[0]!.headers.accept).toBe(mediaType);
    expect(server.requests[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });
});
