/** `payment-apis wait`: returns once every URL answers HTTP, or fails after a bounded time. */
import { waitUntilAnswering } from "../../serve/ready";
import { stringOption, type Command } from "../command";

const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 3600;

export const waitCommand: Command = {
  name: "wait",
  summary: "wait (bounded) until every URL answers, e.g. a sandbox started in the background",
  usage: `payment-apis wait [--timeout SECONDS] URL...

Exits 0 once every URL answers any HTTP response, or 1 after the timeout
(default ${DEFAULT_TIMEOUT_SECONDS} s, at most ${MAX_TIMEOUT_SECONDS} s), naming the URLs that did not answer.`,
  options: { timeout: { type: "string" } },
  positionals: true,
  async run(values, urls) {
    const raw = stringOption(values, "timeout") ?? String(DEFAULT_TIMEOUT_SECONDS);
    const seconds = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
      throw new Error(`--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, got "${raw}"`);
    }
    if (urls.length === 0) throw new Error("name at least one URL to wait for");
    for (const url of urls) if (!/^https?:\/\//.test(url)) throw new Error(`not an http(s) URL: "${url}"`);
    const results = await Promise.allSettled(urls.map((url) => waitUntilAnswering(url, seconds * 1000)));
    const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason instanceof Error ? result.reason.message : result.reason)] : []));
    for (const failure of failures) console.error(failure);
    if (failures.length === 0) console.log(`ready ${urls.join(" ")}`);
    return failures.length === 0 ? 0 : 1;
  },
};
