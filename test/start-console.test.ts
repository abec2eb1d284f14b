/**
 * `npm start` serves what it advertises: the sandbox console it prints opens in Chromium and goes
 * live. The sandbox it starts runs from the compiled testkit (dist/testkit-serve), which must
 * carry the files the code reads beside it (scripts/lib/testkit-assets.ts) as the package does.
 * This runs the script `npm start` runs once `npm run build` has built generated/ and the docs.
 */
import { join } from "node:path";
import getPort from "get-port";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { launchTestBrowser, openTestPage } from "./support/browser";
import { startServing, type Serving } from "./support/processes";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
let serving: Serving;
let browser: Browser;

beforeAll(async () => {
  const port = () => getPort({ host: "127.0.0.1" }).then(String);
  serving = await startServing(tsNode, [join("scripts", "start.ts")], projectRoot, {
    ...process.env,
    GATEWAY_MOCK_PORT: await port(),
    MERCHANT_MOCK_PORT: await port(),
    GATEWAY_SANDBOX_PORT: await port(),
    MERCHANT_SANDBOX_PORT: await port(),
    SANDBOX_STORAGE_PORT: await port(),
    DOCS_PORT: await port(),
  });
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (!serving) return;
  const exited = new Promise((done) => serving.child.once("exit", done));
  serving.child.kill("SIGTERM");
  await exited;
});

describe("npm start", () => {
  it("advertises a sandbox console that loads in a browser and goes live", async () => {
    const address = /^sandbox console: (\S+)/m.exec(serving.output())?.[1];
    expect(address, serving.output()).toBeDefined();
    const page = await openTestPage(browser);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(String(error)));
    const response = await page.goto(address!, { waitUntil: "load" });
    expect(response?.status(), await response?.text()).toBe(200);
    expect(await page.title()).toBe("Sandbox console");
    await page.getByText("live", { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
