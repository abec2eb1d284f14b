/**
 * The TypeScript samples of the API reference (docs/examples/samples/<api>/<operationId>.ts, shown
 * as-is by `npm run docs`) run against the sandbox, so the docs cannot drift from the code.
 *
 * Every operation of both specs must have a sample, and every sample can be pasted as it is: it
 * imports only the package (and Node's built-ins), creates its client from the environment
 * variables set here, and takes at most one resource an earlier call made, as the parameter of
 * its `sample(...)`. `samples` below says, per operationId, which resources must exist (`needs`,
 * built by `setups`; the parameter is one of them) and what its result must look like (`check`).
 * Shared resources are built once; a sample that uses one up (a void, a delete, a stamp) gets
 * `fresh` ones. Response validation of the sandbox is strict and must record no violation.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deref, isHttpMethod, loadBundledSpec } from "../src/testkit/openapi-model/document";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { createGatewayClient, type GatewayClient, type Outcome, type TransactionOperation } from "../src/toolkit/gateway";
import { createMerchantClient, MerchantProblemError, type MerchantClient, type MerchantSchemas } from "../src/toolkit/merchant";
import { seeded, seededPrivateKeyPath } from "../src/testkit/sandbox/configuration/config";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { MerchantClient as RawMerchantClient, privateKeyPem, startTestSandbox, validApplication, validPerson } from "./support/sandbox";

type S = MerchantSchemas["schemas"];

/** What the checks and setups use (the samples make their own clients), and what samples may be given. */
interface SampleContext {
  gateway: GatewayClient;
  merchant: MerchantClient;
  merchantBaseUrl: string;
  tokenUrl: string;
  registrationUrl: string;
  authorizationId: string;
  capturedAuthorizationId: string;
  debitId: string;
  application: S["Application"];
  completeApplication: S["Application"];
  archivedApplication: S["Application"];
  submittedApplication: S["Application"];
  person: S["Person"];
  file: S["File"];
  uploadedFile: S["File"];
  comment: S["Comment"];
  dispute: S["Dispute"];
  disputeWithEvidence: S["Dispute"];
  contract: S["Contract"];
}
type BaseKey = "gateway" | "merchant" | "merchantBaseUrl";
type ResourceKey = Exclude<keyof SampleContext, BaseKey>;

const APIS = ["gateway", "merchant"] as const;
type Api = (typeof APIS)[number];
const samplesDir = join(process.cwd(), "docs", "examples", "samples");

interface Operation {
  api: Api;
  operationId: string;
  path: string;
  /** Methods of the operation's path item in the spec, upper case. */
  pathMethods: string[];
}

interface SampleSpec {
  /** Resources built before the sample runs (at least those it destructures from its context). */
  needs?: ResourceKey[];
  /** Build the needed resources anew instead of sharing them: the sample uses them up. */
  fresh?: boolean;
  check(result: unknown, context: SampleContext, operation: Operation): void | Promise<void>;
}

// --- what each sample must return ---------------------------------------------------------------

const approved =
  (amount?: number) =>
  (result: unknown): void => {
    const outcome = result as Outcome<TransactionOperation>;
    expect(outcome.approved, JSON.stringify(outcome)).toBe(true);
    if (!outcome.approved) return;
    expect(outcome.transaction.status?.code).toBe(20000);
    expect(outcome.transaction.id).toEqual(expect.any(String));
    if (amount !== undefined) expect((outcome.transaction as { amount?: number }).amount).toBe(amount);
  };

const selfLinked = (result: unknown) => {
  expect((result as { _links?: { self?: { href?: unknown } } })._links?.self?.href).toEqual(expect.stringMatching(/^http/));
};

const sameResource = (key: ResourceKey) => (result: unknown, context: SampleContext) => {
  selfLinked(result);
  expect((result as { _links: { self: { href: string } } })._links.self.href).toBe(
    (context[key] as { _links: { self: { href: string } } })._links.self.href,
  );
};

const itemsWithSelf =
  (minimum = 0) =>
  (result: unknown) => {
    expect(Array.isArray(result)).toBe(true);
    const items = result as unknown[];
    expect(items.length).toBeGreaterThanOrEqual(minimum);
    items.forEach(selfLinked);
  };

const containsResource = (key: ResourceKey) => (result: unknown, context: SampleContext) => {
  itemsWithSelf(1)(result);
  const hrefs = (result as { _links: { self: { href: string } } }[]).map((item) => item._links.self.href);
  expect(hrefs).toContain((context[key] as { _links: { self: { href: string } } })._links.self.href);
};

