/**
 * The set-up the merchant sandbox test files share: one sandbox per file on free loopback ports
 * (strict response validation), a client logged in with the seeded credentials, and, at the end,
 * the assertion that no response of the file broke the spec. Problems are checked against the
 * status and title of the spec's problem schemas, never against hand-typed titles.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { problemKinds, problemMediaType } from "../../generated/merchant/constants";
import type { SandboxConfigFile } from "../../src/testkit/sandbox/configuration/config";
import type { RunningSandbox } from "../../src/testkit/sandbox/server";
import { MerchantClient, startTestSandbox, type MerchantCall } from "./sandbox";

export interface MerchantSandboxUnderTest {
  /** The running sandbox (after `beforeAll`). */
  readonly sandbox: RunningSandbox;
  /** A client holding a bearer token of the seeded OAuth client. */
  readonly api: MerchantClient;
}

/** Starts a sandbox for the calling test file and stops it after the file, asserting no spec violation. */
export function useMerchantSandbox(extra?: SandboxConfigFile): MerchantSandboxUnderTest {
  let started: { sandbox: RunningSandbox; api: MerchantClient } | undefined;
  beforeAll(async () => {
    const sandbox = await startTestSandbox(extra);
    const api = new MerchantClient(sandbox.merchantUrl);
    started = { sandbox, api };
    expect((await api.login()).status).toBe(200);
  });
  afterAll(async () => {
    if (!started) return;
    expect(started.sandbox.violations.entries, "responses that broke the spec").toEqual([]);
    await started.sandbox.stop();
  });
  const running = () => {
    if (!started) throw new Error("the merchant sandbox is used before beforeAll started it");
    return started;
  };
  return {
    get sandbox() {
      return running().sandbox;
    },
    get api() {
      return running().api;
    },
  };
}

/** A problem of the given kind (a problem schema of the spec): its status, title, media type and request id. */
export function expectProblem(response: MerchantCall, kind: keyof typeof problemKinds): void {
  const { status, title } = problemKinds[kind];
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toBe(problemMediaType);
  expect(response.body).toMatchObject({ status, title, "request-id": expect.any(String) });
}
