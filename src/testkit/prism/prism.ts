import getPort from "get-port";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBundledSpec } from "../openapi-model/document";
import { startChild } from "../serve/children";
import { packageBin } from "../serve/package-bin";
import { assertPortFree } from "../serve/ports";
import { waitUntilChildListens, type StartBounds } from "../serve/ready";
import { startFront } from "./front";
import { NO_REDIRECTS_NODE_OPTIONS } from "./no-redirects";
import { SuffixBlindPairing } from "./pairing";
import { deriveProxyVariant, derivePrismVariant } from "./prism-variant";
import type { OpenApiDocument } from "../openapi-model/document";

export interface RunningMock {
  api: string;
  url: string;
  stop(): Promise<void>;
}

export interface MockOptions {
  api: string;
  port: number;
  /** Loopback only: the mock serves example card data and must not be reachable from outside. */
  host?: "127.0.0.1";
  /** Prism log level; `error` keeps it fast and quiet. */
  logLevel?: "error" | "warn" | "info";
  /** The setting that chose the port, named when the port is taken (e.g. `GATEWAY_MOCK_PORT`). */
  portSetting?: string;
}

/**
 * Starts Prism on the Prism-compatible variant of an API's bundled spec and resolves once it
 * listens. The variant is written to a temporary folder that is removed on stop.
 */
export async function startPrismMock(options: MockOptions): Promise<RunningMock> {
  return startPrism(options, derivePrismVariant, (specPath, host) => [
    "mock",
    "--host",
    host,
    "--port",
    String(options.port),
    "--errors",
    "false",
    "-v",
    options.logLevel ?? "error",
    specPath,
  ]);
}

export interface ProxyOptions extends Omit<MockOptions, "logLevel"> {
  /** The implementation to check, e.g. `http://127.0.0.1:4020` or the real test environment. */
  upstream: string;
  /** `true` (default): a request or response that breaks the spec is answered with Prism's error instead of being passed on. */
  errors?: boolean;
  /**
   * Prism log level; `warn` (default for the proxy) prints every violation it sees. Never
   * `info`: at that level Prism logs every request's headers and body (tokens, card data).
   */
  logLevel?: "error" | "warn";
  /** Receives Prism's log output as it comes (the violations it reports) and the front's failures. */
  onOutput?: (text: string) => void;
}

/**
 * Starts the validating proxy: Prism in `proxy` mode on the proxy variant of the bundled spec
 * (deriveProxyVariant: the mock's form-body decoding, and what Prism gets wrong about someone
 * else's traffic), listening on a free loopback port of its own, behind the front
 * (src/testkit/prism/front.ts) on `port`, which keeps clients on the proxy's address.
 */
export async function startPrismProxy(options: ProxyOptions): Promise<RunningMock & { output(): string }> {
  const portSetting = options.portSetting ?? `the ${options.api} proxy port`;
  await assertPortFree(options.port, portSetting);
  const prismPort = await getPort({ host: options.host ?? "127.0.0.1" });
  const prism = await startPrism(
    { ...options, port: prismPort, portSetting: `the ${options.api} proxy's internal Prism port` },
    deriveProxyVariant,
    (specPath, host) => [
      "proxy",
      "--host",
      host,
      "--port",
      String(prismPort),
      "--errors",
      String(options.errors ?? true),
      "-v",
      options.logLevel ?? "warn",
      specPath,
      options.upstream,
    ],
    NO_REDIRECTS_NODE_OPTIONS,
  );
  let frontLines = "";
  try {
    const front = await startFront({
      api: options.api,
      port: options.port,
      portSetting,
      prism: prism.url,
      upstream: options.upstream,
      retargetAudience: options.api === "merchant",
      pairing: new SuffixBlindPairing(options.api),
      errors: options.errors ?? true,
      log: (line) => {
        frontLines = (frontLines + `[proxy] ${line}\n`).slice(-5_000);
        options.onOutput?.(`[proxy] ${line}\n`);
      },
    });
    return {
      api: options.api,
      url: front.url,
      output: () => prism.output() + frontLines,
      async stop() {
        await front.close();
        await prism.stop();
      },
    };
  } catch (error) {
    await prism.stop();
    throw error;
  }
}

async function startPrism(
  options: Omit<MockOptions, "logLevel"> & { onOutput?: (text: string) => void },
  variant: (spec: OpenApiDocument) => OpenApiDocument,
  args: (specPath: string, host: string) => string[],
  nodeOptions: string[] = [],
): Promise<RunningMock & { output(): string }> {
  const host = options.host ?? "127.0.0.1";
  await assertPortFree(options.port, options.portSetting ?? `the ${options.api} port`);
  const workDir = mkdtempSync(join(tmpdir(), `prism-${options.api}-`));
  const specPath = join(workDir, "openapi.json");
  writeFileSync(specPath, JSON.stringify(variant(loadBundledSpec(options.api))));

  // Stopped with its owner too (a signal, or the owner's exit): see serve/children.ts.
  const child = startChild(process.execPath, [...nodeOptions, packageBin("@stoplight/prism-cli", "prism"), ...args(specPath, host)], {
    keep: 20_000,
    onLine: options.onOutput && ((line) => options.onOutput?.(`${line}\n`)),
  });

  const url = `http://${host}:${options.port}`;
  try {
    await waitUntilChildListens(child.process, url, PRISM_START, "Prism");
  } catch (error) {
    await child.stop();
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }

  return {
    api: options.api,
    url,
    output: () => child.output(),
    async stop() {
      await child.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Prism needs about 2 CPU seconds to start (1.6 to 1.9 measured here, 1.5 s of wall time on an
 * idle machine). On a busy one (npm test runs the contract steps at nice 10 beside busy ones) that
 * took over 30 s of wall time, and a wall-clock bound failed runs that were only slow: the start is
 * bounded by the CPU time Prism spends instead (thirty times what it needs), or by a minute
 * without any.
 */
const PRISM_START: StartBounds = { cpuBudgetMs: 60_000, stallMs: 60_000 };