/** OPTIONS answers with the methods of the path in the spec. */
const allowsSpecMethods = (result: unknown, _context: SampleContext, operation: Operation) => {
  expect([...(result as string[])].sort()).toEqual([...operation.pathMethods].sort());
};

async function gone(merchant: MerchantClient, resource: { _links: { self: { href: string } } }): Promise<void> {
  const error: unknown = await merchant.follow(resource, "self").then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MerchantProblemError);
  expect((error as MerchantProblemError).status).toBe(404);
}

const gatewaySamples: Record<string, SampleSpec> = {
  discoverResources: {
    check: (result) =>
      expect(result).toMatchObject({ authorizations: { href: expect.any(String) }, account: { href: expect.any(String) } }),
  },
  createAuthorization: { check: approved(2050) },
  createCapture: { needs: ["authorizationId"], check: approved(1000) },
  createRefund: { needs: ["capturedAuthorizationId"], check: approved(500) },
  createVoid: { needs: ["authorizationId"], fresh: true, check: approved() },
  createDebit: { check: approved(5000) },
  createDebitRefund: { needs: ["debitId"], fresh: true, check: approved(5000) },
  createCredit: { check: approved(50000) },
  getAccount: {
    check: (result) => expect(result).toMatchObject({ merchant_id: expect.stringMatching(/^\d{15}$/), currency: expect.any(String) }),
  },
};

