/**
 * Generated clients against the toolkit's own client (docs/codegen.md). Runs `npm run
 * codegen:check`'s check once (generation, strict compiles, weak types, examples, docs matrix
 * current), then RUNS the docs examples docs/examples/codegen/*.cts on the code it generated:
 * each sends the same authorization to a capture server, and the body bytes and the `Signature`
 * header must equal what createGatewayClient sends. The generators' own form encoders are run
 * too, to hold the matrix's "as generated" column to what they really send.
 */
import { createVerify, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGatewayClient, encodeForm, gatewayConstants, type GatewayClient, type SigningOptions } from "payment-apis-toolkit/gateway";
import { projectRoot } from "../scripts/lib/apis";
import { runCodegenCheck, type CheckResult } from "../scripts/lib/codegen/check";
import { compileExamples } from "../scripts/lib/codegen/compile";
import { examplesDir } from "../scripts/lib/codegen/matrix";
import { outputDir, specPath } from "../scripts/lib/codegen/generators";

type AuthorizationBody = Parameters<GatewayClient["authorize"]>[0];
type Settings = { baseUrl: string; apiKey: string; signing: SigningOptions };

// What the examples export. They are compiled by compileExamples and required by path at run
// time: they import dist/codegen/, which exists only once generated, so neither tsc -p
// tsconfig.json nor vitest's transform (which leaves .cts alone) may follow them statically.
interface HeyApiExample {
  createHeyApiGateway(options: Settings): unknown;
  authorizeWithHeyApi(
    client: unknown,
    body: unknown,
  ): Promise<{ status: number; approved: { id: string; status: { code: number } } | undefined; declined: unknown }>;
}
interface OrvalExample {
  configureOrvalGateway(options: Settings): void;
  authorizeWithOrval(body: unknown): Promise<{ status: number; body: { id: string; status: { code: number } } }>;
}
interface HeyApiGenerated {
  createClient(config: { baseUrl: string }): unknown;
}
interface HeyApiSdk {
  createAuthorization(options: { client: unknown; body: unknown }): Promise<{ response: Response }>;
}
interface OrvalGenerated {
  createAuthorization(body: unknown): Promise<{ status: number }>;
}
const requireBuilt = createRequire(join(projectRoot, "package.json"));
const sources = {
  heyApiExample: join(examplesDir, "hey-api-gateway.cts"),
  orvalExample: join(examplesDir, "orval-gateway.cts"),
  heyApiClient: join(outputDir("hey-api", "gateway"), "client", "index.ts"),
  heyApiSdk: join(outputDir("hey-api", "gateway"), "sdk.gen.ts"),
  orvalPlain: join(outputDir("orval", "gateway"), "api.ts"),
};
let built: Record<string, string> = {};
const load = <T>(source: string): T => requireBuilt(built[source]!) as T;

interface Captured {
  method: string;
  url: string;
  /** Header names and values exactly as they arrived. */
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  /** The body bytes as they arrived. */
  body: Buffer;
}

const spec = JSON.parse(readFileSync(specPath("gateway"), "utf8")) as Record<string, any>;
const media = gatewayConstants.mediaType;
/** A body with nesting three deep and a JSON string value (quotes, braces, colons to encode). */
const authorization = spec.paths["/authorizations"].post.requestBody.content["application/x-www-form-urlencoded"].examples.cardWith3dSecure
  .value as AuthorizationBody;
/** The spec's own approved answer. */
const approved = spec.components.responses.AuthorizationApproved.content[media].examples.approved.value as { id: string };

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const signingApiKey = "6b8d1f3e-2a4c-4e6f-8b0d-1f3a5c7e9b2d";
const apiKey = "merchant-api-key";

let server: Server;
let baseUrl: string;
const captured: Captured[] = [];
let check: CheckResult;
let setUpSeconds = 0;

/** Sends one authorization through `send` and returns what the capture server received. */
async function capture(send: () => Promise<unknown>): Promise<{ request: Captured; result: unknown }> {
  const before = captured.length;
  const result = await send();
  expect(captured.length, "exactly one request").toBe(before + 1);
  return { request: captured[before]!, result };
}

/** The one value of a header, read from the raw header list (a repeated header fails). */
const header = (request: Captured, name: string): string => {
  const values = request.rawHeaders.filter((_, i) => i % 2 === 1 && request.rawHeaders[i - 1]!.toLowerCase() === name.toLowerCase());
  expect(values, `one ${name} header`).toHaveLength(1);
  return values[0]!;
};

