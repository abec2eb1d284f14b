/**
 * The sandbox console (/_sandbox/console) in real Chromium against a running sandbox: what an
 * integrator does with it when a test fails. A refused signature shows up live with its cause, a
 * capture shows in the state view with what remains, the page's clock and fault controls change
 * what the sandbox says next; no console error, no request leaving the sandbox, no serious
 * accessibility violation (axe-core), usable narrow. Screenshots go to test-artifacts/console/.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import type { RunningSandbox } from "../src/testkit/sandbox/server";
import { readyUrls, startServing } from "./support/processes";
import { GatewayClient, keys, MerchantClient, sandboxLog, signer, startTestSandbox, validApplication } from "./support/sandbox";
import { launchTestBrowser, openTestPage } from "./support/browser";

const artifactsDir = join(projectRoot, "test-artifacts", "console");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
let sandbox: RunningSandbox;
let browser: Browser;
let page: Page;
const outside: string[] = [];
const consoleErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(artifactsDir, { recursive: true });
  sandbox = await startTestSandbox();
  browser = await launchTestBrowser();
  // The page formats amounts for the browser's locale: the assertions read en-US numbers.
  page = await openTestPage(browser, { viewport: { width: 1280, height: 900 }, locale: "en-US" });
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${sandbox.gatewayUrl}/_sandbox/`) && !url.startsWith("data:")) outside.push(url);
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text().slice(0, 300));
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  await page.goto(`${sandbox.gatewayUrl}/_sandbox/console`, { waitUntil: "load" });
  await page.getByText("live", { exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  expect(sandbox.violations.entries, "responses that broke the spec").toEqual([]);
  expect(
    sandboxLog.filter((line) => line.includes("[sandbox:control]")),
    "control answers that broke the control spec",
  ).toEqual([]);
  await sandbox?.stop();
});

async function tab(name: "Exchanges" | "State" | "Controls"): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await page.getByRole("tabpanel", { name }).waitFor({ state: "visible" });
}

/** Serious and critical violations axe-core finds in the page as it is now. */
async function seriousViolations(): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
}

const card = { "card[pan]": "4111111111111111", "card[expire_month]": "06", "card[expire_year]": "2035", "card[csc]": "987" };

