/**
 * Opens each built Redoc page and each rendered guide in headless Chromium, from a local server,
 * and checks what a reader sees: every operation with its curl and TypeScript samples (long lines
 * wrapped, not clipped; a TypeScript sample that can be pasted), every server of the spec in plain
 * words, no table or code block cut off at 1280 px, no sidebar entry twice, no request leaving the
 * page and no console error. Screenshots for review go to test-artifacts/docs/.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import sirv from "sirv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_API, listApis, projectRoot } from "../scripts/lib/apis";
import { buildDocs, docsOutDir, guidesSourceDir, samplesDir } from "../scripts/build-docs";
import { deref, isHttpMethod, loadBundledSpec } from "../src/testkit/openapi-model/document";
import { launchTestBrowser, openTestPage } from "./support/browser";

const artifactsDir = join(projectRoot, "test-artifacts", "docs");

let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  await buildDocs();
  mkdirSync(artifactsDir, { recursive: true });
  server = createServer(sirv(docsOutDir, { dev: true }));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** A page that records every request leaving the local server and every console error. */
async function watchedPage(width = 1400): Promise<{ page: Page; outside: string[]; consoleErrors: string[]; pageErrors: string[] }> {
  const page = await openTestPage(browser, { viewport: { width, height: 1000 } });
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseUrl}/`) && !url.startsWith("data:") && !url.startsWith("blob:")) outside.push(url);
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text().slice(0, 300)}`);
  });
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  return { page, outside, consoleErrors, pageErrors };
}

/** Sidebar labels that occur more than once among the entries of one level (one list). */
async function duplicateSidebarEntries(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('[data-component-name="Menu/MenuItem"]')];
    const byList = new Map<Element | null, string[]>();
    for (const item of items) {
      const copy = item.cloneNode(true) as Element;
      copy.querySelectorAll('[data-component-name="Menu/MenuItem"]').forEach((nested) => nested.remove());
      const label = (copy as HTMLElement).textContent?.replace(/\s+/g, " ").trim() ?? "";
      const labels = byList.get(item.parentElement) ?? [];
      labels.push(label);
      byList.set(item.parentElement, labels);
    }
    return [...byList.values()].flatMap((labels) => labels.filter((label, i) => label !== "" && labels.indexOf(label) !== i));
  });
}

/** A line of a TypeScript sample a reader must see: the first one of its function that is code, not a comment. */
function sampleLine(file: string): string {
  const lines = readFileSync(file, "utf8").split("\n");
  const line = lines
    .slice(lines.findIndex((l) => l.startsWith("export async function sample(")) + 1)
    .map((l) => l.trim())
    .find((l) => l.length > 12 && !l.startsWith("//"));
  if (!line) throw new Error(`${file} has no code line to look for`);
  return line;
}

