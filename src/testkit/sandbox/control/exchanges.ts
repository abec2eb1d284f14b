/**
 * The record of every exchange of the gateway and merchant APIs (the control API's
 * `listExchanges`, and `--log FILE` as NDJSON): a ring of the newest exchanges. Nothing leaves it
 * unmasked (masking.ts, the one masking step): card numbers keep their last four digits; CSCs,
 * secrets, passwords and identity numbers become `***`; credentials, tokens and signatures keep
 * only their first characters, enough to tell two apart.
 * An exchange is masked when it is first read (or written to the log file, or streamed), not
 * when it is recorded: most exchanges are never read, and masking a page of 20 transactions cost
 * about as much again as answering it. Paired run (bench:paired, lazy-masking, docs/benchmarks.md):
 * one client's merchant page +45% requests/s, ten clients' gateway mix +22% (a signed
 * authorization within the run's noise).
 */
import { closeSync, constants, createWriteStream, openSync, type WriteStream } from "node:fs";
import { resolve } from "node:path";
import type { components } from "../../../../generated/sandbox-control/schema";
import { objectOf } from "../../common/json-values";
import type { HandedExchange } from "../listener/messages";
import { maskedBodyText, maskedHeaders, maskedTarget, sendableMessage } from "../cross-api/masking";

export type Exchange = components["schemas"]["Exchange"];
type ExchangeMessage = components["schemas"]["ExchangeMessage"];

/** Bounds of the record's size (`--exchanges` / `SANDBOX_EXCHANGES`). */
export const DEFAULT_EXCHANGES = 1_000;
export const MAX_EXCHANGES = 100_000;
/** Streams that may follow the record at once, and of those, streams of one origin (so one page cannot take every place). */
export const MAX_FOLLOWERS = 16;
export const MAX_FOLLOWERS_PER_ORIGIN = MAX_FOLLOWERS / 2;
/** Characters of a body kept: a 16 MiB upload is not kept whole. */
const MAX_BODY_CHARS = 16 * 1024;

/** A body as it may be kept: masked by meaning (masking.ts), cut to 16 KiB; a body that is not text is named by its size and type only. */
export function maskedBody(body: Buffer | string | undefined, contentType: string | undefined): string | undefined {
  if (body === undefined || body.length === 0) return undefined;
  const type = (contentType ?? "").toLowerCase();
  if (!/json|x-www-form-urlencoded|^text\/|xml/.test(type)) return `(${body.length} bytes of ${type || "unlabelled content"})`;
  const masked = maskedBodyText(typeof body === "string" ? body : body.toString("utf8"));
  return masked.length > MAX_BODY_CHARS ? `${masked.slice(0, MAX_BODY_CHARS)}… (cut: ${masked.length} characters)` : masked;
}

export function message(headers: Record<string, string | string[] | undefined>, body: Buffer | string | undefined): ExchangeMessage {
  const kept = maskedHeaders(headers);
  const text = maskedBody(body, kept["content-type"]);
  return text === undefined ? { headers: kept } : { headers: kept, body: text };
}

function cutTarget(target: string): string {
  return target.length > 2048 ? `${target.slice(0, 2047)}…` : target;
}

/** An exchange as the listener hands it over: the parts, unmasked, bodies already cut to size. */
export type RawExchange = HandedExchange;

/**
 * Bytes of a body kept until it is masked: the shown 16 KiB and a margin, so a card number cut at
 * the end is still masked whole (19 percent-encoded digits in groups take some 200 bytes).
 */
const KEPT_BODY_BYTES = MAX_BODY_CHARS + 512;

/** A body cut to what the record keeps, copied when cut so the rest of a large one can go. */
export function keptBody(body: Buffer | string | undefined): Buffer | string | undefined {
  if (body === undefined || body.length <= KEPT_BODY_BYTES) return body;
  return typeof body === "string" ? Buffer.from(body.slice(0, KEPT_BODY_BYTES)).toString() : Buffer.from(body.subarray(0, KEPT_BODY_BYTES));
}