const merchantSamples: Record<string, SampleSpec> = {
  getRoot: {
    check: (result, context) => {
      expect((result as S["Root"])._links.self.href).toBe(`${context.merchantBaseUrl}/`);
      expect((result as S["Root"])._links["ch:applications"]).toBeDefined();
    },
  },
  optionsRoot: { check: allowsSpecMethods },
  createToken: {
    needs: ["tokenUrl"],
    check: (result, context) =>
      expect(result).toMatchObject({
        token_type: "Bearer",
        access_token: expect.any(String),
        expires_in: expect.any(Number),
        _links: { "ch:root": { href: `${context.merchantBaseUrl}/` } },
      }),
  },
  optionsToken: { needs: ["tokenUrl"], check: allowsSpecMethods },
  registerClient: {
    needs: ["registrationUrl"],
    check: async (result, context) => {
      const client = result as S["Client"];
      expect(client).toMatchObject({
        client_id: expect.any(String),
        client_secret: expect.any(String),
        client_name: "Nightly reconciliation",
      });
      // The new credentials work on the token endpoint at once.
      expect((await new RawMerchantClient(context.merchantBaseUrl).login(client.client_id, client.client_secret)).status).toBe(200);
    },
  },
  optionsClients: { needs: ["registrationUrl"], check: allowsSpecMethods },
  listTransactions: {
    check: (result) => {
      const transactions = result as S["Transaction"][];
      expect(transactions.length).toBeGreaterThan(0);
      expect(transactions.every((transaction) => transaction.currency === "DKK")).toBe(true);
    },
  },
  optionsTransactions: { check: allowsSpecMethods },
  listApplications: { needs: ["application"], check: containsResource("application") },
  createApplication: {
    check: (result) => {
      selfLinked(result);
      expect((result as S["Application"]).metadata?.state).toBe("unsubmitted");
    },
  },
  optionsApplications: { check: allowsSpecMethods },
  getApplication: { needs: ["application"], check: sameResource("application") },
  updateApplication: {
    needs: ["application"],
    check: (result) => {
      const application = result as S["Application"];
      expect(application.additional_information).toBe("We also sell mugs.");
      // Merged: the other business model properties are kept.
      expect(application.business_model).toMatchObject({ trading_name: "Acme Coffee & Mugs", estimate_currency: "DKK" });
    },
  },
  optionsApplication: { needs: ["application"], check: allowsSpecMethods },
  addApplicationStamp: {
    needs: ["completeApplication"],
    fresh: true,
    check: (result) => expect(result).toEqual({ submitted: true, state: "submitted" }),
  },
  removeApplicationStamp: {
    needs: ["archivedApplication"],
    fresh: true,
    check: (result) => expect(result).toEqual(["submitted", "archived"]),
  },
  optionsApplicationStamp: { needs: ["application"], check: allowsSpecMethods },
  listApplicationGateways: {
    needs: ["application"],
    check: (result) => {
      selfLinked(result);
      expect((result as S["GatewayCollection"])._embedded?.selectable?.length).toBeGreaterThan(0);
    },
  },
  optionsApplicationGateways: { needs: ["application"], check: allowsSpecMethods },
  selectApplicationGateway: { needs: ["application"], fresh: true, check: (result) => expect(result).toEqual([expect.any(String)]) },
  optionsApplicationGatewaySelection: { needs: ["application"], check: allowsSpecMethods },
  listPeople: { needs: ["application", "person"], check: containsResource("person") },
  createPerson: {
    needs: ["application"],
    check: (result, context) => {
      selfLinked(result);
      expect((result as S["Person"])._links["ch:application"]?.href).toBe(context.application._links.self.href);
    },
  },
  optionsPeople: { needs: ["application"], check: allowsSpecMethods },
  listApplicationFiles: { needs: ["application", "uploadedFile"], check: containsResource("uploadedFile") },
  createApplicationFile: {
    needs: ["application"],
    check: async (result, context) => {
      const file = result as S["File"];
      expect(file).toMatchObject({ label: "bank_statement", content_type: "application/pdf" });
      expect((await context.merchant.downloadFile(file)).bytes.byteLength).toBe(file.size);
    },
  },
  optionsApplicationFiles: { needs: ["application"], check: allowsSpecMethods },
  listContracts: {
    needs: ["submittedApplication"],
    check: (result) => {
      itemsWithSelf(1)(result);
      expect((result as S["Contract"][]).map((contract) => contract.state)).toEqual(["needs_signature"]);
    },
  },
  optionsContracts: { needs: ["submittedApplication"], check: allowsSpecMethods },
  getPerson: { needs: ["person"], check: sameResource("person") },
  updatePerson: {
    needs: ["person"],
    check: (result) => expect(result).toMatchObject({ city: "Aarhus", zipcode: "8000", name: validPerson.name }),
  },
  deletePerson: {
    needs: ["person"],
    fresh: true,
    check: async (result, context) => {
      expect(result).toBeUndefined();
      await gone(context.merchant, context.person);
    },
  },
  optionsPerson: { needs: ["person"], check: allowsSpecMethods },
  listPersonFiles: {
    needs: ["person"],
    check: (result) => {
      const { labels, missing } = result as { labels: string[]; missing: string[] };
      expect([...labels, ...missing].sort()).toEqual(expect.arrayContaining(["address_legitimation", "picture_legitimation"]));
    },
  },
  createPersonFile: {
    needs: ["person"],
    check: async (result, context) => {
      const file = result as S["File"];
      expect(file._links["ch:person"]?.href).toBe(context.person._links.self.href);
      expect(await context.merchant.downloadFile(file)).toMatchObject({ contentType: "image/jpeg" });
    },
  },
  optionsPersonFiles: { needs: ["person"], check: allowsSpecMethods },
  getGateway: {
    needs: ["application"],
    check: (result) => {
      selfLinked(result);
      expect(result).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    },
  },
  optionsGateway: { needs: ["application"], check: allowsSpecMethods },
  listDisputes: {
    check: (result) => {
      itemsWithSelf(1)(result);
      expect((result as S["Dispute"][]).every((dispute) => dispute.status === "open")).toBe(true);
    },
  },
  optionsDisputes: { check: allowsSpecMethods },
  getDispute: { needs: ["dispute"], check: sameResource("dispute") },
  optionsDispute: { needs: ["dispute"], check: allowsSpecMethods },
  addDisputeStamp: { needs: ["disputeWithEvidence"], check: (result) => expect(result).toBe("refuted") },
  optionsDisputeStamp: { needs: ["dispute"], check: allowsSpecMethods },
  listDisputeFiles: { needs: ["dispute"], check: itemsWithSelf() },
  createDisputeFile: {
    needs: ["dispute"],
    check: (result, context) => {
      selfLinked(result);
      expect((result as S["File"])._links["ch:dispute"]?.href).toBe(context.dispute._links.self.href);
    },
  },
  optionsDisputeFiles: { needs: ["dispute"], check: allowsSpecMethods },
  getContract: { needs: ["contract"], check: sameResource("contract") },
  optionsContract: { needs: ["contract"], check: allowsSpecMethods },
  addContractStamp: { needs: ["contract"], fresh: true, check: (result) => expect(result).toBe("signed") },
  optionsContractStamp: { needs: ["contract"], check: allowsSpecMethods },
  getFile: {
    needs: ["file"],
    check: (result, context) => {
      sameResource("file")(result, context);
      expect((result as S["File"])._links["ch:data"].map((link) => link.name)).toEqual(["upload", "download"]);
    },
  },
  updateFile: {
    needs: ["file"],
    check: (result) => expect(result).toMatchObject({ name: "statement-2024-05.pdf", label: "bank_statement" }),
  },
  deleteFile: {
    needs: ["file"],
    fresh: true,
    check: async (result, context) => {
      expect(result).toBeUndefined();
      await gone(context.merchant, context.file);
    },
  },
  optionsFile: { needs: ["file"], check: allowsSpecMethods },
  downloadFileContent: {
    needs: ["uploadedFile"],
    check: (result, context) => {
      const { contentType, bytes } = result as { contentType: string; bytes: Uint8Array };
      expect(contentType).toBe(context.uploadedFile.content_type);
      expect(bytes.byteLength).toBeGreaterThan(0);
    },
  },
  optionsFileContent: { needs: ["file"], check: allowsSpecMethods },
  uploadFileContent: {
    needs: ["file"],
    fresh: true,
    check: async (result, context) => {
      sameResource("file")(result, context);
      expect(new TextDecoder().decode((await context.merchant.downloadFile(context.file)).bytes)).toContain("bank statement");
    },
  },
  listComments: { needs: ["application", "comment"], check: containsResource("comment") },
  createComment: {
    needs: ["application"],
    check: (result, context) => {
      expect(result).toMatchObject({
        tags: ["ch-field:business_model.trading_name"],
        _links: { "ch:application": { href: context.application._links.self.href } },
      });
    },
  },
  optionsComments: { needs: ["application"], check: allowsSpecMethods },
  getComment: { needs: ["comment"], check: sameResource("comment") },
  optionsComment: { needs: ["comment"], check: allowsSpecMethods },
};

