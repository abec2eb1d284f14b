/**
 * The sandbox's state as a value: the test clock, both APIs' stores, the isolated accounts and the
 * fixtures built, made together from the configuration. A reset builds a new one aside (with the
 * start fixtures) and the sandbox swaps it in whole (server.ts); a request is handled in the state
 * in force when it arrived, so nothing it does lands in a later one. A fixture loaded later is
 * built into the state in force in one synchronous step, undone if it fails (loadInto).
 */
import type { components } from "../../../generated/sandbox-control/schema";
import { SandboxClock } from "./cross-api/clock";
import type { Faults } from "./cross-api/faults";
import type { SandboxConfig } from "./configuration/config";
import { IsolatedAccounts } from "./control/accounts";
import { FixturesLoaded } from "./control/api/fixtures-loaded";
import { prepareFixture, type FixtureTarget } from "./control/fixtures/apply";
import type { Fixture, FixtureResult } from "./control/fixtures";
import { createGatewaySandbox, type GatewaySandbox } from "./gateway/app";
import type { SandboxRequest, SandboxResponse } from "./listener/messages";
import { createMerchantSandbox, type MerchantSandbox } from "./merchant/app";
import { FileStore } from "./merchant/records/files";
import { storeUpload } from "./merchant/storage";
import { recordForUndo } from "./state-undo";

/** The listeners' base URLs, which the state's links are made with. */
export interface StateUrls {
  gateway: string;
  merchant: string;
  storage: string;
}

/** A fixture to build, and what names it in errors (its file, or "control API"). */
export interface NamedFixture {
  source: string;
  fixture: Fixture;
}

export interface SandboxState {
  clock: SandboxClock;
  files: FileStore;
  gateway: GatewaySandbox;
  merchant: MerchantSandbox;
  accounts: IsolatedAccounts;
  /** The fixtures built in this state (the control API's listFixtures). */
  fixtures: FixturesLoaded;
  /** What each start fixture built in this state. */
  started: FixtureResult[];
  /** The largest upload the storage host takes. */
  maxUploadBytes: number;
}

/** A fresh state of the configuration: the seeds only. */
export function freshState(config: SandboxConfig, faults: Faults, urls: StateUrls): SandboxState {
  const clock = new SandboxClock();
  const files = new FileStore(clock, config.merchant.uploadUrlTtlSeconds);
  files.storageBaseUrl = urls.storage;
  const gateway = createGatewaySandbox(config.gateway, clock, faults);
  const merchant = createMerchantSandbox(config.merchant, clock, files, faults);
  merchant.setBaseUrl(urls.merchant);
  const accounts = new IsolatedAccounts(gateway, merchant, config.gateway);
  const { maxUploadBytes } = config.merchant;
  return { clock, files, gateway, merchant, accounts, fixtures: new FixturesLoaded(), started: [], maxUploadBytes };
}

/** A fresh state with the start fixtures built in it: what a reset swaps in. */
export async function startState(
  config: SandboxConfig,
  faults: Faults,
  urls: StateUrls,
  fixtures: readonly NamedFixture[],
): Promise<SandboxState> {
  const state = freshState(config, faults, urls);
  // No undo here: a state aside that a fixture fails in is dropped whole.
  for (const named of fixtures) state.started.push((await prepared(state, urls, named))());
  return state;
}

/**
 * Builds a fixture in a state, in process, and notes it there: whole or not at all, even in the
 * state in force. The key pairs of its fresh accounts are made first and change nothing; then
 * every entity is made and the load noted in one synchronous step, so no request sees part of it.
 * A step can still be refused there for what the state holds already (a rate-limit window spent,
 * a retention bound reached, a dispute moved on): checking every such bound beforehand would
 * restate the APIs' rules, so the step is undone instead, and the state is as it was.
 */
export async function loadInto(state: SandboxState, urls: StateUrls, named: NamedFixture): Promise<FixtureResult> {
  const build = await prepared(state, urls, named);
  const undo = recordForUndo(state);
  try {
    return build();
  } catch (error) {
    undo();
    throw error;
  }
}

/** A fixture's build in a state, its accounts' key pairs made: the synchronous step that makes every entity and notes the load. */
async function prepared(state: SandboxState, urls: StateUrls, { source, fixture }: NamedFixture): Promise<() => FixtureResult> {
  const build = await prepareFixture(inProcess(state, urls), fixture, source);
  return () => {
    const result = build();
    state.fixtures.note(source, result);
    return result;
  };
}

/** A state as a fixture reaches it: each request answered by the handler of the listener its URL names, with no fault rule applied. */
function inProcess(state: SandboxState, urls: StateUrls): FixtureTarget {
  const { gateway, merchant, files } = state;
  const apis = [
    { base: urls.gateway, router: gateway.router, handle: gateway.handler },
    { base: urls.merchant, router: merchant.router, handle: merchant.handler },
    {
      base: urls.storage,
      router: merchant.storageRouter,
      handle: (request: SandboxRequest) => storeUpload(files, state.maxUploadBytes, request),
    },
  ];
  return {
    gatewayUrl: urls.gateway,
    merchantUrl: urls.merchant,
    clock: state.clock,
    prepareAccount: (): Promise<() => components["schemas"]["Account"]> => state.accounts.prepare(),
    answer(url, { method, headers, body }): SandboxResponse {
      const api = apis.find(({ base }) => new URL(base).origin === url.origin);
      if (!api) return { status: 404, body: `no listener of this sandbox at ${url.origin}` };
      const rawBody = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
      return api.handle({
        method,
        url,
        headers: { ...headers, host: url.host, "content-length": String(rawBody.length) },
        route: api.router.match(method, url.pathname),
        rawBody,
        tooLarge: false,
        remoteAddress: "127.0.0.1",
      });
    },
  };
}
