/**
 * Extracts from each bundled spec the few facts that runtime code needs (status-code meanings,
 * which payment methods require signing, media types, pagination bounds), so that clients and
 * the sandbox import them from generated/<api>/constants.ts instead of restating the spec.
 * Each extractor reads the spec by component name and fails loudly if the shape it expects
 * is gone, so a spec refactoring cannot silently empty a constant.
 */
import { deref, getAtPointer, HTTP_METHODS, type OpenApiDocument } from "../../src/testkit/openapi-model/document";
import { ApiModel } from "../../src/testkit/openapi-model/operation-model";

type Extractor = (doc: OpenApiDocument) => Record<string, unknown>;

function required<T>(doc: OpenApiDocument, pointer: string): T {
  const value = getAtPointer(doc, pointer);
  if (value === undefined) throw new Error(`spec-constants: nothing at #${pointer}`);
  return value as T;
}

/** `{live: url, test: url}` from the servers' `x-environment` names. */
function serversByEnvironment(doc: OpenApiDocument): Record<string, string> {
  const servers = required<{ url: string; "x-environment"?: string }[]>(doc, "/servers");
  const named = servers.filter((server): server is { url: string; "x-environment": string } => server["x-environment"] !== undefined);
  if (named.length !== servers.length) throw new Error("spec-constants: every server needs an x-environment name");
  return Object.fromEntries(named.map((server): [string, string] => [server["x-environment"], server.url]));
}

