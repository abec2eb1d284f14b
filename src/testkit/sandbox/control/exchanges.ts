/**
 * The record of every exchange of the gateway and merchant APIs (the control API's
 * `listExchanges`, and `--log FILE` as NDJSON): a ring of the newest exchanges, secrets masked
 * before anything is kept. Card numbers keep their last four digits; CSCs, secrets and passwords
 * become `***`; credentials, tokens and signatures keep only their first characters, enough to
 * tell two apart.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import type { components } from "../../../../generated/sandbox-control/schema";
import { maskCardNumbers } from "../card-numbers";

export type Exchange = components["schemas"]["Exchange"];
export type SignatureVerdict = components["schemas"]["SignatureVerdict"];
type ExchangeMessage = components["schemas"]["ExchangeMessage"];

/** Bounds of the record's size (`--exchanges` / `SANDBOX_EXCHANGES`). */
export const DEFAULT_EXCHANGES = 1_000;
export const MAX_EXCHANGES = 100_000;
/** Streams that may follow the record at once. */
export const MAX_FOLLOWERS = 16;
/** Characters of a body kept: a 16 MiB upload is not kept whole. */
const MAX_BODY_CHARS = 16 * 1024;
/** Characters of a credential, token or signature kept. */
const KEPT_CHARS = 8;

/** Names of members whose value is a secret however it is sent (form, JSON, query). */
const SECRET_NAME = /(?:^|[[_.])(?:csc|cvc|cvv|secret|password|client_secret|access_token|refresh_token|token)\]?$/i;

function shortened(value: string): string {
  return value.length <= KEPT_CHARS ? "***" : `${value.slice(0, KEPT_CHARS)}…`;
}

/** A header value as it may be kept. */
function maskedHeader(name: string, value: string): string {
  switch (name) {
    case "authorization": {
      const space = value.indexOf(" ");
      return space === -1 ? shortened(value) : `${value.slice(0, space)} ${shortened(value.slice(space + 1).trim())}`;
    }
    case "signature": {
      const [keyId = "", scheme = "", hex = ""] = value.trim().split(/\s+/, 3);
      return `${shortened(keyId)} ${scheme} ${shortened(hex)}`.trim();
    }
    case "cookie":
    case "set-cookie":
      return "***";
    default:
      return maskCardNumbers(value);
  }
}

export function maskedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    kept[lower] = maskedHeader(lower, Array.isArray(value) ? value.join(", ") : value);
  }
  return kept;
}

/** A form or query string with secret members replaced and card numbers masked. */
function maskedForm(text: string): string {
  return text
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return maskCardNumbers(pair);
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // keep it as sent
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=***` : maskCardNumbers(pair);
    })
    .join("&");
}

function maskedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedJson);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) out[key] = SECRET_NAME.test(key) && typeof member === "string" ? "***" : maskedJson(member);
    return out;
  }
  return typeof value === "string" ? maskCardNumbers(value) : value;
}

/** A body as it may be kept: by its media type, cut to 16 KiB. */
export function maskedBody(body: Buffer | string | undefined, contentType: string | undefined): string | undefined {
  if (body === undefined || body.length === 0) return undefined;
  const type = (contentType ?? "").toLowerCase();
  if (!/json|x-www-form-urlencoded|^text\/|xml/.test(type)) return `(${body.length} bytes of ${type || "unlabelled content"})`;
  const text = typeof body === "string" ? body : body.toString("utf8");
  let masked: string;
  if (type.includes("x-www-form-urlencoded")) masked = maskedForm(text);
  else if (type.includes("json")) {
    try {
      masked = JSON.stringify(maskedJson(JSON.parse(text)));
    } catch {
      masked = maskCardNumbers(text);
    }
  } else masked = maskCardNumbers(text);
  return masked.length > MAX_BODY_CHARS ? `${masked.slice(0, MAX_BODY_CHARS)}… (cut: ${masked.length} characters)` : masked;
}

/** A request target with its query masked like a form. */
export function maskedTarget(target: string): string {
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  const masked = q === -1 ? maskCardNumbers(path) : `${maskCardNumbers(path)}?${maskedForm(target.slice(q + 1))}`;
  return masked.length > 2048 ? `${masked.slice(0, 2047)}…` : masked;
}

export function message(headers: Record<string, string | string[] | undefined>, body: Buffer | string | undefined): ExchangeMessage {
  const kept = maskedHeaders(headers);
  const text = maskedBody(body, kept["content-type"]);
  return text === undefined ? { headers: kept } : { headers: kept, body: text };
}

export interface ExchangeFilter {
  operation?: string;
  status?: number;
  since?: number;
  limit?: number;
}

export class ExchangeRecord {
  private readonly ring: Exchange[] = [];
  private nextId = 1;
  private droppedCount = 0;
  private readonly file: WriteStream | undefined;
  /** Who is told of each new exchange (the console's streams), bounded by `MAX_FOLLOWERS`. */
  private readonly followers = new Set<(exchange: Exchange) => void>();

  constructor(
    private readonly size: number = DEFAULT_EXCHANGES,
    logFile?: string,
  ) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_EXCHANGES) throw new RangeError(`the exchange record holds 1 to ${MAX_EXCHANGES} exchanges, not ${size}`);
    this.file = logFile === undefined ? undefined : createWriteStream(logFile, { flags: "a" });
  }

  /** Keeps an exchange (already masked); the oldest goes when the ring is full. */
  add(exchange: Omit<Exchange, "id">): Exchange {
    const kept = { id: this.nextId++, ...exchange } as Exchange;
    this.ring.push(kept);
    if (this.ring.length > this.size) {
      this.ring.shift();
      this.droppedCount++;
    }
    this.file?.write(`${JSON.stringify(kept)}\n`);
    for (const follower of this.followers) follower(kept);
    return kept;
  }

  /** One exchange by id, while the ring holds it (ids increase by one, so its place is known). */
  get(id: number): Exchange | undefined {
    const first = this.ring[0];
    return first === undefined ? undefined : this.ring[id - first.id];
  }

  /** Tells `follower` of every new exchange until the returned function is called; undefined when `MAX_FOLLOWERS` already follow. */
  follow(follower: (exchange: Exchange) => void): (() => void) | undefined {
    if (this.followers.size >= MAX_FOLLOWERS) return undefined;
    this.followers.add(follower);
    return () => void this.followers.delete(follower);
  }

  list(filter: ExchangeFilter = {}): { items: Exchange[]; dropped: number } {
    const limit = filter.limit ?? 100;
    const items: Exchange[] = [];
    for (const exchange of this.ring) {
      if (filter.since !== undefined && exchange.id <= filter.since) continue;
      if (filter.operation !== undefined && exchange.operation !== filter.operation) continue;
      if (filter.status !== undefined && exchange.status !== filter.status) continue;
      items.push(exchange);
      if (items.length >= limit) break;
    }
    return { items, dropped: this.droppedCount };
  }

  /** Flushes the NDJSON file, if any, and forgets the followers. */
  close(): Promise<void> {
    this.followers.clear();
    const file = this.file;
    return file ? new Promise((done) => file.end(done)) : Promise.resolve();
  }
}
