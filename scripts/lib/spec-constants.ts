/**
 * Extracts from each bundled spec the few facts that runtime code needs (status-code meanings,
 * which payment methods require signing, media types, pagination bounds), so that clients and
 * the sandbox import them from generated/<api>/constants.ts instead of restating the spec.
 * Each extractor reads the spec by component name and fails loudly if the shape it expects
 * is gone, so a spec refactoring cannot silently empty a constant.
 */
import { deref, getAtPointer, type OpenApiDocument } from "../../src/testkit/spec/document";

type Extractor = (doc: OpenApiDocument) => Record<string, unknown>;

function required<T>(doc: OpenApiDocument, pointer: string): T {
  const value = getAtPointer(doc, pointer);
  if (value === undefined) throw new Error(`spec-constants: nothing at #${pointer}`);
  return value as T;
}

/** `{live: url, test: url}` from the servers' `x-environment` names. */
function serversByEnvironment(doc: OpenApiDocument): Record<string, string> {
  const servers = required<{ url: string; "x-environment"?: string }[]>(doc, "/servers");
  const named = servers.filter((server) => server["x-environment"] !== undefined);
  if (named.length !== servers.length) throw new Error("spec-constants: every server needs an x-environment name");
  return Object.fromEntries(named.map((server) => [server["x-environment"], server.url]));
}

const gateway: Extractor = (doc) => {
  const codes = required<{ const: number; title: string; description: string; "x-returned-for": string[] }[]>(
    doc,
    "/components/schemas/StatusCode/oneOf",
  );
  const approved = required<{ properties: { code: { const: number } } }[]>(
    doc,
    "/components/schemas/Approved/properties/status/allOf",
  ).find((part) => part.properties?.code?.const !== undefined)?.properties.code.const;
  if (approved === undefined) throw new Error("spec-constants: Approved has no status.code const");

  const methods = required<Record<string, unknown>>(doc, "/components/schemas/PaymentMethod/properties");
  const responses = required<Record<string, unknown>>(doc, "/paths/~1/get/responses");
  const mediaType = Object.keys(deref<{ content: Record<string, unknown> }>(doc, responses["200"]).content)[0];

  const tags = required<{ name: string; "x-test-environment"?: unknown; "x-windows"?: unknown }[]>(doc, "/tags");
  const chapterFacts = (extension: "x-test-environment" | "x-windows") => {
    const found = tags.find((tag) => tag[extension] !== undefined)?.[extension];
    if (found === undefined) throw new Error(`spec-constants: no tag carries ${extension}`);
    return found;
  };

  const signature = required<{ name: string; "x-scheme-token": string }>(doc, "/components/securitySchemes/signature");

  return {
    servers: serversByEnvironment(doc),
    mediaType,
    signatureHeader: { name: signature.name, schemeToken: signature["x-scheme-token"] },
    approvedStatusCode: approved,
    testEnvironment: chapterFacts("x-test-environment"),
    windows: chapterFacts("x-windows"),
    statusCodes: Object.fromEntries(
      codes.map((c) => [c.const, { meaning: c.title, description: c.description, returnedFor: c["x-returned-for"] }]),
    ),
    paymentMethods: Object.keys(methods),
    paymentMethodsRequiringSigning: Object.entries(methods)
      .filter(([, schema]) => deref<Record<string, unknown>>(doc, schema)["x-requires-signing"] === true)
      .map(([name]) => name),
  };
};

const merchant: Extractor = (doc) => {
  const perPage = deref<{ name: string; schema: { minimum: number; maximum: number; default: number } }>(
    doc,
    required(doc, "/components/parameters/PerPage"),
  );
  const curieName = required<{ allOf: { properties?: { name?: { const?: string } } }[] }>(doc, "/components/schemas/Curie")
    .allOf.map((part) => part.properties?.name?.const)
    .find((name) => name !== undefined);
  const rateLimited = deref<{ headers: Record<string, unknown>; content: Record<string, unknown> }>(
    doc,
    required(doc, "/components/responses/TooManyRequests"),
  );
  const root = deref<{ content: Record<string, unknown> }>(doc, required(doc, "/paths/~1/get/responses/200"));
  // Every media type the token endpoint may answer in (it is documented in two forms), in the spec's order.
  const tokenResponses = required<Record<string, unknown>>(doc, "/paths/~1oauth~1token/post/responses");
  const tokenMediaTypes = [...new Set(Object.values(tokenResponses).flatMap((response) => Object.keys(deref<{ content?: Record<string, unknown> }>(doc, response).content ?? {})))];
  if (tokenMediaTypes.length === 0) throw new Error("spec-constants: the token endpoint documents no media type");
  return {
    servers: serversByEnvironment(doc),
    halMediaType: Object.keys(root.content)[0],
    problemMediaType: Object.keys(rateLimited.content)[0],
    curieName,
    pagination: {
      parameter: perPage.name,
      perPageMinimum: perPage.schema.minimum,
      perPageDefault: perPage.schema.default,
      perPageMaximum: perPage.schema.maximum,
    },
    rateLimitHeaders: Object.keys(rateLimited.headers).filter((name) => /^ratelimit-/i.test(name)),
    tokenMediaTypes,
  };
};

const extractors: Record<string, Extractor> = { gateway, merchant };

/** The TypeScript source of generated/<api>/constants.ts, or undefined for an API without runtime facts. */
export function constantsModule(api: string, doc: OpenApiDocument): string | undefined {
  const extract = extractors[api];
  if (!extract) return undefined;
  const facts = extract(doc);
  const lines = Object.entries(facts).map(
    ([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)} as const;`,
  );
  return [
    `// Generated by \`npm run build\` from openapi/${api}/ (scripts/lib/spec-constants.ts). Do not edit.`,
    "",
    ...lines,
    "",
  ].join("\n");
}
