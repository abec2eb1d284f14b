/**
 * Chromium as the browser tests drive it: the system's build (scripts/ensure-browser.ts checks
 * it is there), headless, with nothing that reaches out on its own (updates, sync, QUIC).
 *
 * No wall-clock limit of Playwright's own: the launch ends when Chromium is up or has exited (it
 * fails at once then), and a page's waits end when what they wait for shows. On a busy machine
 * that takes longer, not forever; vitest's hang guard (vitest.config.mts) catches a page that
 * never gets there.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumPath } from "../../scripts/ensure-browser";

export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    timeout: 0,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

/** A new page whose waits, navigations and actions have no time limit (see above). */
export async function openTestPage(browser: Browser, options?: Parameters<Browser["newPage"]>[0]): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(0);
  return page;
}
