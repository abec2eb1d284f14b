/**
 * Opens each built Redoc page in headless Chromium, from a local server, and checks that every
 * operation of the spec and its code samples render. Screenshots go to test-artifacts/docs/.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import sirv from "sirv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApis, projectRoot } from "../scripts/lib/apis";
import { buildDocs, docsOutDir } from "../scripts/build-docs";
import { chromiumPath } from "../scripts/ensure-browser";
import { deref, loadBundledSpec } from "../src/spec/document";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const artifactsDir = join(projectRoot, "test-artifacts", "docs");

let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  buildDocs();
  mkdirSync(artifactsDir, { recursive: true });
  server = createServer(sirv(docsOutDir, { dev: true }));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe.each(listApis().map((api) => api.name))("%s docs page", (api) => {
  const doc = loadBundledSpec(api);
  const operations = Object.values(doc.paths).flatMap((item) =>
    Object.entries(deref<Record<string, { operationId: string; summary: string; tags: string[] }>>(doc, item))
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), ...operation })),
  );

  it("renders every operation with its curl sample, the inferred and departure notes, without page errors", { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    await page.goto(`${baseUrl}/${api}.html`, { waitUntil: "load" });

    const missing: string[] = [];
    let sawInferredNote = false;
    let sawDepartureNote = false;
    for (const operation of operations) {
      // Redoc routes by hash and renders one operation at a time; the legacy anchor form
      // (`tag/<Tag-with-dashes>/operation/<operationId>`) redirects to the route.
      const tag = operation.tags[0]!.replace(/ /g, "-");
      await page.evaluate((hash) => (location.hash = hash), `tag/${tag}/operation/${operation.operationId}`);
      const shown = await page
        .waitForFunction(
          ({ summary, method }) =>
            [...document.querySelectorAll("h1, h2")].some((h) => h.textContent?.trim() === summary) &&
            document.body.innerText.includes(`curl -X ${method}`),
          { summary: operation.summary, method: operation.method },
          { timeout: 15_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (!shown) missing.push(operation.operationId);
      sawInferredNote ||= await page.evaluate(() => document.body.innerText.includes("Inferred (not stated"));
      sawDepartureNote ||= await page.evaluate(() => document.body.innerText.includes("Departs from the source description"));
    }
    expect(missing).toEqual([]);
    // What the spec marks x-inferred must be visible as such somewhere in the rendered pages.
    expect(sawInferredNote).toBe(JSON.stringify(doc).includes('"x-inferred"'));
    expect(sawDepartureNote).toBe(JSON.stringify(doc).includes('"x-departs-from-source"'));
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, `${api}.png`) });
    await page.close();
  });
});

describe("docs index", () => {
  it("links every API page and the guides", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/index.html`);
    const links = await page.evaluate(() => [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")));
    for (const { name } of listApis()) expect(links).toContain(`${name}.html`);
    expect(links.some((href) => href?.startsWith("guides/"))).toBe(true);
    await page.close();
  });
});
