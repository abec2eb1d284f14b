/**
 * A request Node's HTTP parser refused, in words: why (the parser's error code read as the fix a
 * client needs) and what could be read of it (the request line and the headers of the bytes it
 * saw), so that the refusal is answered with its reason and recorded like any other exchange.
 */
import { METHODS } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import type { RefusalStatus } from "./messages";

export interface ClientError {
  status: RefusalStatus;
  reason: string;
  /** What could be read of the request; absent when no request line arrived. */
  request?: { method: string; target: string; headers: IncomingHttpHeaders };
}

/** Header lines read from a refused request: enough to name its credential in the record. */
const MAX_HEADER_LINES = 100;
const MAX_METHOD_CHARS = 16;

/** The request line and headers of the bytes the parser saw (latin1, as HTTP/1.1 sends them). */
function readRequest(raw: Buffer | undefined): ClientError["request"] {
  if (!raw || raw.length === 0) return undefined;
  const end = raw.indexOf("\r\n\r\n");
  const lines = raw
    .subarray(0, end === -1 ? Math.min(raw.length, 16 * 1024) : end)
    .toString("latin1")
    .split(/\r?\n/, MAX_HEADER_LINES + 1);
  const [method = "", target = ""] = (lines[0] ?? "").split(" ");
  const headers: IncomingHttpHeaders = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method: method.slice(0, MAX_METHOD_CHARS), target, headers };
}

/** Why the method was refused: HTTP methods are case-sensitive, and only the registered ones are served. */
function methodReason(method: string): string {
  const upper = method.toUpperCase();
  if (method !== upper && METHODS.includes(upper))
    return `HTTP methods are case-sensitive: send ${upper}, not ${method} (methods are upper case).`;
  return `${method || "The method"} is not an HTTP method: send one of GET, HEAD, POST, PUT, PATCH, DELETE (upper case).`;
}

/** What the parser's error codes mean for the client that sent the request. */
const REASONS: Record<string, string> = {
  HPE_INVALID_CONTENT_LENGTH: "Content-Length must be the body's size in bytes, digits only.",
  HPE_UNEXPECTED_CONTENT_LENGTH: "Content-Length and Transfer-Encoding must not both be sent: send one.",
  HPE_INVALID_TRANSFER_ENCODING: "Transfer-Encoding must end in chunked.",
  HPE_INVALID_CHUNK_SIZE: "A chunk of the body does not start with its size in hexadecimal.",
  HPE_INVALID_HEADER_TOKEN: "A header name holds a character not allowed in it (a space, a colon or a control character).",
  HPE_INVALID_VERSION: "The request line must end in HTTP/1.1 (or HTTP/1.0).",
  HPE_INVALID_URL: "The request target must be a path without spaces or control characters (percent-encode them).",
  HPE_CR_EXPECTED: "Lines of the request must end in CR LF.",
  HPE_LF_EXPECTED: "Lines of the request must end in CR LF.",
};

export function clientErrorOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): ClientError {
  const request = readRequest(error.rawPacket);
  const read = request ? { request } : {};
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, reason: "The request did not arrive in time.", ...read };
  if (error.code === "HPE_HEADER_OVERFLOW") return { status: 431, reason: "The request headers are too large.", ...read };
  if (error.code === "HPE_INVALID_METHOD") return { status: 400, reason: methodReason(request?.method ?? ""), ...read };
  const known = error.code === undefined ? undefined : REASONS[error.code];
  return {
    status: 400,
    reason: `The request is not valid HTTP: ${known ?? `${(error as { reason?: string }).reason ?? error.message}.`}`,
    ...read,
  };
}
