/**
 * Where a sandbox request's time goes, stage by stage, for `npm run bench:sandbox`: each stage of
 * the listener pipeline is called in-process (bench only: no HTTP, the stages' own functions on
 * an in-process sandbox with every validation on) and timed in CPU time over many calls, so that
 * other processes on the machine do not inflate it. The stages that cost what they must (Node's
 * HTTP handling, an RSA-2048 verification) are told apart from the sandbox's own work.
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { checkedResponseOf } from "../../src/testkit/sandbox/listener/checked-response";
import type { SandboxRequest, SandboxResponse } from "../../src/testkit/sandbox/listener/messages";
import { loopbackRefusal } from "../../src/testkit/sandbox/listener/loopback-policy";
import { parseRequestTarget } from "../../src/testkit/sandbox/listener/request-target";
import type { RunningSandbox } from "../../src/testkit/sandbox/server";
import { seededPublicKeyPath } from "../../src/testkit/sandbox/configuration/config";
import { checkBody, checkParameters } from "../../src/testkit/openapi-model/check-request";
import { checkResponse, findingLines } from "../../src/testkit/openapi-model/check-response";
import type { SpecRouter } from "../../src/testkit/openapi-model/router";

export interface BreakdownCase {
  label: string;
  api: "gateway" | "merchant";
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The stage of the RSA arithmetic alone (bench-sandbox.ts finds it by this name). */
export const RSA_STAGE = "signature (RSA-2048 verification)";

export interface Stage {
  name: string;
  us: number;
}

const BATCH = 1000;
const BATCHES = 7;

/** CPU µs per call of `fn`: the median of several batches, after one batch of warm-up. */
async function perCall(fn: () => unknown): Promise<number> {
  const batch = async (): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) {
      const result = fn();
      if (result instanceof Promise) await result;
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / BATCH;
  };
  await batch();
  const samples: number[] = [];
  for (let i = 0; i < BATCHES; i++) samples.push(await batch());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** The request as the listener hands it to the handler. */
function sandboxRequest(router: SpecRouter, c: BreakdownCase, host: string): SandboxRequest {
  const url = new URL(`http://${host}${c.path}`);
  const rawBody = Buffer.from(c.body ?? "", "utf8");
  const headers = { host, ...(c.body === undefined ? {} : { "content-length": String(rawBody.length) }), ...c.headers };
  return {
    method: c.method,
    url,
    headers,
    route: router.match(c.method, url.pathname),
    rawBody,
    tooLarge: false,
    remoteAddress: "127.0.0.1",
  };
}

/**
 * Times every stage of one operation; the handler's own work is what remains of it after the
 * stages timed apart. A signed request's handler is timed without its signature on `unsigned`, a
 * sandbox that does not require one (`signing: methods`), and the verification apart.
 */
export async function breakdown(sandbox: RunningSandbox, c: BreakdownCase, unsigned: RunningSandbox): Promise<Stage[]> {
  const part = c.api === "gateway" ? sandbox.gateway : sandbox.merchant;
  const base = new URL(c.api === "gateway" ? sandbox.gatewayUrl : sandbox.merchantUrl);
  const { router, model } = part;
  const request = sandboxRequest(router, c, base.host);
  if (request.route.kind !== "match") throw new Error(`${c.method} ${c.path} does not route`);
  const route = request.route.route;
  const params = request.route.params;
  const response: SandboxResponse = part.handler({ ...request });
  const outgoing = checkedResponseOf(response);
  const check = () => checkResponse(model, route, outgoing, { method: c.method });
  const problems = findingLines(check());
  if (problems.length > 0) throw new Error(`${c.label}: the sandbox's answer breaks the spec: ${problems.join("; ")}`);

  const port = Number(base.port);
  const stages: Stage[] = [];
  stages.push({
    name: "request target and Host check",
    us: await perCall(() => [parseRequestTarget(c.path), loopbackRefusal(request.headers, port)]),
  });
  stages.push({ name: "routing", us: await perCall(() => router.match(c.method, request.url.pathname)) });
  const signed = c.headers.signature ? signedBytes(c) : undefined;
  const handler = signed ? await perCall(unsignedHandler(unsigned, c)) : await perCall(() => part.handler({ ...request }));
  const signature = signed ? await perCall(() => verify("sha256", signed.body, signed.key, Buffer.from(signed.hex, "hex"))) : 0;
  const validation = await perCall(() => [
    checkParameters(model, route, params, request.url.searchParams),
    checkBody(model, route, request.headers["content-type"], request.rawBody),
  ]);
  if (signature) stages.push({ name: RSA_STAGE, us: signature });
  stages.push({ name: "request validation (Ajv)", us: validation });
  stages.push({ name: "handler: authentication, rules, state, representation", us: Math.max(0, handler - validation) });
  stages.push({ name: "response validation (Ajv, strict)", us: await perCall(check) });
  stages.push({ name: "serialization (JSON)", us: await perCall(() => JSON.stringify(response.body)) });
  return stages;
}

/** The handler of `unsigned` on the request without its Signature header, checked to answer as the signed request does. */
function unsignedHandler(unsigned: RunningSandbox, c: BreakdownCase): () => unknown {
  const part = c.api === "gateway" ? unsigned.gateway : unsigned.merchant;
  const host = new URL(c.api === "gateway" ? unsigned.gatewayUrl : unsigned.merchantUrl).host;
  const { signature: _signature, ...headers } = c.headers;
  const request = sandboxRequest(part.router, { ...c, headers }, host);
  const answer = part.handler({ ...request });
  if (answer.status >= 300) throw new Error(`${c.label}: unsigned, on a sandbox with signing: methods, it is answered ${answer.status}`);
  return () => part.handler({ ...request });
}

/** The case's body, its signature's hex and the seeded public key: what the sandbox's verifier is given. */
function signedBytes(c: BreakdownCase): { key: KeyObject; body: Buffer; hex: string } {
  const key = createPublicKey(readFileSync(seededPublicKeyPath, "utf8"));
  const hex = c.headers.signature!.trim().split(/\s+/).pop()!;
  return { key, body: Buffer.from(c.body ?? "", "utf8"), hex };
}