/** A schema node and what it reaches through `$ref` and `allOf` (the forms a property takes in a bundle). */
function schemaLayers(doc: OpenApiDocument, node: unknown): Record<string, unknown>[] {
  const schema = deref<Record<string, unknown> | undefined>(doc, node);
  if (!schema || typeof schema !== "object") return [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf.flatMap((part) => schemaLayers(doc, part)) : [];
  return [schema, ...parts];
}

/**
 * `{parameter name: status code}` for the gateway's request parameters whose schema carries
 * `x-invalid-status-code` (an invalid value gives that code instead of the general input error).
 */
function invalidParameterStatusCodes(doc: OpenApiDocument): Record<string, number> {
  const found: Record<string, number> = {};
  const schemas = required<Record<string, unknown>>(doc, "/components/schemas");
  for (const schema of Object.values(schemas)) {
    for (const layer of schemaLayers(doc, schema)) {
      for (const [name, property] of Object.entries((layer.properties ?? {}) as Record<string, unknown>)) {
        const code = schemaLayers(doc, property)
          .map((part) => part["x-invalid-status-code"])
          .find((value) => value !== undefined);
        if (code === undefined) continue;
        if (found[name] !== undefined && found[name] !== code)
          throw new Error(`spec-constants: ${name} has two x-invalid-status-code values`);
        found[name] = code as number;
      }
    }
  }
  if (Object.keys(found).length === 0) throw new Error("spec-constants: no schema carries x-invalid-status-code");
  return found;
}

const gateway: Extractor = (doc) => {
  const codes = required<
    { const: number; title: string; description: string; "x-key": string; "x-category": string; "x-returned-for": string[] }[]
  >(doc, "/components/schemas/StatusCode/oneOf");
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
  const methodsMarked = (extension: string) =>
    Object.entries(methods)
      .filter(([, schema]) => deref<Record<string, unknown>>(doc, schema)[extension] === true)
      .map(([name]) => name);
  const transStatusOutcomes = required<Record<string, string[]>>(
    doc,
    "/components/schemas/ThreeDSecureResult/properties/status/x-trans-status-outcomes",
  );
  if (codes.some((c) => typeof c["x-key"] !== "string")) throw new Error("spec-constants: every StatusCode entry needs an x-key");
  const categories = ["approved", "invalid-request", "card-data", "rule-violation", "authentication", "declined", "service-error"];
  const uncategorised = codes.filter((c) => !categories.includes(c["x-category"]));
  if (uncategorised.length > 0)
    throw new Error(
      `spec-constants: StatusCode ${uncategorised.map((c) => c.const).join(", ")} needs an x-category, one of ${categories.join(", ")}`,
    );

  const exponents = required<{ "x-minor-unit-exponents"?: { default: number; currencies: Record<string, number> } }>(
    doc,
    "/components/schemas/Currency",
  )["x-minor-unit-exponents"];
  if (exponents === undefined) throw new Error("spec-constants: Currency has no x-minor-unit-exponents");

  const responseMediaType = required<{ "x-response-media-type"?: unknown }>(doc, "/info")["x-response-media-type"];
  if (typeof responseMediaType !== "string") throw new Error("spec-constants: info has no x-response-media-type");

  return {
    servers: serversByEnvironment(doc),
    mediaType,
    responseMediaType,
    signatureHeader: { name: signature.name, schemeToken: signature["x-scheme-token"] },
    approvedStatusCode: approved,
    testEnvironment: chapterFacts("x-test-environment"),
    windows: chapterFacts("x-windows"),
    statusCodes: Object.fromEntries(
      codes.map((c) => [
        c.const,
        { key: c["x-key"], category: c["x-category"], meaning: c.title, description: c.description, returnedFor: c["x-returned-for"] },
      ]),
    ),
    statusCodeByKey: Object.fromEntries(codes.map((c) => [c["x-key"], c.const])),
    invalidParameterStatusCodes: invalidParameterStatusCodes(doc),
    minorUnitExponents: exponents,
    threeDSecureTransStatusOutcomes: transStatusOutcomes,
    paymentMethods: Object.keys(methods),
    paymentMethodsRequiringSigning: methodsMarked("x-requires-signing"),
    paymentMethodsStronglyAuthenticated: methodsMarked("x-strongly-authenticated"),
    paymentMethodFieldsRequiringSigningWhenOmitted: Object.fromEntries(
      Object.entries(methods)
        .map(([name, schema]) => [name, deref<Record<string, unknown>>(doc, schema)["x-requires-signing-when-omitted"]])
        .filter(([, fields]) => fields !== undefined),
    ),
    operations: operationsTable(doc),
    transactionTypeByOperation: transactionTypeByOperation(doc),
  };
};

/** `{operationId: type}` for the operations that make a transaction (`x-transaction-type`). */
function transactionTypeByOperation(doc: OpenApiDocument): Record<string, string> {
  const found: Record<string, string> = {};
  for (const operation of apiOperations(doc)) {
    const type = operation["x-transaction-type"];
    if (type === undefined) continue;
    if (typeof type !== "string")
      throw new Error(`spec-constants: ${String(operation.operationId)} has an x-transaction-type that is not a string`);
    found[String(operation.operationId)] = type;
  }
  if (Object.keys(found).length === 0) throw new Error("spec-constants: no operation carries x-transaction-type");
  return found;
}

/**
 * The merchant API's problems, by schema name: each schema built on `Problem` that fixes its
 * `status` and `title` (`ValidationProblem` is 400 "Validation Error"), or fixes its status and
 * gives an inferred title as an example only (`RateLimitProblem`: a guess describes, it does not
 * reject another title).
 */
function problemKinds(doc: OpenApiDocument): Record<string, { status: number; title: string }> {
  type ProblemSchema = {
    allOf?: { $ref?: string }[];
    properties?: { status?: { const?: number }; title?: { const?: string; examples?: string[] } };
  };
  const schemas = required<Record<string, ProblemSchema>>(doc, "/components/schemas");
  const kinds: Record<string, { status: number; title: string }> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!schema.allOf?.some((part) => part.$ref === "#/components/schemas/Problem")) continue;
    const status = schema.properties?.status?.const;
    const title = schema.properties?.title?.const ?? schema.properties?.title?.examples?.[0];
    if (status !== undefined && title !== undefined) kinds[name] = { status, title };
  }
  if (Object.keys(kinds).length === 0) throw new Error("spec-constants: no problem schema fixes its status and title");
  return kinds;
}

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
  const tokenMediaTypes = [
    ...new Set(
      Object.values(tokenResponses).flatMap((response) =>
        Object.keys(deref<{ content?: Record<string, unknown> }>(doc, response).content ?? {}),
      ),
    ),
  ];
  if (tokenMediaTypes.length === 0) throw new Error("spec-constants: the token endpoint documents no media type");
  const curieHref = required<{ "x-curie-href"?: unknown }>(doc, "/components/schemas/Curie")["x-curie-href"];
  if (typeof curieHref !== "string") throw new Error("spec-constants: Curie has no x-curie-href");
  return {
    servers: serversByEnvironment(doc),
    halMediaType: Object.keys(root.content)[0],
    problemMediaType: Object.keys(rateLimited.content)[0],
    curieName,
    curieHref,
    problemKinds: problemKinds(doc),
    pagination: {
      parameter: perPage.name,
      perPageMinimum: perPage.schema.minimum,
      perPageDefault: perPage.schema.default,
      perPageMaximum: perPage.schema.maximum,
    },
    rateLimitHeaders: Object.keys(rateLimited.headers).filter((name) => /^ratelimit-/i.test(name)),
    tokenMediaTypes,
    relations: relationTargets(doc, curieName ?? ""),
  };
};

/**
 * `{operationId: {method, path}}` for every operation, in the spec's order: a client names an
 * operation and takes its method and path from here (literal types, so openapi-fetch's path
 * typing holds for them).
 */