const samples: Record<Api, Record<string, SampleSpec>> = { gateway: gatewaySamples, merchant: merchantSamples };

// --- the resources samples need -----------------------------------------------------------------

type Resolve = <K extends ResourceKey>(key: K) => Promise<SampleContext[K]>;
type Setup<K extends ResourceKey> = (base: Pick<SampleContext, BaseKey>, need: Resolve) => Promise<SampleContext[K]>;

const card = { pan: "4111111111111111", expire_month: "06", expire_year: "2030", csc: "987" };
const sender = { name: "Jensen Anna M", address: "Torvegade 12", city: "Copenhagen", country: "DK" };
const recipient = { name: "Jensen Anna M", account_number: "DK5000400440116243", account_number_type: "iban" as const };

function approvedId(outcome: Outcome<TransactionOperation>): string {
  if (!outcome.approved || !outcome.transaction.id) throw new Error(`setup transaction not approved: ${JSON.stringify(outcome)}`);
  return outcome.transaction.id;
}

async function completeApplication({ merchant }: Pick<SampleContext, "merchant">): Promise<S["Application"]> {
  const application = await merchant.create(await merchant.root(), "ch:applications", validApplication as S["ApplicationCreate"]);
  const selectable = (await merchant.follow(application, "ch:gateways"))._embedded?.selectable?.[0];
  if (!selectable) throw new Error("the sandbox offers no selectable gateway");
  expect((await merchant.request("PUT", selectable, "ch:selection")).status).toBe(204);
  const person = await merchant.create(application, "ch:people", validPerson);
  for (const label of ["picture_legitimation", "address_legitimation"]) {
    await merchant.uploadFile(person, { label, content_type: "image/png" }, `${label} scan`);
  }
  return merchant.follow(application, "self");
}

async function openDispute(merchant: MerchantClient, query: string, pick: (dispute: S["Dispute"]) => boolean): Promise<S["Dispute"]> {
  const disputes = await merchant.follow(await merchant.root(), "ch:disputes", { variables: { query } });
  const dispute = disputes._embedded?.["ch:disputes"]?.find(pick);
  if (!dispute) throw new Error(`no seeded dispute for ${query}`);
  return merchant.follow(dispute, "self");
}