describe.each(listApis().map((api) => api.name))("%s docs page", (api) => {
  const doc = loadBundledSpec(api);
  const operations = Object.values(doc.paths).flatMap((item) =>
    Object.entries(deref<Record<string, { operationId: string; summary: string; tags: string[] }>>(doc, item))
      .filter(([method]) => isHttpMethod(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), ...operation })),
  );

  it("renders every operation with its curl sample and the notes, no outside request, no console error, no duplicate sidebar entry", async () => {
    const { page, outside, consoleErrors, pageErrors } = await watchedPage();
    await page.goto(`${baseUrl}/${api}.html`, { waitUntil: "load" });
    await page.waitForSelector('[data-component-name="Menu/MenuItem"]');
    expect(await duplicateSidebarEntries(page)).toEqual([]);

    let sawInferredNote = false;
    let sawDepartureNote = false;
    for (const operation of operations) {
      // Redoc routes by hash and renders one operation at a time; the legacy anchor form
      // (`tag/<Tag-with-dashes>/operation/<operationId>`) redirects to the route.
      const tag = operation.tags[0]!.replace(/ /g, "-");
      await page.evaluate((hash) => (location.hash = hash), `tag/${tag}/operation/${operation.operationId}`);
      // Until it shows, however busy the machine: one that never does meets the hang guard.
      await page.waitForFunction(
        ({ summary, method }) =>
          [...document.querySelectorAll("h1, h2")].some((h) => h.textContent?.trim() === summary) &&
          document.body.innerText.includes(`curl -X ${method}`),
        { summary: operation.summary, method: operation.method },
      );
      sawInferredNote ||= await page.evaluate(() => document.body.innerText.includes("Inferred (not stated"));
      sawDepartureNote ||= await page.evaluate(() => document.body.innerText.includes("Departs from the source description"));
    }
    // What the spec marks x-inferred must be visible as such somewhere in the rendered pages.
    expect(sawInferredNote).toBe(JSON.stringify(doc).includes('"x-inferred"'));
    expect(sawDepartureNote).toBe(JSON.stringify(doc).includes('"x-departs-from-source"'));
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
    // Groups opened along the way must not show an entry twice either.
    expect(await duplicateSidebarEntries(page)).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, `${api}.png`) });
    await page.close();
  });

  // A few operations per page (the first, a middle and the last with a sample file).
  const withSamples = operations.filter((op) => existsSync(join(samplesDir, api, `${op.operationId}.ts`)));
  const picked = [...new Set([withSamples[0], withSamples[Math.floor(withSamples.length / 2)], withSamples.at(-1)])].filter(
    (op) => op !== undefined,
  );

  // The control API's samples are curl only: its typed client is the testkit's `startSandbox().control`.
  it.runIf(api !== CONTROL_API)(
    "shows the TypeScript sample of an operation when its TypeScript tab is chosen, and wraps long curl lines",
    async () => {
      expect(picked.length).toBeGreaterThan(0);
      const { page, outside, consoleErrors, pageErrors } = await watchedPage();
      await page.goto(`${baseUrl}/${api}.html`, { waitUntil: "load" });
      for (const operation of picked) {
        const tag = operation.tags[0]!.replace(/ /g, "-");
        await page.evaluate((hash) => (location.hash = hash), `tag/${tag}/operation/${operation.operationId}`);
        // A page may show several operations of a tag: mark the samples panel of this one.
        await page.waitForFunction((summary) => {
          document.querySelectorAll("[data-test-samples]").forEach((e) => e.removeAttribute("data-test-samples"));
          let node: Element | null = [...document.querySelectorAll("h1, h2")].find((h) => h.textContent?.trim() === summary) ?? null;
          while (node && !node.querySelector(".panel-request-samples")) node = node.parentElement;
          node?.querySelector(".panel-request-samples")?.setAttribute("data-test-samples", "");
          return !!node;
        }, operation.summary);
        const samples = page.locator("[data-test-samples]");
        await samples.scrollIntoViewIfNeeded();
        const chooser = samples.locator('button[aria-haspopup="menu"]').filter({ hasText: /^(curl|TypeScript|Payload)$/ });
        await chooser.waitFor();
        if ((await chooser.innerText()).trim() !== "curl") {
          await chooser.click();
          await page.getByRole("menuitem", { name: "curl", exact: true }).click();
        }
        // curl: long lines wrap inside the panel (nothing runs out of view).
        const curl = samples.locator("pre").filter({ hasText: "curl -X" }).first();
        await curl.waitFor();
        expect(
          await curl.evaluate((pre) => pre.scrollWidth - pre.clientWidth),
          `${operation.operationId}: curl overflows`,
        ).toBeLessThanOrEqual(1);

        await chooser.click();
        await page.getByRole("menuitem", { name: "TypeScript", exact: true }).click();
        const line = sampleLine(join(samplesDir, api, `${operation.operationId}.ts`));
        const code = samples.locator("pre").filter({ hasText: line }).first();
        await code.waitFor({ state: "visible" });
        expect(await code.isVisible(), `${operation.operationId}: TypeScript sample not visible`).toBe(true);
        expect(
          await code.evaluate((pre) => pre.scrollWidth - pre.clientWidth),
          `${operation.operationId}: TypeScript overflows`,
        ).toBeLessThanOrEqual(1);
        // What is shown can be pasted: it imports the package (and Node's built-ins) only and makes its client.
        const shownSample = await code.innerText();
        const imports = [...shownSample.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((match) => match[1]);
        expect(imports, `${operation.operationId}: imports`).toContain(`payment-apis-toolkit/${api}`);
        expect(
          imports.filter((from) => !/^payment-apis-toolkit\/(gateway|merchant)$|^node:/.test(from!)),
          `${operation.operationId}: imports`,
        ).toEqual([]);
        expect(shownSample, `${operation.operationId}: makes its client`).toMatch(
          new RegExp(`^const ${api} = create\\w+Client\\(\\{$`, "m"),
        );
        await page.screenshot({ path: join(artifactsDir, `${api}-${operation.operationId}-typescript.png`) });
      }
      expect(pageErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(outside).toEqual([]);
      await page.close();
    },
  );
});

