/**
 * The contract suite's typed bodies (contract-tests/support/documented-bodies.ts): an answer is
 * read as its generated type only when it is the operation's answer with that status and its body
 * validates against the schema the type was generated from; a request example the same way.
 */
import { describe, expect, it } from "vitest";
import { answerOf, requestExample } from "../contract-tests/support/documented-bodies";
import type { Exchange } from "../contract-tests/support/http";
import { objectOf } from "../src/testkit/common/json-values";
import { listOperationExamples } from "../src/testkit/openapi-model/examples";
import { apiModel } from "../src/testkit/openapi-model/operation-model";
import { recordedExchange } from "./support/recorded-exchange";

/** The spec's first example of an operation's answer with that status. */
function answerExample(api: Exchange["api"], operationId: string, status: number): Record<string, unknown> {
  const found = listOperationExamples(apiModel(api).document).find(
    (e) => e.kind === "response" && e.operationId === operationId && e.status === String(status),
  );
  if (!found || typeof found.value !== "object" || found.value === null)
    throw new Error(`the ${api} spec has no ${status} example of ${operationId}`);
  return structuredClone({ ...found.value });
}

describe("answers read as the generated type of the operation's documented answer", () => {
  it("gives the body of a documented answer, typed", () => {
    const body = answerExample("gateway", "getAccount", 200);
    const account = answerOf("gateway", recordedExchange("gateway", "getAccount", 200, body), "getAccount", 200);
    expect(account.descriptor).toBe(body.descriptor);
    const root = answerExample("merchant", "getRoot", 200);
    expect(answerOf("merchant", recordedExchange("merchant", "getRoot", 200, root), "getRoot", 200)._links.self).toEqual(
      objectOf(root._links).self,
    );
  });

  it("refuses a body that breaks the answer's schema, naming the rule and not the value", () => {
    const body = { ...answerExample("gateway", "getAccount", 200), descriptor: 4_111_111_111_111_111 };
    const read = () => answerOf("gateway", recordedExchange("gateway", "getAccount", 200, body), "getAccount", 200);
    expect(read).toThrow(/getAccount's 200 answer: the body is not the documented one .*\/descriptor type/);
    expect(read).not.toThrow(/4111/);
  });

  it("refuses an exchange of another operation, another status or another API", () => {
    const body = answerExample("gateway", "getAccount", 200);
    expect(() => answerOf("gateway", recordedExchange("gateway", "getRoot", 200, body), "getAccount", 200)).toThrow(
      /it is not that answer/,
    );
    expect(() => answerOf("gateway", recordedExchange("gateway", "getAccount", 404, body), "getAccount", 200)).toThrow(
      /it is not that answer/,
    );
    expect(() => answerOf("gateway", recordedExchange("merchant", "getAccount", 200, body), "getAccount", 200)).toThrow(
      /it is not that answer/,
    );
  });
});

describe("request examples read as the generated type of the operation's request body", () => {
  it("gives the named example, a copy that validates against the request schema", () => {
    const example = requestExample("merchant", "createApplication", "digitalService");
    const spec = listOperationExamples(apiModel("merchant").document).find(
      (e) => e.kind === "request" && e.operationId === "createApplication" && e.name === "digitalService",
    );
    expect(example).toEqual(spec?.value);
    expect(example).not.toBe(spec?.value);
  });

  it("refuses a name the operation has no example of", () => {
    expect(() => requestExample("gateway", "createDebit", "noSuchExample")).toThrow(/no request example noSuchExample of createDebit/);
  });
});