const setups: { [K in ResourceKey]: Setup<K> } = {
  tokenUrl: async ({ merchant }) => (await merchant.root())._links["oauth2-token"].href,
  registrationUrl: async ({ merchantBaseUrl }) =>
    new URL(apiModel("merchant").operation("registerClient").template, `${merchantBaseUrl}/`).href,
  authorizationId: async ({ gateway }) => approvedId(await gateway.authorize({ amount: 10000, currency: "EUR", card })),
  capturedAuthorizationId: async ({ gateway }) => {
    const id = approvedId(await gateway.authorize({ amount: 10000, currency: "EUR", card }));
    approvedId(await gateway.capture(id));
    return id;
  },
  debitId: async ({ gateway }) => approvedId(await gateway.debit({ amount: 5000, currency: "EUR", card, sender, recipient })),
  application: async ({ merchant }) =>
    merchant.create(await merchant.root(), "ch:applications", validApplication as S["ApplicationCreate"]),
  completeApplication: async (base) => completeApplication(base),
  archivedApplication: async ({ merchant }) => {
    const application = await merchant.create(await merchant.root(), "ch:applications", validApplication as S["ApplicationCreate"]);
    await merchant.addStamp(application, "archived");
    return merchant.follow(application, "self");
  },
  submittedApplication: async ({ merchant }) => {
    const application = await completeApplication({ merchant });
    await merchant.addStamp(application, "submitted");
    return merchant.follow(application, "self");
  },
  person: async ({ merchant }, need) => merchant.create(await need("application"), "ch:people", validPerson),
  file: async ({ merchant }, need) =>
    merchant.create(await need("application"), "ch:files", {
      label: "bank_statement",
      name: "statement.pdf",
      content_type: "application/pdf",
    }),
  uploadedFile: async ({ merchant }, need) =>
    merchant.uploadFile(
      await need("application"),
      { label: "bank_statement", name: "statement.txt", content_type: "text/plain" },
      "opening balance 1000.00 DKK",
    ),
  comment: async ({ merchant }, need) =>
    merchant.create(await need("application"), "ch:comments", { body: "Please add the bank statement of May." }),
  // Two different open disputes: the one to refute is used up by addDisputeStamp.
  dispute: async ({ merchant }) => openDispute(merchant, "status:open", (dispute) => dispute.reason !== "fraud"),
  disputeWithEvidence: async ({ merchant }) => {
    const dispute = await openDispute(merchant, "status:open reason:fraud", () => true);
    await merchant.uploadFile(dispute, { label: "customer_invoice", content_type: "application/pdf" }, "%PDF-1.7 invoice");
    return dispute;
  },
  contract: async ({ merchant }, need) => {
    const contracts = await merchant.follow(await need("submittedApplication"), "ch:contracts");
    const contract = contracts._embedded?.["ch:contracts"]?.[0];
    if (!contract) throw new Error("the submitted application has no contract");
    return contract;
  },
};

// --- the run ------------------------------------------------------------------------------------

function listOperations(api: Api): Operation[] {
  const doc = loadBundledSpec(api);
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const pathItem = deref<Record<string, { operationId?: string }>>(doc, item);
    const methods = Object.keys(pathItem).filter((method) => isHttpMethod(method));
    return methods.map((method) => ({
      api,
      operationId: String(pathItem[method]!.operationId),
      path,
      pathMethods: methods.map((m) => m.toUpperCase()),
    }));
  });
}

const sampleFiles = (api: Api) =>
  readdirSync(join(samplesDir, api))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => name.slice(0, -3))
    .sort();

let sandbox: RunningSandbox;
let base: Pick<SampleContext, BaseKey>;
const shared = new Map<ResourceKey, Promise<unknown>>();
const consoleLines: string[] = [];

function resolver(fresh: boolean): Resolve {
  const resolve: Resolve = (key) => {
    const build = () => setups[key](base, resolve);
    if (fresh) return build();
    if (!shared.has(key)) shared.set(key, build());
    return shared.get(key) as Promise<SampleContext[typeof key]>;
  };
  return resolve;
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const merchant = createMerchantClient({
    baseUrl: sandbox.merchantUrl,
    clientId: seeded.merchant.clientId,
    clientSecret: seeded.merchant.clientSecret,
  });
  base = {
    gateway: createGatewayClient({
      baseUrl: sandbox.gatewayUrl,
      apiKey: seeded.gateway.merchantKey,
      signing: { apiKey: seeded.gateway.signingKeyId, privateKey: privateKeyPem },
    }),
    merchant,
    merchantBaseUrl: sandbox.merchantUrl,
  };
  // What a reader sets before running a sample (each creates its client from these when imported).
  const environment = {
    GATEWAY_BASE_URL: sandbox.gatewayUrl,
    GATEWAY_API_KEY: seeded.gateway.merchantKey,
    GATEWAY_SIGNING_API_KEY: seeded.gateway.signingKeyId,
    GATEWAY_SIGNING_KEY_FILE: seededPrivateKeyPath,
    MERCHANT_BASE_URL: sandbox.merchantUrl,
    MERCHANT_CLIENT_ID: seeded.merchant.clientId,
    MERCHANT_CLIENT_SECRET: seeded.merchant.clientSecret,
  };
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  // What samples print is kept here (and checked for card numbers) instead of cluttering the output.
  for (const method of ["log", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(" ")));
  }
});

