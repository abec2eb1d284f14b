/**
 * Chromium as the browser tests drive it: the system's build (scripts/ensure-browser.ts checks
 * it is there), headless, with nothing that reaches out on its own (updates, sync, QUIC).
 */
import { chromium, type Browser } from "playwright-core";
import { chromiumPath } from "../../scripts/ensure-browser";

export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
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