describe.each(listApis().map((api) => api.name))("%s docs page at 1280 px", (api) => {
  const servers = loadBundledSpec(api).servers as { url: string; description: string }[];

  it("lists every server of the spec, the local sandbox and mock among them, in plain words", async () => {
    const { page, consoleErrors, pageErrors } = await watchedPage(1280);
    await page.goto(`${baseUrl}/${api}.html`, { waitUntil: "load" });
    await page.waitForSelector('[data-component-name="Menu/MenuItem"]');
    const text = await page.evaluate(() => document.body.innerText);
    for (const server of servers) {
      expect(text).toContain(server.url);
      // Redoc shows a server's description as written: it and the note added to it must be plain text.
      expect(text).toContain(server.description);
    }
    // The payment APIs list the local sandbox and mock beside their remote hosts; the control API is local only.
    expect(servers.map((server) => server.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(api === CONTROL_API ? /^http:\/\/127\.0\.0\.1:\d+\/_sandbox$/ : /^http:\/\/127\.0\.0\.1:\d+$/),
      ]),
    );
    expect(text).not.toMatch(/\*\*\w/);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("cuts off no table or code block of any chapter", async () => {
    const { page, consoleErrors, pageErrors } = await watchedPage(1280);
    await page.goto(`${baseUrl}/${api}.html`, { waitUntil: "load" });
    await page.waitForSelector('[data-component-name="Menu/MenuItem"]');
    // The chapters: sidebar entries that are neither a tag with operations nor a separator.
    const chapters = page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-default');
    const count = await chapters.count();
    expect(count).toBeGreaterThan(1);
    const clipped: string[] = [];
    let tables = 0;
    for (let i = 0; i < count; i++) {
      const label = (await chapters.nth(i).innerText()).split("\n")[0]!.trim();
      await chapters.nth(i).click();
      await page.waitForFunction((text) => [...document.querySelectorAll("h1, h2")].some((h) => h.textContent?.includes(text)), label);
      const found = await page.evaluate(() => {
        const wide = [...document.querySelectorAll('[data-component-name="Markdown/Markdown"] :is(.md-table-wrapper, pre)')].filter(
          (e) => (e as HTMLElement).offsetParent !== null,
        );
        return {
          tables: wide.filter((e) => e.matches(".md-table-wrapper")).length,
          clipped: wide
            .filter((e) => e.scrollWidth - e.clientWidth > 1 || e.getBoundingClientRect().right > innerWidth)
            .map((e) => `${e.tagName.toLowerCase()} ${e.scrollWidth}px in ${e.clientWidth}px: ${(e.textContent ?? "").slice(0, 40)}`),
        };
      });
      tables += found.tables;
      clipped.push(...found.clipped.map((what) => `${label}: ${what}`));
      if (found.tables > 0)
        await page.screenshot({ path: join(artifactsDir, `${api}-1280-${label.replace(/\W+/g, "-").toLowerCase()}.png`) });
    }
    expect(tables).toBeGreaterThan(0);
    expect(clipped).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe("merchant docs page", () => {
  it("says in the Pagination chapter that the client's items() pages through a collection, with the sample's code", async () => {
    const { page, outside, consoleErrors, pageErrors } = await watchedPage();
    await page.goto(`${baseUrl}/merchant.html`, { waitUntil: "load" });
    await page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-default', { hasText: /^Pagination$/ }).click();
    const section = page.locator('[data-section-id="/pagination"]');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain("merchant.items(resource, rel, variables)");
    expect(text).toContain(sampleLine(join(samplesDir, "merchant", "listApplications.ts")));
    const guide = await section.locator('a[href="guides/clients.html"]').getAttribute("href");
    expect((await page.request.get(new URL(guide!, page.url()).href)).status()).toBe(200);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});

describe("guides", () => {
  const sources = readdirSync(guidesSourceDir).filter((name) => name.endsWith(".md"));

  it.each(sources)("%s is served as rendered HTML with the look of the Redoc pages, nothing cut off at 1280 px", async (source) => {
    const { page, outside, consoleErrors, pageErrors } = await watchedPage(1280);
    const response = await page.goto(`${baseUrl}/guides/${basename(source, ".md")}.html`, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toMatch(/text\/html/);
    const shown = await page.evaluate(() => ({
      h1: document.querySelector("main h1")?.textContent ?? "",
      text: (() => {
        const main = document.querySelector("main")?.cloneNode(true) as HTMLElement | undefined;
        main?.querySelectorAll("pre").forEach((pre) => pre.remove());
        return main?.textContent ?? "";
      })(),
      font: getComputedStyle(document.body).fontFamily,
      back: [...document.querySelectorAll("header a")].map((a) => a.getAttribute("href")),
      clipped: [...document.querySelectorAll("main table, main pre")]
        .filter(
          (e) => e.scrollWidth - e.clientWidth > 1 || e.getBoundingClientRect().left < 0 || e.getBoundingClientRect().right > innerWidth,
        )
        .map((e) => `${e.tagName.toLowerCase()} ${e.scrollWidth}px in ${e.clientWidth}px: ${(e.textContent ?? "").slice(0, 40)}`),
    }));
    expect(shown.clipped).toEqual([]);
    expect(shown.h1).not.toBe("");
    // Markdown syntax is rendered, not shown: no heading marks or code fences left outside code blocks.
    expect(shown.text).not.toMatch(/^#{1,6} |^```/m);
    expect(shown.font).toMatch(/^system-ui/);
    expect(shown.back).toContain("../index.html");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(outside).toEqual([]);
    await page.screenshot({ path: join(artifactsDir, `guide-${basename(source, ".md")}.png`) });
    await page.close();
  });
});

describe("docs index", () => {
  it("starts integrators on a path of their own, the contributors' pages apart", async () => {
    const page = await openTestPage(browser);
    await page.goto(`${baseUrl}/index.html`);
    const index = await page.evaluate(() => ({
      firstSection: document.querySelector("main h2")?.textContent ?? "",
      start: [...document.querySelectorAll("#start-here a")].map((a) => a.getAttribute("href") ?? ""),
      contributors: [...document.querySelectorAll("#contributors a")].map((a) => a.getAttribute("href") ?? ""),
    }));
    expect(index.firstSection).toMatch(/^Start here/);
    // The client guide first, then the sandbox, then the reference pages.
    expect(index.start.slice(0, 2 + listApis().length)).toEqual([
      "guides/clients.html",
      "guides/sandbox.html",
      ...listApis().map(({ name }) => `${name}.html`),
    ]);
    expect(index.contributors).toEqual(
      expect.arrayContaining([
        "guides/architecture.html",
        "guides/contributing-specs.html",
        "guides/coverage-gateway.html",
        "guides/coverage-merchant.html",
      ]),
    );
    // Every guide once, in one of the two.
    const guides = [...index.start, ...index.contributors].filter((href) => href.startsWith("guides/"));
    expect([...guides].sort()).toEqual(
      readdirSync(guidesSourceDir)
        .filter((name) => name.endsWith(".md"))
        .map((name) => `guides/${basename(name, ".md")}.html`)
        .sort(),
    );
    await page.screenshot({ path: join(artifactsDir, "index.png") });
    // A guide's navigation: the integrators' pages, and one link to the contributors' list.
    await page.goto(`${baseUrl}/guides/clients.html`);
    const nav = await page.evaluate(() => [...document.querySelectorAll("header a")].map((a) => a.getAttribute("href") ?? ""));
    expect(nav).toEqual(expect.arrayContaining(["../guides/sandbox.html", "../index.html#contributors"]));
    expect(nav).not.toContain("../guides/architecture.html");
    await page.close();
  });

  it("links every API page and every rendered guide", async () => {
    const page = await openTestPage(browser);
    await page.goto(`${baseUrl}/index.html`);
    const links = await page.evaluate(() => [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")));
    for (const { name } of listApis()) expect(links).toContain(`${name}.html`);
    for (const source of readdirSync(guidesSourceDir).filter((name) => name.endsWith(".md"))) {
      expect(links).toContain(`guides/${basename(source, ".md")}.html`);
    }
    await page.close();
  });
});
