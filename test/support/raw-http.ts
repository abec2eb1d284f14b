/**
 * Raw bytes to a listener over a socket, for what no HTTP client sends: broken framing, a
 * lower-case method, a request that never finishes.
 */
import { connect } from "node:net";

/**
 * Sends `bytes` and resolves with everything the server sent before the connection closed. Our
 * side is ended once a whole answer has arrived, so a server that keeps the connection open lets
 * it go then, however long a busy machine took to answer; with `keepOpen`, only the server closes
 * it (a request that never finishes).
 */
export function rawHttp(port: number, bytes: string, options: { keepOpen?: boolean } = {}): Promise<string> {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port });
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (!options.keepOpen && completeAnswers(received).length > 0) socket.end();
    });
    socket.on("close", () => done(received));
    socket.on("error", () => done(received));
    socket.write(bytes);
  });
}

/** The statuses of the answers in `text` that have arrived whole (each framed by its Content-Length), in order. */
export function completeAnswers(text: string): number[] {
  const statuses: number[] = [];
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf("\r\n\r\n", at);
    if (headEnd < 0) return statuses;
    const head = text.slice(at, headEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (text.length < headEnd + 4 + length) return statuses;
    statuses.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]));
    at = headEnd + 4 + length;
  }
}
