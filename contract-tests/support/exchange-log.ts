/**
 * The suite's recent requests, as sent, so that a failing test can print the one whose answer
 * broke the rule as a curl command (./reproduction.ts). Keeping one costs a few object fields
 * (headers and body are kept by reference and read only when a reproduction is written), and
 * the log is bounded: the last RECENT requests of the worker, and the last request of each
 * method, path and status (up to BY_ANSWER of them), which is where a failure that names an
 * exchange made before its test (the conformance tests check what the exploration received in
 * its `beforeAll`) finds it.
 */
import { maskPans } from "../../src/toolkit/clients/common/redact";

export interface RecordedRequest {
  /** Order of sending, across the worker. */
  seq: number;
  method: string;
  url: string;
  /** As given to fetch. */
  headers: RequestInit["headers"];
  body: RequestInit["body"];
  /** The answer's status (undefined while none has come, or when none came). */
  status?: number;
  /** Set by the suite's HTTP layer (./http.ts), which knows where the URL and method lead. */
  api?: "gateway" | "merchant";
  operationId?: string;
}

const RECENT = 32;
const BY_ANSWER = 512;
/** Tokens the token endpoint issued: a reproduction tells how to get one instead of printing it. */
const TOKENS = 1024;

const recent: RecordedRequest[] = [];
const byAnswer = new Map<string, RecordedRequest>();
const byResponse = new WeakMap<Response, RecordedRequest>();
const issued = new Set<string>();
let seq = 0;

/** `GET /path -> 200`, the PANs of the path masked: how describeExchange() names an exchange in a message. */
export function answerKey(method: string, url: string, status: number): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    /* keep as is */
  }
  return maskPans(`${method.toUpperCase()} ${path} -> ${status}`);
}

/** Called as a request goes out. */
export function recordRequest(url: string | URL, init: RequestInit): RecordedRequest {
  const request: RecordedRequest = {
    seq: ++seq,
    method: (init.method ?? "GET").toUpperCase(),
    url: String(url),
    headers: init.headers,
    body: init.body,
  };
  recent.push(request);
  if (recent.length > RECENT) recent.shift();
  return request;
}

/** Called when its answer has come. */
export function recordAnswer(request: RecordedRequest, response: Response): void {
  request.status = response.status;
  byResponse.set(response, request);
  const key = answerKey(request.method, request.url, response.status);
  byAnswer.delete(key);
  byAnswer.set(key, request);
  if (byAnswer.size > BY_ANSWER) byAnswer.delete(byAnswer.keys().next().value!);
}

/** The operation a response answered (the suite's HTTP layer routes every request it checks). */
export function noteOperation(response: Response, api: "gateway" | "merchant", operationId: string | undefined): void {
  const request = byResponse.get(response);
  if (request) Object.assign(request, { api, operationId });
}

export function noteIssuedToken(token: string): void {
  issued.add(token);
  if (issued.size > TOKENS) issued.delete(issued.values().next().value!);
}

export function wasIssued(token: string): boolean {
  return issued.has(token);
}

/** The number of the last request sent so far: requests after it are those of what runs next. */
export function mark(): number {
  return seq;
}

/**
 * The request whose answer a failure is about: the exchange its message names (`POST /path ->
 * 201`, the first one named), this test's own first, else the last of this test's requests.
 */
export function failedRequest(message: string, since: number): RecordedRequest | undefined {
  const own = recent.filter((r) => r.seq > since);
  const named = /\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\/\S*) -> (\d{3})\b/.exec(message);
  if (named) {
    const key = `${named[1]} ${named[2]} -> ${named[3]}`;
    const found =
      [...own].reverse().find((r) => r.status !== undefined && answerKey(r.method, r.url, r.status) === key) ?? byAnswer.get(key);
    if (found) return found;
  }
  return own.at(-1);
}
