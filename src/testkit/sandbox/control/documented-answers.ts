/**
 * The answer a fault rule injects: what the spec documents for the operation and status, its
 * first named example as the body and each header's example, so that an injected answer is one a
 * client may really get (and passes the sandbox's response check like any other).
 */
import type { SpecRouter } from "../../openapi-model/router";
import type { SandboxResponse } from "../listener/messages";
import type { DocumentedAnswer } from "./faults";

/** The documented answers of the operations of some APIs, by operationId. */
export function documentedAnswers(apis: ReadonlyArray<{ router: SpecRouter }>): DocumentedAnswer {
  return (operationId, status) => {
    const operation = apis.find(({ router }) => router.operations.has(operationId))?.router.operation(operationId);
    if (!operation) return { ok: false, reason: `no operation ${operationId}` };
    const documented = operation.responses.get(String(status));
    if (!documented) return { ok: false, reason: `${operationId} documents no ${status} answer` };
    const headers: Record<string, string> = {};
    for (const header of documented.headers) {
      if (header.example.found) headers[header.lower] = String(header.example.value);
      else if (header.required)
        return { ok: false, reason: `the ${status} answer of ${operationId} gives no example of its required header ${header.name}` };
    }
    const media = documented.media[0];
    if (!media) return { ok: true, answer: { status, headers } };
    const body = media.example;
    // A media type without a schema (a 5xx the source shows no body of) is answered without one.
    if (!body.found && !media.schema) return { ok: true, answer: { status, headers: { ...headers, "content-type": media.mediaType } } };
    if (!body.found) return { ok: false, reason: `the ${status} answer of ${operationId} gives no example body` };
    const answer: SandboxResponse = {
      status,
      headers: { ...headers, "content-type": media.mediaType },
      body: typeof body.value === "string" ? body.value : structuredClone(body.value),
    };
    return { ok: true, answer };
  };
}
