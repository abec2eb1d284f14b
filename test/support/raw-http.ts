/**
 * Raw bytes to a listener over a socket, for what no HTTP client sends: broken framing, a
 * lower-case method, a request that never finishes.
 */
import { connect } from "node:net";

/** Sends `bytes` and resolves with everything the server sent before it closed (the socket is ended after 2 s unless kept open). */
export function rawHttp(port: number, bytes: string, options: { keepOpenMs?: number } = {}): Promise<string> {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port });
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("close", () => done(received));
    socket.on("error", () => done(received));
    socket.write(bytes);
    if (options.keepOpenMs === undefined) setTimeout(() => socket.end(), 2_000);
  });
}
