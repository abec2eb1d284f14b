/**
 * A small in-process HTTP server on 127.0.0.1 (port from listen(0)) that records what it
 * receives, so client tests assert what reached the server, not only what the client returned.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ReceivedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The exact body bytes. */
  body: Buffer;
}

/** Its return value is ignored (a promise is awaited for errors). */
export type Handler = (request: ReceivedRequest, response: ServerResponse, raw: IncomingMessage) => unknown;

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request read completely, in arrival order. */
  requests: ReceivedRequest[];
  /** TCP connections accepted (counts requests the server destroyed before reading). */
  connections: number;
  /** Replaces the handler. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Destroy every connection as soon as it is accepted, before reading a byte. */
  destroyOnConnect?: boolean;
}

export async function startLocalServer(handler: Handler, options: ServerOptions = {}): Promise<LocalServer> {
  let current = handler;
  const sockets = new Set<Socket>();
  const state: LocalServer = {
    url: "",
    port: 0,
    requests: [],
    connections: 0,
    handle: (next) => (current = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on("data", (chunk: Buffer) => chunks.push(chunk));
    raw.on("end", () => {
      const request: ReceivedRequest = { method: raw.method ?? "", url: raw.url ?? "", headers: raw.headers, body: Buffer.concat(chunks) };
      state.requests.push(request);
      Promise.resolve(current(request, response, raw)).catch((error: unknown) => {
        response.statusCode = 599;
        response.end(String(error));
      });
    });
  });
  server.on("connection", (socket: Socket) => {
    state.connections += 1;
    if (options.destroyOnConnect) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

/** Writes a JSON answer with a media type. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  mediaType = "application/json",
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": mediaType, "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** A port on 127.0.0.1 with nothing listening (for ECONNREFUSED). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
