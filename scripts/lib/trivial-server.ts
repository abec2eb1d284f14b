/**
 * The benchmark's floor: a trivial node:http server in a process of its own, answering any GET
 * with a small JSON body (about the size of the gateway's account, serialized per request as any
 * server building its answer does) or with a JSON value it was given for that target (to answer
 * the same bytes as the sandbox does), and any POST by reading
 * its form body and echoing two fields as JSON. What Node's HTTP handling alone costs on this
 * machine, measured in the same run as the sandbox. It prints a ready line as the sandbox does,
 * and SIGTERM's default action ends it (the stop of src/testkit/serve/children.ts).
 */
import type { ChildProcess } from "node:child_process";
import { exitProblem, startChild } from "../../src/testkit/serve/children";
import { isReadyLine, parseReadyLine } from "../../src/testkit/serve/ready";

const SOURCE = `
const http = require("node:http");
const account = ({ merchant_id: "000000003000001", name: "Trivial Merchant", descriptor: "trivial.example", country: "DK", currency: "DKK", mcc: "5734", acquirer: { visa_bin: 438309, mastercard_bin: 526571 }, transaction_rules: "" });
function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
// Other paths answer the JSON the benchmark passed for them (the same bytes as the sandbox's answer).
const bodies = JSON.parse(process.env.TRIVIAL_BODIES || "{}");
const server = http.createServer((req, res) => {
  if (req.method !== "POST") return send(res, 200, JSON.stringify(bodies[req.url] ?? account));
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    send(res, 201, JSON.stringify({ id: "00000000-0000-4000-8000-000000000000", amount: Number(form.get("amount")), currency: form.get("currency") }));
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => console.log("ready trivial=http://127.0.0.1:" + server.address().port));
`;

export interface TrivialServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `bodies`: JSON values to answer for given request targets instead of the small default. */
export function startTrivialServer(bodies: Record<string, unknown> = {}): Promise<TrivialServer> {
  return new Promise((done, fail) => {
    const child = startChild(process.execPath, ["-e", SOURCE], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, TRIVIAL_BODIES: JSON.stringify(bodies) },
      onLine: (line) => {
        const url = isReadyLine(line) ? parseReadyLine(line).trivial : undefined;
        if (url) done({ url, child: child.process, stop: () => child.stop() });
      },
    });
    child.finished.then((finished) => fail(new Error(exitProblem("the trivial server", finished))), fail);
  });
}