describe("the sandbox console", () => {
  it("shows a POST with a wrong signature as it arrives, and its detail names the cause, the rule and a curl line without secrets", async () => {
    await tab("Exchanges");
    // Signed over literal brackets, sent with percent-encoded ones: the most common signing bug.
    const literal = new URLSearchParams({ amount: "2050", currency: "EUR", ...card }).toString().replace(/%5B/g, "[").replace(/%5D/g, "]");
    const sent = literal.replace(/\[/g, "%5B").replace(/\]/g, "%5D");
    const refused = await new GatewayClient(sandbox.gatewayUrl).post("/authorizations", sent, {
      signature: signer.headerFor(Buffer.from(literal)),
    });
    expect(refused.body.status?.message).toBe("invalid signature");
    const id = sandbox.exchanges.list({ operation: "createAuthorization" }).items.at(-1)!.id;

    const row = page.locator(`#exchanges tbody tr[data-id="${id}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("40000");
    await row.getByRole("button").click();
    const detail = page.locator("#detail");
    await expect.poll(() => detail.textContent()).toContain("brackets of the parameter names are percent-encoded");
    const text = (await detail.textContent())!;
    expect(text).toContain("mismatch");
    expect(text).toContain(`Bytes received${Buffer.byteLength(sent)}`);
    expect(text).toMatch(/SHA-256 of those bytes[0-9a-f]{64}/);
    expect(text).toContain("invalid signature");
    // Without ?docs=<address> the page names the operation, not a file an installed user lacks.
    expect(text).toContain("operation createAuthorization of the gateway API reference");
    expect(text).not.toContain("dist/docs");
    const curl = (await page.locator("#detail pre.curl").textContent())!;
    expect(curl).toContain("GATEWAY_SIGNING_KEY_FILE");
    expect(curl).toContain("${GATEWAY_SIGNING_API_KEY}");
    expect(curl).toContain("${GATEWAY_API_KEY}");
    for (const secret of [keys.merchantKey, keys.signingKeyId, "4111111111111111", "card%5Bcsc%5D=987"])
      expect(text, `the page shows ${secret}`).not.toContain(secret);
    await page.screenshot({ path: join(artifactsDir, "exchanges.png"), fullPage: true });
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows a capture in the state view with what remains, and the clock advanced from the page closes its windows", async () => {
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const authorization = await gateway.authorize({ amount: 1000 });
    expect(authorization.status).toBe(201);
    expect((await gateway.post(`/authorizations/${authorization.body.id}/captures`, { amount: 400 })).status).toBe(201);

    const merchant = new MerchantClient(sandbox.merchantUrl);
    await merchant.login();
    const application = await merchant.call("POST", "/applications", validApplication);
    expect(application.status).toBe(201);

    await tab("State");
    const applicationRow = page.locator("#applications tbody tr", { hasText: "Acme Coffee" });
    await expect.poll(() => applicationRow.first().textContent()).toContain("unsubmitted");
    await expect.poll(() => page.locator("#windows tbody").textContent()).toContain("createApplication");
    const row = page.locator(`#transactions tbody tr[data-id="${authorization.body.id}"]`);
    await row.waitFor();
    const capture = row.locator('td[data-follow-up="capture"]');
    const voiding = row.locator('td[data-follow-up="void"]');
    await expect.poll(() => capture.textContent()).toContain("Capture left: 6.00 EUR");
    expect(await capture.textContent()).toContain("allowed now");
    expect(await voiding.textContent()).toContain("allowed now");
    await page.screenshot({ path: join(artifactsDir, "state.png"), fullPage: true });
    expect(await seriousViolations()).toEqual([]);

    await tab("Controls");
    const clock = page.getByRole("form", { name: "Clock" });
    await clock.getByLabel("Advance by").fill("200");
    await clock.getByLabel("Unit").selectOption({ label: "days" });
    await clock.getByRole("button", { name: "Advance the clock" }).click();
    await expect.poll(() => page.locator("#notice").textContent()).toContain("17280000 seconds ahead");
    expect(sandbox.clock.offsetSeconds()).toBe(200 * 86_400);

    await tab("State");
    await expect.poll(() => capture.textContent()).toContain("refused: capture not allowed");
    expect(await voiding.textContent()).toContain("refused: void not allowed");
    // The view says what the gateway then answers.
    const late = await gateway.post(`/authorizations/${authorization.body.id}/captures`, { amount: 100 });
    expect(late.body.status?.message).toMatch(/^capture not allowed/);
  });

  it("shows amounts as currency by the gateway's currency table, and a forced decline with its status's meaning", async () => {
    const gateway = new GatewayClient(sandbox.gatewayUrl);
    const euro = await gateway.authorize({ amount: 2050 });
    const yen = await gateway.authorize({ amount: 14200, currency: "JPY" });
    const dinar = await gateway.authorize({ amount: 1050, currency: "BHD" });
    // A status-forcing test card declines with the status its amount names.
    const forced = await gateway.authorize({ amount: 40110 }, { pan: "4200000000000000" });
    expect([euro.status, yen.status, dinar.status, forced.status]).toEqual([201, 201, 201, 400]);

    await tab("State");
    const amountOf = (id: string) => page.locator(`#transactions tbody tr[data-id="${id}"] td[data-column="amount"]`);
    await expect.poll(() => amountOf(euro.body.id!).textContent()).toBe("20.50 EUR");
    expect(await amountOf(yen.body.id!).textContent()).toBe("14,200 JPY");
    expect(await amountOf(dinar.body.id!).textContent()).toBe("1.050 BHD");
    const declined = page.locator(`#transactions tbody tr[data-id="${forced.body.id}"]`);
    expect(await declined.locator('td[data-column="status"]').textContent()).toBe("40110 Invalid card number");
    expect(await amountOf(forced.body.id!).textContent()).toBe("401.10 EURthe amount chose the status (a status-forcing test card)");
  });

  it("lists each exchange with its refusal's reason and the API key a user filters by, never base64", async () => {
    await tab("Exchanges");
    // A raw key without the Basic scheme: the gateway answers 401 without a body, the record says why.
    const noScheme = await fetch(`${sandbox.gatewayUrl}/account`, { headers: { authorization: keys.merchantKey } });
    expect(noScheme.status).toBe(401);
    const refusedId = sandbox.exchanges.list({ status: 401, limit: 100_000 }).items.at(-1)!.id;
    const refusedRow = page.locator(`#exchanges tbody tr[data-id="${refusedId}"]`);
    await expect.poll(() => refusedRow.textContent()).toContain("The Authorization header has no scheme");

    const served = await new GatewayClient(sandbox.gatewayUrl).get("/account");
    expect(served.status).toBe(200);
    const servedId = sandbox.exchanges.list({ operation: "getAccount", status: 200, limit: 100_000 }).items.at(-1)!.id;
    const credential = page.locator(`#exchanges tbody tr[data-id="${servedId}"] td`).last();
    await expect.poll(() => credential.textContent()).toBe(keys.merchantKey.slice(0, 6));
    const base64 = Buffer.from(`${keys.merchantKey}:`).toString("base64");
    expect(await page.locator("#exchanges tbody").textContent()).not.toContain(base64.slice(0, 8));

    // Filtering by the key's first characters, as a user copies them, finds its exchanges.
    await page.getByLabel("Credential").fill(keys.merchantKey.slice(0, 8));
    await expect.poll(() => page.locator(`#exchanges tbody tr[data-id="${servedId}"]`).count()).toBe(1);
    await page.getByLabel("Credential").fill("");
  });

  it("adds a fault from the page that changes the next answer, and shows it in force", async () => {
    await tab("Controls");
    const form = page.getByRole("form", { name: "Add a fault" });
    await form.getByLabel("Operation").fill("createAuthorization");
    await form.getByLabel("Action").selectOption("status");
    await form.getByLabel("Status or milliseconds").fill("503");
    await form.getByLabel(/For the next requests/).fill("1");
    await form.getByRole("button", { name: "Add the fault" }).click();
    await expect.poll(() => page.locator("#faults").textContent()).toContain("createAuthorization answers 503, 1 more time(s)");
    await page.screenshot({ path: join(artifactsDir, "controls.png"), fullPage: true });
    expect(await seriousViolations()).toEqual([]);

    const gateway = new GatewayClient(sandbox.gatewayUrl);
    expect((await gateway.authorize({ amount: 1000 })).status).toBe(503);
    expect((await gateway.authorize({ amount: 1000 })).status).toBe(201);
  });

  it("loads a fixture from the page and lists it", async () => {
    await tab("Controls");
    const form = page.getByRole("form", { name: "Fixtures" });
    await form.getByLabel("Fixture (JSON)").fill(JSON.stringify({ gateway: { transactions: [{ name: "order-9", amount: 900 }] } }));
    await form.getByRole("button", { name: "Load the fixture" }).click();
    await expect.poll(() => page.locator("#fixtures").textContent()).toContain("order-9 (transaction)");
    expect(sandbox.gateway.store.size).toBeGreaterThan(0);
  });

  it("fits a narrow window, and neither the page nor the sandbox left the machine or logged an error", async () => {
    await page.setViewportSize({ width: 420, height: 900 });
    for (const name of ["Exchanges", "State", "Controls"] as const) {
      await tab(name);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${name} overflows at 420 px`,
      ).toBeLessThanOrEqual(1);
    }
    await page.screenshot({ path: join(artifactsDir, "narrow.png"), fullPage: true });
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe("payment-apis sandbox", () => {
  it("prints the console's address on a line of its own before the ready line, whose format stays as tools parse it", async () => {
    const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
    const serving = await startServing(
      tsNode,
      [join("src", "testkit", "cli", "main.ts"), "sandbox", "--gateway-port", "0", "--merchant-port", "0", "--storage-port", "0"],
      projectRoot,
      process.env,
    );
    try {
      const urls = readyUrls(serving.ready);
      expect(Object.keys(urls)).toEqual(["gateway-sandbox", "merchant-sandbox", "storage"]);
      const line = /^sandbox console: (\S+)/m.exec(serving.output());
      expect(line?.[1]).toBe(`${urls["gateway-sandbox"]}/_sandbox/console`);
      const page = await fetch(line![1]!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Sandbox console</title>");
    } finally {
      const exited = new Promise((done) => serving.child.once("exit", done));
      serving.child.kill("SIGINT");
      await exited;
    }
  });
});