afterAll(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await sandbox?.stop();
});

describe.each(APIS)("%s samples", (api) => {
  const operations = listOperations(api);
  const files = sampleFiles(api);

  it("every operation of the spec has a sample file and an entry in the table, and nothing else does", () => {
    const ids = operations.map((operation) => operation.operationId).sort();
    expect(files, "docs/examples/samples/<api>/<operationId>.ts").toEqual(ids);
    expect(Object.keys(samples[api]).sort(), "the samples table of test/docs-samples.test.ts").toEqual(ids);
  });

  it.each(files)("%s.ts can be pasted: a comment on top, imports of the package only, its client created, one export", (operationId) => {
    const source = readFileSync(join(samplesDir, api, `${operationId}.ts`), "utf8");
    expect(source.split("\n")[0]).toMatch(/^\/\/ \S/);
    const imports = [...source.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBe(source.match(/^import /gm)?.length ?? 0);
    expect(imports.filter((from) => !/^payment-apis-toolkit\/(gateway|merchant)$|^node:/.test(from!))).toEqual([]);
    // The client it calls is made in the file, from the environment.
    if (new RegExp(`\\b${api}\\.`).test(source.replace(/\/\/.*$/gm, "")))
      expect(source).toMatch(new RegExp(`^const ${api} = create\\w+Client\\(\\{\\n  baseUrl: process\\.env\\.`, "m"));
    expect(source.match(/^export /gm)).toHaveLength(1);
    expect(source).not.toMatch(/vitest|expect\(|\/src\/|SampleContext/);
    // What it takes, if anything, is a resource built before it runs.
    const parameter = /^export async function sample\((\w*)/m.exec(source)?.[1];
    expect(parameter).toBeDefined();
    if (parameter) expect(samples[api][operationId]?.needs ?? []).toContain(parameter);
  });

  it("every sample that makes a client makes it with the same lines (each repeats them so that it can be pasted alone)", () => {
    const blocks = files
      .map(
        (name) =>
          new RegExp(`^const ${api} = create\\w+Client\\(\\{\\n[\\s\\S]*?^\\}\\);$`, "m").exec(
            readFileSync(join(samplesDir, api, `${name}.ts`), "utf8"),
          )?.[0],
      )
      .filter((block) => block !== undefined);
    expect(blocks.length).toBeGreaterThan(files.length / 2);
    expect(new Set(blocks).size).toBe(1);
  });

  it.each(
    operations.filter((operation) => files.includes(operation.operationId)).sort((a, b) => a.operationId.localeCompare(b.operationId)),
  )("$operationId runs against the sandbox", async (operation) => {
    const spec = samples[api][operation.operationId];
    if (!spec) throw new Error(`no entry for ${operation.operationId} in the samples table`);
    const resolve = resolver(spec.fresh ?? false);
    const context = { ...base } as SampleContext;
    for (const key of spec.needs ?? []) Object.assign(context, { [key]: await resolve(key) });
    const module = (await import(join(samplesDir, api, `${operation.operationId}.ts`))) as { sample(resource?: unknown): Promise<unknown> };
    const parameter = /^export async function sample\((\w+)/m.exec(
      readFileSync(join(samplesDir, api, `${operation.operationId}.ts`), "utf8"),
    )?.[1];
    const result = await (parameter ? module.sample(context[parameter as ResourceKey]) : module.sample());
    await spec.check(result, context, operation);
    expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  });
});

describe("all samples", () => {
  it("print no card number", () => {
    const pans = new Set<string>();
    for (const api of APIS) {
      for (const name of sampleFiles(api)) {
        for (const match of readFileSync(join(samplesDir, api, `${name}.ts`), "utf8").matchAll(/pan: "(\d+)"/g)) pans.add(match[1]!);
      }
    }
    expect(pans.size).toBeGreaterThan(0);
    expect(consoleLines.length).toBeGreaterThan(0);
    for (const pan of pans) expect(consoleLines.filter((line) => line.includes(pan))).toEqual([]);
  });

  it("left the sandbox without a response that broke the spec", () => {
    expect(sandbox.violations.count).toBe(0);
  });
});
