/**
 * Prism serves each API from its bundled spec (through the derived variant that works around
 * Prism's form-body bugs): every valid request example gets a documented success carrying one
 * of the spec's examples, and invalid or unauthenticated requests are refused.
 */
import getPort from "get-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listServiceApis } from "../scripts/lib/apis";
import { startPrismMock, type RunningMock } from "../src/testkit/prism/prism";
import { HTTP_METHODS } from "../src/testkit/openapi-model/document";
import { isApiName } from "../src/testkit/openapi-model/model-records";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";
import { concretePath, credentialHeaders, encodeBody } from "../src/testkit/openapi-model/http-from-spec";
import { FORM_MEDIA_TYPE } from "../src/testkit/openapi-model/media-types";

/** The methods this test can send: fetch refuses TRACE (a forbidden method), so a `trace` operation could not be exercised here. */
const SENDABLE_METHODS: readonly string[] = HTTP_METHODS.filter((method) => method !== "trace").map((method) => method.toUpperCase());

/** One mock per API for the whole file (Prism is stateless): each start costs seconds of CPU. */
const mocks: Record<string, RunningMock> = {};

beforeAll(async () => {
  // One after the other: two Prisms starting at once on a busy 2-core machine can exceed the start timeout.
  for (const { name } of listServiceApis()) mocks[name] = await startPrismMock({ api: name, port: await getPort({ host: "127.0.0.1" }) });
});
afterAll(async () => {
  await Promise.all(Object.values(mocks).map((mock) => mock.stop()));
});

describe.each(
  listServiceApis()
    .map((api) => api.name)
    .filter(isApiName),
)("%s Prism mock", (api) => {
  const model = apiModel(api);
  const doc = model.document;
  const examples = listOperationExamples(doc);
  let mock: RunningMock;

  beforeAll(() => {
    mock = mocks[api]!;
  });

  async function send(operationId: string, init: { body?: string; contentType?: string; headers?: Record<string, string> } = {}) {
    const operation = model.operation(operationId);
    const headers: Record<string, string> = { ...credentialHeaders(operation), ...init.headers };
    if (init.contentType) headers["content-type"] = init.contentType;
    return fetch(mock.url + concretePath(operation), { method: operation.method, headers, body: init.body });
  }

  /** The documented 2xx examples of an operation, by status. */
  function successExamples(operationId: string) {
    return examples.filter((e) => e.operationId === operationId && e.kind === "response" && e.status?.startsWith("2"));
  }

  async function expectDocumentedSuccess(operationId: string, response: Response) {
    const documented = [...model.operation(operationId).responses.keys()].filter((s) => s.startsWith("2"));
    expect(documented, `${operationId} answered ${response.status}: ${response.headers.get("sl-violations")}`).toContain(
      String(response.status),
    );
    const text = await response.text();
    const candidates = successExamples(operationId).filter((e) => e.status === String(response.status));
    if (candidates.length > 0) {
      const body = /json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : text;
      expect(candidates.map((e) => e.value)).toContainEqual(body);
    }
  }

  const requestExamples = examples.filter((e) => e.kind === "request");
  it.each(requestExamples.map((e) => [e.label, e] as const))("%s is answered with a documented success", async (_label, example) => {
    const response = await send(example.operationId, {
      body: encodeBody(example.mediaType!, example.value),
      contentType: example.mediaType,
    });
    await expectDocumentedSuccess(example.operationId, response);
  });

  const bodiless = [...model.operations.values()]
    .filter((operation) => SENDABLE_METHODS.includes(operation.method) && !operation.requestBody)
    .map((operation) => operation.operationId);
  it.each(bodiless)("%s (no request body) is answered with a documented success", async (operationId) => {
    await expectDocumentedSuccess(operationId, await send(operationId));
  });

  it("refuses a request without credentials with 401", async () => {
    const secured = requestExamples.find((e) => model.operation(e.operationId).security.some((alternative) => alternative.length > 0));
    expect(secured).toBeDefined();
    const operation = model.operation(secured!.operationId);
    const response = await fetch(mock.url + concretePath(operation), {
      method: operation.method,
      headers: { "content-type": secured!.mediaType! },
      body: encodeBody(secured!.mediaType!, secured!.value),
    });
    expect(response.status).toBe(401);
  });
});

describe("gateway Prism mock refuses invalid authorizations", () => {
  const gateway = apiModel("gateway");
  const cardExample = listOperationExamples(gateway.document).find(
    (e) => e.operationId === "createAuthorization" && e.kind === "request" && "card" in (e.value as object),
  )!.value as Record<string, unknown>;
  let mock: RunningMock;

  beforeAll(() => {
    mock = mocks.gateway!;
  });

  const post = (body: Record<string, unknown>) =>
    fetch(`${mock.url}/authorizations`, {
      method: "POST",
      headers: { ...credentialHeaders(gateway.operation("createAuthorization")), "content-type": FORM_MEDIA_TYPE },
      body: encodeBody(FORM_MEDIA_TYPE, body),
    });

  it.each([
    ["no payment method", () => ({ ...cardExample, card: undefined })],
    ["two payment methods", () => ({ ...cardExample, moto: { pan: "4111111111111111", expire_month: "06", expire_year: "2030" } })],
    ["a malformed PAN", () => ({ ...cardExample, card: { ...(cardExample.card as object), pan: "4111-1111" } })],
    ["a non-numeric amount", () => ({ ...cardExample, amount: "ten" })],
  ])("answers %s with 400", async (_what, build) => {
    const response = await post(build());
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations")).toBeTruthy();
  });
});
