/**
 * One client sending one request at a time over one keep-alive connection (the contract suite's
 * shape), each request timed with process.hrtime.bigint() from the moment it is sent to the last
 * byte of its answer. autocannon reports latency in whole milliseconds, and a loopback request
 * takes a fraction of one.
 */
import { Agent, request as httpRequest, type RequestOptions } from "node:http";

export interface HttpRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SequentialRun {
  /** Latency of each request, in µs, in the order sent. */
  latenciesUs: number[];
  /** Answers other than 2xx, and requests that failed. */
  bad: number;
}

/** The answer's status once its last byte has arrived. */
function send(options: RequestOptions, body: string | undefined): Promise<number> {
  return new Promise((done, fail) => {
    const outgoing = httpRequest(options, (answer) => {
      answer.resume();
      answer.once("end", () => done(answer.statusCode ?? 0));
      answer.once("error", fail);
    });
    outgoing.once("error", fail);
    outgoing.end(body);
  });
}

/** Sends `request` again and again, each after the previous answer, for `seconds`. */
export async function sendSequentially(url: string, request: HttpRequest, seconds: number): Promise<SequentialRun> {
  // One socket, kept open: a new connection per request would measure the handshake too.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(url);
  // A length, as clients send it: without one, node:http would send the body in chunks.
  const length = request.body === undefined ? {} : { "content-length": String(Buffer.byteLength(request.body)) };
  const options: RequestOptions = {
    agent,
    host: origin.hostname,
    port: origin.port,
    method: request.method,
    path: request.path,
    headers: { ...request.headers, ...length },
  };
  const until = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const latenciesUs: number[] = [];
  let bad = 0;
  try {
    for (let now = process.hrtime.bigint(); now < until; now = process.hrtime.bigint()) {
      try {
        const status = await send(options, request.body);
        if (status < 200 || status > 299) bad++;
      } catch {
        bad++;
      }
      latenciesUs.push(Number(process.hrtime.bigint() - now) / 1000);
    }
  } finally {
    agent.destroy();
  }
  return { latenciesUs, bad };
}

/** The value below which `share` (0 to 1) of the values lie: 0.5 the median, 0.99 the p99. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}