function operationsTable(doc: OpenApiDocument): Record<string, { method: string; path: string }> {
  return Object.fromEntries(apiOperations(doc).map(({ operationId, method, path }) => [operationId, { method, path }]));
}

type LocatedOperation = Record<string, unknown> & { operationId: string; method: string; path: string };

/** Every operation of the bundle with its method and path, in the spec's order; one without an operationId is an error. */
function apiOperations(doc: OpenApiDocument): LocatedOperation[] {
  const found: LocatedOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const pathItem = deref<Record<string, Record<string, unknown> | undefined>>(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const { operationId } = operation;
      if (typeof operationId !== "string") throw new Error(`spec-constants: ${method.toUpperCase()} ${path} has no operationId`);
      found.push({ ...operation, operationId, method, path });
    }
  }
  return found;
}

/** Every object in the document that has `_links` (HAL representations: the examples). */
function halObjects(node: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) node.forEach((item) => halObjects(item, found));
  else if (node !== null && typeof node === "object") {
    const record = node as Record<string, unknown>;
    if (record._links !== null && typeof record._links === "object") found.push(record._links as Record<string, unknown>);
    Object.values(record).forEach((value) => halObjects(value, found));
  }
  return found;
}

/**
 * Where each of the API's own link relations (`<curie name>:...`) leads, as
 * `{rel: {method: [operationId, ...]}}`, from two facts of the spec: the HAL link objects of its
 * examples (an href that resolves to one of its paths, on its own servers), and its collection
 * answers, whose items are embedded under the relation that leads to the collection. A relation
 * reaches every operation of the path it resolves to; in several contexts (`ch:files` of an
 * application, a person, a dispute), the operations of each. IANA relations (`self`, `next`)
 * lead somewhere different in every resource and are left out.
 */
function relationTargets(doc: OpenApiDocument, curieName: string): Record<string, Record<string, string[]>> {
  // The bundle being generated, not the committed one apiModel() reads.
  const { router } = new ApiModel("merchant", doc);
  const servers = required<{ url: string }[]>(doc, "/servers").map((server) => server.url.replace(/\/+$/, ""));
  const templates = new Map<string, Set<string>>();
  const add = (rel: string, template: string) => {
    if (rel.startsWith(`${curieName}:`)) templates.set(rel, (templates.get(rel) ?? new Set()).add(template));
  };
  for (const links of halObjects(doc)) {
    for (const [rel, value] of Object.entries(links)) {
      for (const link of [value].flat() as { href?: unknown }[]) {
        if (typeof link?.href !== "string") continue;
        const href = link.href.replace(/\{[?&][^{}]*\}/g, ""); // a templated link's query expression
        const server = servers.find((url) => href.startsWith(`${url}/`) || href === url);
        if (server === undefined) continue; // another host (a pre-signed storage address)
        const result = router.match("GET", href.slice(server.length).split(/[?#]/)[0] || "/");
        if (result.kind !== "not-found") add(rel, result.kind === "match" ? result.route.template : result.template);
      }
    }
  }
  for (const route of router.operations.values()) {
    if (route.method !== "GET") continue;
    for (const media of route.responses.get("200")?.media ?? []) {
      for (const layer of schemaLayers(doc, media.schema?.schema)) {
        const embedded = (layer.properties as Record<string, unknown> | undefined)?._embedded;
        for (const part of schemaLayers(doc, embedded)) Object.keys(part.properties ?? {}).forEach((rel) => add(rel, route.template));
      }
    }
  }
  if (templates.size === 0) throw new Error("spec-constants: no link relation resolves to a path of the spec");
  const byMethod = (template: string) => [...router.operations.values()].filter((route) => route.template === template);
  return Object.fromEntries(
    [...templates.keys()].sort().map((rel) => {
      const targets: Record<string, string[]> = {};
      for (const template of templates.get(rel)!) {
        for (const route of byMethod(template)) (targets[route.method.toLowerCase()] ??= []).push(route.operationId);
      }
      return [rel, targets];
    }),
  );
}

const extractors: Record<string, Extractor> = { gateway, merchant };

/** The TypeScript source of generated/<api>/constants.ts, or undefined for an API without runtime facts. */
export function constantsModule(api: string, doc: OpenApiDocument): string | undefined {
  const extract = extractors[api];
  if (!extract) return undefined;
  const facts = extract(doc);
  const lines = Object.entries(facts).map(([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)} as const;`);
  return [`// Generated by \`npm run build\` from openapi/${api}/ (scripts/lib/spec-constants.ts). Do not edit.`, "", ...lines, ""].join(
    "\n",
  );
}