/** An answer's body as JSON, when it is JSON. */
function jsonBody(raw: RawExchange): Record<string, unknown> | undefined {
  if (raw.responseBody === undefined) return undefined;
  const text = raw.responseBody.toString();
  if (!text.startsWith("{")) return undefined;
  try {
    return objectOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The gateway's transaction status code in an answer, if it has one. */
function gatewayStatusCode(raw: RawExchange, body: Record<string, unknown> | undefined): number | undefined {
  if (raw.api !== "gateway" || body === undefined) return undefined;
  const code = objectOf(body.status).code;
  return typeof code === "number" ? code : undefined;
}

/** The message an answer's body states: the gateway's, the problem's, the control API's, the storage host's XML. */
function statedReason(raw: RawExchange, body: Record<string, unknown> | undefined): string | undefined {
  if (body) {
    const { status, detail, title, error } = body;
    const stated = [objectOf(status).message, detail, title, error].find((text) => typeof text === "string");
    if (typeof stated === "string") return stated;
  }
  const xml = raw.responseBody === undefined ? undefined : /<Message>([^<]*)<\/Message>/.exec(raw.responseBody.toString());
  return xml?.[1];
}

/** Why a request was refused (an answer of 400 or more, or none), masked and cut to one line. */
function reasonOf(raw: RawExchange, body: Record<string, unknown> | undefined): string | undefined {
  if (raw.status > 0 && raw.status < 400) return undefined;
  const reason = raw.reason ?? statedReason(raw, body);
  if (reason === undefined) return undefined;
  return sendableMessage(reason.replace(/\s+/g, " ").trim());
}

/** The exchange as it may be shown: masked. */
function shownExchange(id: number, raw: RawExchange): Exchange {
  // Parsed only when something is read from it: a gateway answer's code, a refusal's message.
  const body = raw.api === "gateway" || raw.status === 0 || raw.status >= 400 ? jsonBody(raw) : undefined;
  const code = gatewayStatusCode(raw, body);
  const reason = reasonOf(raw, body);
  const signature = raw.signature?.();
  return {
    id,
    at: raw.at,
    api: raw.api,
    method: raw.method,
    path: cutTarget(maskedTarget(raw.target)),
    ...(raw.operation !== undefined ? { operation: raw.operation } : {}),
    status: raw.status,
    ...(code !== undefined ? { gateway_status_code: code } : {}),
    duration_ms: raw.duration_ms,
    ...(reason !== undefined ? { reason } : {}),
    ...(raw.fault !== undefined ? { fault: raw.fault } : {}),
    request: message(raw.requestHeaders, raw.requestBody),
    response: message(raw.responseHeaders, raw.responseBody),
    ...(signature ? { signature } : {}),
    ...(raw.assumedContentType !== undefined ? { assumed_content_type: raw.assumedContentType } : {}),
  };
}

/** A place of the ring: the parts until first read, then the masked exchange only. */
interface Entry {
  id: number;
  operation?: string;
  status: number;
  raw?: RawExchange;
  shown?: Exchange;
}

export interface ExchangeFilter {
  operation?: string;
  status?: number;
  since?: number;
  limit?: number;
}

/**
 * The log file's absolute path, checked before anything starts: one that cannot be appended to is
 * refused in one line naming the setting (opened without waiting, so a FIFO without a reader is
 * refused instead of hanging the start, and the stream never fails to open once ports are bound).
 */
export function appendableLogFile(file: string, setting: string): string {
  const path = resolve(file);
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0)));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(`${setting} ${path} cannot be appended to (${typeof code === "string" ? code : "error"}): name a writable file`, {
      cause: error,
    });
  }
  return path;
}

export class ExchangeRecord {
  private readonly ring: Entry[] = [];
  private nextId = 1;
  private droppedCount = 0;
  private readonly file: WriteStream | undefined;
  /** Who is told of each new exchange (the console's streams), bounded by `MAX_FOLLOWERS`. */
  private readonly followers = new Map<(exchange: Exchange) => void, string>();

  constructor(
    private readonly size: number = DEFAULT_EXCHANGES,
    logFile?: string,
  ) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_EXCHANGES)
      throw new RangeError(`exchanges must be a whole number from 1 to ${MAX_EXCHANGES}, got ${size}`);
    this.file = logFile === undefined ? undefined : createWriteStream(logFile, { flags: "a" });
  }

  /** Keeps an exchange; the oldest goes when the ring is full. Returns its id. */
  add(raw: RawExchange): number {
    const entry: Entry = {
      id: this.nextId++,
      ...(raw.operation !== undefined ? { operation: raw.operation } : {}),
      status: raw.status,
      raw: { ...raw, requestBody: keptBody(raw.requestBody), responseBody: keptBody(raw.responseBody) },
    };
    this.ring.push(entry);
    if (this.ring.length > this.size) {
      this.ring.shift();
      this.droppedCount++;
    }
    if (this.file) this.file.write(`${JSON.stringify(this.view(entry))}\n`);
    for (const follower of this.followers.keys()) follower(this.view(entry));
    return entry.id;
  }

  /** The masked exchange of an entry, made once. */
  private view(entry: Entry): Exchange {
    if (!entry.shown) {
      entry.shown = shownExchange(entry.id, entry.raw!);
      delete entry.raw;
    }
    return entry.shown;
  }

  /** One exchange by id, while the ring holds it (ids increase by one, so its place is known). */
  get(id: number): Exchange | undefined {
    const first = this.ring[0];
    const entry = first === undefined ? undefined : this.ring[id - first.id];
    return entry === undefined ? undefined : this.view(entry);
  }

  /**
   * Tells `follower` of every new exchange until the returned function is called; undefined when
   * `MAX_FOLLOWERS` already follow, or `MAX_FOLLOWERS_PER_ORIGIN` of `origin`.
   */
  follow(follower: (exchange: Exchange) => void, origin = ""): (() => void) | undefined {
    if (this.followers.size >= MAX_FOLLOWERS) return undefined;
    let sameOrigin = 0;
    for (const other of this.followers.values()) if (other === origin) sameOrigin++;
    if (sameOrigin >= MAX_FOLLOWERS_PER_ORIGIN) return undefined;
    this.followers.set(follower, origin);
    return () => void this.followers.delete(follower);
  }

  list(filter: ExchangeFilter = {}): { items: Exchange[]; dropped: number } {
    const limit = filter.limit ?? 100;
    const items: Exchange[] = [];
    for (const entry of this.ring) {
      if (filter.since !== undefined && entry.id <= filter.since) continue;
      if (filter.operation !== undefined && entry.operation !== filter.operation) continue;
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      items.push(this.view(entry));
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
