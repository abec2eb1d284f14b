/** `payment-apis wait`: returns once every URL's port accepts connections, or fails after a bounded time. */
import { Command, InvalidArgumentError, Option } from "commander";
import { waitUntilListening } from "../../serve/ready";
import { httpUrlArgument, integerArgument, runWithLifecycle } from "./command";

const DEFAULT_TIMEOUT_SECONDS = 60;
const MAX_TIMEOUT_SECONDS = 3600;

export const waitCommand = new Command("wait")
  .summary("wait (bounded) until every URL listens, e.g. a sandbox started in the background")
  .description(
    `Exits 0 once the host and port of every URL accept connections, or 1 after the timeout, naming the URLs that did not. ` +
      `A probe sends no HTTP request: nothing shows in the server's log or in the sandbox's exchange record.`,
  )
  .argument("<URL...>", "the URLs to wait for", (raw: string, previous: string[] = []) => {
    const url = httpUrlArgument(raw);
    if (url === undefined) throw new InvalidArgumentError("It must be an http:// or https:// URL.");
    return [...previous, url];
  })
  .addOption(
    new Option("--timeout <SECONDS>", `give up after this long (at most ${MAX_TIMEOUT_SECONDS})`)
      .argParser(integerArgument(1, MAX_TIMEOUT_SECONDS))
      .default(DEFAULT_TIMEOUT_SECONDS),
  )
  .action((urls: string[], options: { timeout: number }) =>
    runWithLifecycle(async () => {
      const results = await Promise.allSettled(urls.map((url) => waitUntilListening(url, options.timeout * 1000)));
      const failures = results.flatMap((result) =>
        result.status === "rejected" ? [String(result.reason instanceof Error ? result.reason.message : result.reason)] : [],
      );
      for (const failure of failures) console.error(failure);
      if (failures.length === 0) console.log(`ready ${urls.join(" ")}`);
      return failures.length === 0 ? 0 : 1;
    }),
  );
