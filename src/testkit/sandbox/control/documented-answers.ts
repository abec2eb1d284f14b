/**
 * The answer a fault rule injects: what the spec documents for the operation and status, its
 * first named example as the body and each header's example, so that an injected answer is one a
 * client may really get (and passes the sandbox's response check like any other).
 */
import { deref, type OpenApiDocument } from "../../openapi-model/document";
import { documentedResponse } from "../../openapi-model/response-validation";
import type { SpecRouter } from "../../openapi-model/router";
import type { SandboxResponse } from "../listener/http";
import type { DocumentedAnswer } from "./faults";

interface ExampleHolder {
  example?: unknown;
  examples?: Record<string, unknown> | unknown[];
  schema?: { example?: unknown; examples?: unknown[]; enum?: unknown[] };
}

/** The first example a media type, header or schema gives, if any. */
function firstExample(doc: OpenApiDocument, holder: ExampleHolder): { found: true; value: unknown } | { found: false } {
  if (holder.example !== undefined) return { found: true, value: holder.example };
  if (holder.examples && !Array.isArray(holder.examples)) {
    const first = Object.values(holder.examples)[0];
    if (first !== undefined) return { found: true, value: deref<{ value?: unknown }>(doc, first).value };
  }
  const schema = holder.schema ? deref<NonNullable<ExampleHolder["schema"]>>(doc, holder.schema) : undefined;
  if (schema?.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  if (Array.isArray(schema?.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0] };
  return { found: false };
}

/** The documented answers of the operations of some APIs, by operationId. */
export function documentedAnswers(apis: ReadonlyArray<{ doc: OpenApiDocument; router: SpecRouter }>): DocumentedAnswer {
  return (operationId, status) => {
    const api = apis.find(({ router }) => router.operations.has(operationId));
    if (!api) return { ok: false, reason: `no operation ${operationId}` };
    const route = api.router.operation(operationId);
    const documented = documentedResponse(api.doc, route, status);
    if (!documented || documented.key !== String(status)) return { ok: false, reason: `${operationId} documents no ${status} answer` };
    const headers: Record<string, string> = {};
    for (const [name, raw] of Object.entries(documented.response.headers ?? {})) {
      const header = deref<ExampleHolder & { required?: boolean }>(api.doc, raw);
      const example = firstExample(api.doc, header);
      if (example.found) headers[name.toLowerCase()] = String(example.value);
      else if (header.required)
        return { ok: false, reason: `the ${status} answer of ${operationId} gives no example of its required header ${name}` };
    }
    const content = Object.entries(documented.response.content ?? {});
    if (content.length === 0) return { ok: true, answer: { status, headers } };
    const [mediaType, media] = content[0]!;
    const body = firstExample(api.doc, media as ExampleHolder);
    // A media type without a schema (a 5xx the source shows no body of) is answered without one.
    if (!body.found && !(media as ExampleHolder).schema)
      return { ok: true, answer: { status, headers: { ...headers, "content-type": mediaType } } };
    if (!body.found) return { ok: false, reason: `the ${status} answer of ${operationId} gives no example body` };
    const answer: SandboxResponse = {
      status,
      headers: { ...headers, "content-type": mediaType },
      body: typeof body.value === "string" ? body.value : structuredClone(body.value),
    };
    return { ok: true, answer };
  };
}
