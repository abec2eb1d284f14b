/**
 * The sandbox console's files (./static/, shipped beside the compiled code: scripts/pack.ts
 * copies them) and its live stream of exchanges as Server-Sent Events.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { SandboxResponse } from "../../listener/messages";
import type { Exchange, ExchangeRecord } from "../exchanges";

export const CONSOLE_ASSETS = { "console.js": "text/javascript; charset=utf-8", "console.css": "text/css; charset=utf-8" } as const;
export type ConsoleAsset = keyof typeof CONSOLE_ASSETS;

const staticDir = join(__dirname, "static");

/**
 * The page may load and call only this listener: no outside request can leave it, whatever a
 * recorded body holds (the page shows bodies as text, never as markup).
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const read = (name: string) => readFileSync(join(staticDir, name), "utf8");

export function consolePage(): SandboxResponse {
  return {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": PAGE_POLICY,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
    body: read("console.html"),
  };
}

export function consoleAsset(name: ConsoleAsset): SandboxResponse {
  return { status: 200, headers: { "content-type": CONSOLE_ASSETS[name], "cache-control": "no-store" }, body: read(name) };
}

/** What a stream lets wait for a client that does not read before it disconnects it (the client reconnects with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Exchanges a reconnecting client is sent again at most. */
const MAX_REPLAY = 1_000;
/** A comment line this often keeps proxies and the browser from thinking the stream dead. */
const HEARTBEAT_MS = 15_000;

/** A stream the control plane opens once the request has been accepted. */
export interface OpenStream {
  stream(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Follows the record (undefined when too many already do). Exchanges made between this call and
 * the stream's start wait in a list bounded like the socket's buffer.
 */
export function exchangeStream(record: ExchangeRecord, lastEventId: number | undefined, origin = ""): OpenStream | undefined {
  let deliver: ((exchange: Exchange) => void) | undefined;
  const early: Exchange[] = [];
  const unfollow = record.follow((exchange) => {
    if (deliver) deliver(exchange);
    else if (early.length < MAX_REPLAY) early.push(exchange);
  }, origin);
  if (!unfollow) return undefined;
  return {
    stream(req, res) {
      let lastSent = lastEventId ?? 0;
      // Unref'd: an open stream never keeps the process alive; stopping the sandbox closes its socket.
      const heartbeat = setInterval(() => res.write(": still here\n\n"), HEARTBEAT_MS).unref();
      const end = () => {
        unfollow();
        clearInterval(heartbeat);
      };
      res.on("close", end);
      const send = (exchange: Exchange) => {
        if (exchange.id <= lastSent || res.destroyed) return;
        if (res.writableLength > MAX_BUFFERED_BYTES) return void res.destroy();
        lastSent = exchange.id;
        res.write(`id: ${exchange.id}\nevent: exchange\ndata: ${JSON.stringify(exchange)}\n\n`);
      };
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "x-accel-buffering": "no",
      });
      // Tells the browser to wait a second before it reconnects, and opens the stream at once.
      res.write("retry: 1000\n\n");
      if (lastEventId !== undefined) for (const exchange of record.list({ since: lastEventId, limit: MAX_REPLAY }).items) send(exchange);
      for (const exchange of early.splice(0)) send(exchange);
      deliver = send;
      if (req.socket.destroyed) end();
    },
  };
}