beforeAll(async () => {
  const started = Date.now();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      captured.push({
        method: request.method ?? "",
        url: request.url ?? "",
        rawHeaders: request.rawHeaders,
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(201, { "Content-Type": media });
      response.end(JSON.stringify(approved));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  check = await runCodegenCheck({ write: false });
  built = compileExamples(Object.values(sources));
  setUpSeconds = (Date.now() - started) / 1000;
  console.log(
    `codegen.test: generation, checks and the examples' build took ${setUpSeconds.toFixed(1)} s (the check itself ${check.seconds.toFixed(1)} s)`,
  );
  // Its generators and compiles run in this process and its children: no limit but the hang guard.
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe("npm run codegen:check", () => {
  it("passes: every generator compiles both specs, the examples type-check, docs/codegen.md's matrix is current", () => {
    expect(check.problems).toEqual([]);
    for (const row of check.matrix.rows) {
      for (const cell of row.cells) expect(cell.compile.compiles, `${row.generator.id} ${cell.api}`).toBe(true);
    }
    expect(check.matrix.examples.compiles).toBe(true);
  });
});

describe("docs/codegen.md", () => {
  it("shows the example files as they are", () => {
    const doc = readFileSync(join(projectRoot, "docs", "codegen.md"), "utf8");
    const embedded = [...doc.matchAll(/<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)\n```/g)].map(([, file, code]) => ({
      file: file!,
      code: code!,
    }));
    expect(embedded.map((e) => e.file).sort()).toEqual(
      ["hey-api-gateway.cts", "orval-gateway-fetch.ts", "orval-gateway.cts", "signed-fetch.ts"].map(
        (name) => `docs/examples/codegen/${name}`,
      ),
    );
    for (const { file, code } of embedded) expect(code, file).toBe(readFileSync(join(projectRoot, file), "utf8").trimEnd());
  });
});

describe("generated gateway clients with the toolkit's encodeForm and signing", () => {
  const signing: SigningOptions = { apiKey: signingApiKey, privateKey };
  let reference: Captured;

  beforeAll(async () => {
    expect(authorization, "the spec's cardWith3dSecure example").toBeDefined();
    const gateway = createGatewayClient({ baseUrl, apiKey, signing, retry: { attempts: 1 } });
    const { request, result } = await capture(() => gateway.authorize(authorization));
    expect(result).toMatchObject({ approved: true, transaction: { id: approved.id } });
    reference = request;
  });

  it("the toolkit client sends bracket names, signed over the bytes sent", () => {
    expect(reference.method).toBe("POST");
    expect(reference.url).toBe("/authorizations");
    expect(reference.body.equals(Buffer.from(encodeForm(authorization)))).toBe(true);
    expect(reference.body.toString()).toContain("card[3dsecure][v2][ares]=%7B%22acsReferenceNumber%22");
    const signature = header(reference, "Signature");
    const [keyId, scheme, hex] = signature.split(" ");
    expect([keyId, scheme]).toEqual([signingApiKey, gatewayConstants.signatureHeader.schemeToken]);
    expect(createVerify("RSA-SHA256").update(reference.body).verify(publicKey, hex!, "hex")).toBe(true);
  });

  const sameAsToolkit = (request: Captured) => {
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/authorizations");
    expect(request.body.equals(reference.body), `body\n${request.body.toString()}\n${reference.body.toString()}`).toBe(true);
    expect(header(request, "Signature")).toBe(header(reference, "Signature"));
    expect(header(request, "Authorization")).toBe(header(reference, "Authorization"));
    expect(header(request, "Content-Type")).toBe(header(reference, "Content-Type"));
    expect(Number(header(request, "Content-Length"))).toBe(reference.body.length);
  };

  it("@hey-api/openapi-ts (docs/examples/codegen/hey-api-gateway.cts) sends the same bytes and signature", async () => {
    const example = load<HeyApiExample>(sources.heyApiExample);
    const client = example.createHeyApiGateway({ baseUrl, apiKey, signing });
    const { request, result } = await capture(() => example.authorizeWithHeyApi(client, authorization));
    sameAsToolkit(request);
    expect(result).toMatchObject({ status: 201, approved: { id: approved.id, status: { code: 20000 } } });
  });

  it("orval (docs/examples/codegen/orval-gateway.cts) sends the same bytes and signature", async () => {
    const example = load<OrvalExample>(sources.orvalExample);
    example.configureOrvalGateway({ baseUrl, apiKey, signing });
    const { request, result } = await capture(() => example.authorizeWithOrval(authorization));
    sameAsToolkit(request);
    expect(result).toMatchObject({ status: 201, body: { id: approved.id, status: { code: 20000 } } });
  });

  // The matrix's "as generated" column: both put a nested object as JSON into one form field.
  const cardFieldOf = (body: string) => new URLSearchParams(body).get("card");

  it("@hey-api/openapi-ts as generated sends `card` as JSON in one field", async () => {
    const { createClient } = load<HeyApiGenerated>(sources.heyApiClient);
    const { createAuthorization } = load<HeyApiSdk>(sources.heyApiSdk);
    const { request } = await capture(() => createAuthorization({ client: createClient({ baseUrl }), body: authorization }));
    expect(request.body.equals(reference.body)).toBe(false);
    expect(JSON.parse(cardFieldOf(request.body.toString()) ?? "null")).toEqual(authorization.card);
  });

  it("orval as generated sends `card` as JSON in one field", async () => {
    const { createAuthorization } = load<OrvalGenerated>(sources.orvalPlain);
    // orval's plain fetch client calls the global fetch with the path alone.
    const sent: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      async (_url: string, init: RequestInit) => (
        sent.push(init),
        new Response(JSON.stringify(approved), { status: 201, headers: { "Content-Type": media } })
      ),
    );
    try {
      await createAuthorization(authorization);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toHaveLength(1);
    // The body as fetch reads it, whatever BodyInit the client passed (a string or URLSearchParams).
    const body = await new Response(sent[0]!.body).text();
    expect(body).not.toBe(reference.body.toString());
    expect(JSON.parse(cardFieldOf(body) ?? "null")).toEqual(authorization.card);
  });
});
