/**
 * The merchant sandbox: routes from the bundled merchant spec, applies the per-endpoint quota,
 * checks OAuth (client credentials at the token endpoint, bearer tokens elsewhere), validates
 * parameters and bodies with the spec's schemas, and answers with HAL resources and problem
 * details that carry a request id.
 */
import { noFaults, type Faults } from "../faults";
import { curieName, halMediaType } from "../../../generated/merchant/constants";
import { randomUUID } from "node:crypto";
import { deref, loadBundledSpec, type OpenApiDocument } from "../../spec/document";
import { SpecValidator } from "../../spec/ajv";
import type { SandboxClock } from "../clock";
import type { SandboxConfig } from "../config";
import type { Handler, SandboxRequest, SandboxResponse } from "../http";
import { hasOwnServers, SpecRouter, type RoutedOperation } from "../../spec/router";
import { dottedName, RequestValidator, type ParameterError } from "../../spec/request-validation";
import { ResponseValidator } from "../../spec/response-validation";
import { pickDeclared } from "../validation";
import { maskCardNumbers } from "../card-numbers";
import { checkFieldTags, commentableProperties } from "./comments";
import type { FileStore, StoredFile } from "./files";
import { OAuthServer, type OAuthClient } from "./oauth";
import { Cursors, pageOf } from "./pagination";
import { newRequestId, problems, type Errors, type ProblemContext } from "./problems";
import { MAX_RATE_WINDOWS, RateLimiter } from "./rate-limit";
import {
  applicationQuery,
  contractQuery,
  disputeQuery,
  MerchantResources,
  parseQuery,
  transactionQuery,
  type Application,
  type Comment,
  type Contract,
  type Dispute,
  type GatewayResource,
  type Person,
  type Transaction,
} from "./resources";
import { applicationStampsOffered, contractStampEffect, contractStampsOffered, disputeStampEffect, disputeStampsOffered, removableApplicationStamps } from "./stamps";

type Json = Record<string, unknown>;

export interface MerchantSandbox {
  doc: OpenApiDocument;
  router: SpecRouter;
  storageRouter: SpecRouter;
  responses: ResponseValidator;
  handler: Handler;
  resources: MerchantResources;
  oauth: OAuthServer;
  limiter: RateLimiter;
  setBaseUrl(url: string): void;
}

interface Context {
  request: SandboxRequest;
  route: RoutedOperation;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  client?: OAuthClient;
  problem: ProblemContext;
}

/**
 * Errors map of a problem: parameter name (dotted) to messages. Names come from the request
 * (a body's property names), so they are collected in a Map and card numbers in them masked.
 */
function errorsOf(found: ParameterError[], prefix?: string): Errors {
  const errors = new Map<string, string[]>();
  for (const e of found) {
    const name = maskCardNumbers(prefix ?? dottedName(e.path));
    const message = prefix && e.path.length ? `${maskCardNumbers(dottedName(e.path))} ${e.message}` : e.message;
    const messages = errors.get(name);
    if (messages) messages.push(message);
    else errors.set(name, [message]);
  }
  return Object.fromEntries(errors);
}

/** The labels of a person's required identity documents, from the spec's createPersonFile description. */
/** The files a person needs before submission: the spec's `x-required-file-labels` on PersonCreate. */
function requiredPersonFileLabels(doc: OpenApiDocument): string[] {
  const labels = (doc.components?.schemas?.PersonCreate as { "x-required-file-labels"?: unknown } | undefined)?.["x-required-file-labels"];
  if (!Array.isArray(labels) || labels.length === 0 || !labels.every((label) => typeof label === "string")) {
    throw new Error("merchant spec: PersonCreate has no x-required-file-labels");
  }
  return labels as string[];
}

/** The curie link's href, from the spec's Hypermedia chapter. */
function curieHref(doc: OpenApiDocument): string {
  const tags = (doc.tags ?? []) as Array<{ name?: string; description?: string }>;
  const match = /"href": "([^"]*\{rel\})"/.exec(tags.find((t) => t.name === "Hypermedia")?.description ?? "");
  if (!match) throw new Error("merchant spec: cannot read the curie href from the Hypermedia chapter");
  return match[1]!;
}

/** JSON merge of a patch into a copy of the target; nested objects merge property by property. */
function mergePatch(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    const merged = value && typeof value === "object" && !Array.isArray(value) && current && typeof current === "object" ? mergePatch(current as Json, value as Json) : value;
    // Defined, not assigned: a key named `__proto__` must not replace the copy's prototype.
    Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function createMerchantSandbox(config: SandboxConfig["merchant"], clock: SandboxClock, files: FileStore, faults: Faults = noFaults): MerchantSandbox {
  const doc = loadBundledSpec("merchant");
  const validator = new SpecValidator(doc);
  const router = new SpecRouter(doc, { select: (op, item) => !hasOwnServers(op, item) });
  const storageRouter = new SpecRouter(doc, { select: hasOwnServers });
  const requests = new RequestValidator(doc, validator);
  const responses = new ResponseValidator(doc, validator);
  const oauth = new OAuthServer(config.clients, clock, config.tokenTtlSeconds, faults);
  const limiter = new RateLimiter(config.rateLimits, clock, MAX_RATE_WINDOWS, faults);
  const resources = new MerchantResources(clock, config.transactionCount, config.retention, files);
  const cursors = new Cursors();
  const personFileLabels = requiredPersonFileLabels(doc);
  const curies = [{ href: curieHref(doc), templated: true, name: curieName }];
  const specServers = ((doc.servers ?? []) as Array<{ url: string }>).map((s) => s.url);
  let base = "";

  // --- links, built from the spec's path templates --------------------------------------------

  /** Path templates split at their parameters, once per operation: `["/applications/", "application_id", ""]`. */
  const templateParts = new Map<string, string[]>();
  const href = (operationId: string, params: Record<string, string> = {}) => {
    let parts = templateParts.get(operationId);
    if (!parts) {
      parts = router.operation(operationId).template.split(/\{([^}]+)\}/);
      templateParts.set(operationId, parts);
    }
    let out = base;
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : encodeURIComponent(params[parts[i]!] ?? "");
    return out;
  };
  /** The query part of a templated link: the operation's query parameters (the opaque cursor excluded). */
  const templateQueries = new Map<string, string>();
  const templated = (operationId: string, params: Record<string, string> = {}) => {
    let query = templateQueries.get(operationId);
    if (query === undefined) {
      const names = router
        .operation(operationId)
        .parameters.filter((p) => p.in === "query" && p.name !== "next")
        .map((p) => p.name);
      query = names.length ? `{?${names.join(",")}}` : "";
      templateQueries.set(operationId, query);
    }
    return { href: href(operationId, params) + query, templated: true as const };
  };
  const link = (operationId: string, params: Record<string, string> = {}) => ({ href: href(operationId, params) });

  // Tables looked up by names from the request (path segments) are Maps: no inherited entries.

  /** Comment contexts the sandbox models: where the resource is read, and its link relation. */
  const contexts = new Map<string, { rel: string; get: string; param: string; exists: (id: string) => boolean; name: string }>([
    ["applications", { rel: "ch:application", get: "getApplication", param: "application_id", exists: (id) => resources.applications.has(id), name: "an application" }],
    ["people", { rel: "ch:person", get: "getPerson", param: "person_id", exists: (id) => resources.people.has(id), name: "a person" }],
    ["files", { rel: "ch:file", get: "getFile", param: "file_id", exists: (id) => files.get(id) !== undefined, name: "a file" }],
    ["disputes", { rel: "ch:dispute", get: "getDispute", param: "dispute_id", exists: (id) => resources.disputes.has(id), name: "a dispute" }],
    ["gateways", { rel: "ch:gateway", get: "getGateway", param: "gateway_id", exists: (id) => resources.gateways.has(id), name: "a gateway" }],
  ]);
  const commentable = new Map<string, Set<string>>();
  for (const [context, info] of contexts) {
    const response = deref<{ content?: Record<string, { schema?: unknown }> }>(
      doc,
      (router.operation(info.get).operation.responses as Record<string, unknown>)["200"],
    );
    const schema = Object.values(response.content ?? {})[0]?.schema;
    commentable.set(context, commentableProperties(doc, (schema ?? {}) as Json));
  }
  const fileOwners = new Map<string, { rel: string; get: string; param: string }>([
    ["people", { rel: "ch:person", get: "getPerson", param: "person_id" }],
    ["applications", { rel: "ch:application", get: "getApplication", param: "application_id" }],
    ["disputes", { rel: "ch:dispute", get: "getDispute", param: "dispute_id" }],
  ]);

  /** Whether the resource a path parameter names exists (checked before any operation runs). */
  const exists = new Map<string, (id: string, params: Record<string, string>) => boolean>([
    ["application_id", (id) => resources.applications.has(id)],
    ["person_id", (id) => resources.people.has(id)],
    ["file_id", (id) => files.get(id) !== undefined],
    ["dispute_id", (id) => resources.disputes.has(id)],
    ["contract_id", (id) => resources.contracts.has(id)],
    ["gateway_id", (id) => resources.gateways.has(id)],
    ["comment_id", (id) => resources.comments.has(id)],
    ["context_id", (id, params) => contexts.get(params.context ?? "")?.exists(id) ?? false],
  ]);

  // --- representations --------------------------------------------------------------------------

  const applicationRep = (app: Application): Json => {
    const p = { application_id: app.id };
    const self = href("getApplication", p);
    const offered = applicationStampsOffered(app);
    return {
      ...(app.signer ? { signer: app.signer } : {}),
      business_model: app.business_model,
      ...(app.additional_information !== undefined ? { additional_information: app.additional_information } : {}),
      metadata: { state: app.state, created_at: new Date(app.createdAt).toISOString() },
      _links: {
        self: { href: self },
        // Related resources the spec names but does not describe (not served by the sandbox).
        "ch:contact": { href: `${self}/contact` },
        "ch:company": { href: `${self}/company` },
        "ch:bank-account": { href: `${self}/bank_account` },
        "ch:websites": { href: `${self}/websites` },
        "ch:collaborators": { href: `${self}/collaborators` },
        "ch:record": { href: `${base}/records/${encodeURIComponent(app.id)}` },
        "ch:comments": templated("listComments", { context: "applications", context_id: app.id }),
        "ch:files": templated("listApplicationFiles", p),
        "ch:gateways": templated("listApplicationGateways", p),
        "ch:people": templated("listPeople", p),
        ...(resources.contractsOf(app.id).length ? { "ch:contracts": templated("listContracts", p) } : {}),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: href("addApplicationStamp", { ...p, stamp_name: name }) })) } : {}),
        curies,
      },
    };
  };

  const personRep = (person: Person): Json => ({
    ...person.properties,
    _links: {
      self: link("getPerson", { person_id: person.id }),
      "ch:application": link("getApplication", { application_id: person.applicationId }),
      "ch:comments": templated("listComments", { context: "people", context_id: person.id }),
      "ch:files": templated("listPersonFiles", { person_id: person.id }),
      curies,
    },
  });

  const fileRep = (file: StoredFile): Json => {
    const owner = fileOwners.get(file.owner.kind)!;
    return {
      label: file.label,
      name: file.name,
      content_type: file.content_type,
      ...(file.size !== undefined ? { size: file.size } : {}),
      _links: {
        self: link("getFile", { file_id: file.id }),
        "ch:data": [
          { name: "upload", href: files.uploadUrl(file) },
          { name: "download", href: href("downloadFileContent", { file_id: file.id }) },
        ],
        [owner.rel]: link(owner.get, { [owner.param]: file.owner.id }),
        "ch:comments": templated("listComments", { context: "files", context_id: file.id }),
        curies,
      },
    };
  };

  const gatewayRep = (gateway: GatewayResource, app?: Application): Json => {
    const selected = app?.selectedGateways.has(gateway.id) ?? false;
    return {
      id: gateway.id,
      name: gateway.name,
      _links: {
        self: link("getGateway", { gateway_id: gateway.id }),
        ...(app && !selected && app.state === "unsubmitted"
          ? { "ch:selection": link("selectApplicationGateway", { application_id: app.id, gateway_id: gateway.id }) }
          : {}),
        ...(selected ? { "ch:comments": templated("listComments", { context: "gateways", context_id: gateway.id }) } : {}),
        curies,
      },
    };
  };

  const disputeRep = (dispute: Dispute): Json => {
    const { transactionId, ...fields } = dispute;
    const offered = disputeStampsOffered(dispute.status);
    return {
      ...fields,
      _links: {
        self: link("getDispute", { dispute_id: dispute.id }),
        // The spec names these relations but describes no operation behind them.
        "ch:transaction": { href: `${href("listTransactions")}/${encodeURIComponent(transactionId)}` },
        "ch:account": { href: `${base}/accounts/sandbox` },
        "ch:files": templated("listDisputeFiles", { dispute_id: dispute.id }),
        "ch:comments": templated("listComments", { context: "disputes", context_id: dispute.id }),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: href("addDisputeStamp", { dispute_id: dispute.id, stamp_name: name }) })) } : {}),
        curies,
      },
    };
  };

  const contractRep = (contract: Contract): Json => {
    const offered = contractStampsOffered(contract.state);
    return {
      state: contract.state,
      merchant_id: contract.merchant_id,
      effective_on: contract.effective_on,
      _links: {
        self: link("getContract", { contract_id: contract.id }),
        "ch:application": link("getApplication", { application_id: contract.applicationId }),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: href("addContractStamp", { contract_id: contract.id, stamp_name: name }) })) } : {}),
        curies,
      },
    };
  };

  const commentRep = (comment: Comment): Json => {
    const context = contexts.get(comment.context)!;
    return {
      id: comment.id,
      body: comment.body,
      created_at: new Date(comment.createdAt).toISOString(),
      ...(comment.tags ? { tags: comment.tags } : {}),
      _embedded: { author: comment.author },
      _links: {
        self: link("getComment", { comment_id: comment.id }),
        [context.rel]: link(context.get, { [context.param]: comment.contextId }),
        curies,
      },
    };
  };

  const transactionSelf = new Map<string, string>();
  const transactionRep = (t: Transaction): Json => {
    let self = transactionSelf.get(t.id);
    if (self === undefined) {
      self = `${href("listTransactions")}/${encodeURIComponent(t.id)}`;
      transactionSelf.set(t.id, self);
    }
    return { id: t.id, amount: t.amount, currency: t.currency, type: t.type, status: t.status, _links: { self: { href: self } } };
  };

  // --- responses ----------------------------------------------------------------------------------

  const hal = (ctx: Context, status: number, body: Json, extra: Record<string, string> = {}): SandboxResponse => ({
    status,
    headers: { ...ctx.problem.headers, ...extra, "content-type": halMediaType },
    body,
  });
  const created = (ctx: Context, body: Json) => hal(ctx, 201, body, { location: ((body._links as Json).self as { href: string }).href });
  const noContent = (ctx: Context, extra: Record<string, string> = {}): SandboxResponse => ({ status: 204, headers: { ...ctx.problem.headers, ...extra } });
  /** The media type the spec documents for an operation's response (OAuth endpoints: plain JSON). */
  const documentedType = (route: RoutedOperation, status: number): string => {
    const response = deref<{ content?: Json }>(doc, (route.operation.responses as Json)[String(status)]);
    return Object.keys(response.content ?? {})[0] ?? halMediaType;
  };
  /** The media type of a documented answer whose body is the named schema (the spec documents some answers in two forms). */
  const mediaTypeWithSchema = (route: RoutedOperation, status: number, schemaName: string): string => {
    const response = deref<{ content?: Record<string, { schema?: { $ref?: string } }> }>(doc, (route.operation.responses as Json)[String(status)]);
    const entry = Object.entries(response.content ?? {}).find(([, media]) => media.schema?.$ref === `#/components/schemas/${schemaName}`);
    if (!entry) throw new Error(`merchant spec: ${route.operationId} ${status} documents no ${schemaName} body`);
    return entry[0];
  };
  // Token errors in the RFC 6749 form ({error, error_description}), the form the live service uses.
  const oauthError = (ctx: Context, status: 400 | 401, error: string, description: string): SandboxResponse => {
    const errorRoute = router.operation("createToken");
    return {
      status,
      headers: {
        ...ctx.problem.headers,
        "content-type": mediaTypeWithSchema(errorRoute, status, "OAuthError"),
        "cache-control": "no-store",
        ...(status === 401 ? { "www-authenticate": 'Basic realm="oauth"' } : {}),
      },
      body: { error, error_description: maskCardNumbers(description) },
    };
  };

  const collection = (
    ctx: Context,
    rel: string,
    all: Json[],
    selfUrl: string,
    extraLinks: Json = {},
    options: { last?: boolean } = {},
  ): SandboxResponse => {
    const keep = typeof ctx.query.query === "string" ? { query: ctx.query.query } : undefined;
    const page = pageOf(all, selfUrl, { page: ctx.query.page as number | undefined, per_page: ctx.query.per_page as number | undefined, keep }, options);
    return hal(ctx, 200, {
      count: page.count,
      page: page.page,
      per_page: page.per_page,
      _links: { ...page.links, ...extraLinks, curies },
      _embedded: { [rel]: page.items },
    });
  };

  const queried = <T>(ctx: Context, supported: Parameters<typeof parseQuery<T>>[1], accepted: string[], items: T[]): T[] | SandboxResponse => {
    const parsed = parseQuery<T>(ctx.query.query as string | undefined, supported, accepted);
    if (!parsed.ok) return problems.validation(ctx.problem, { query: [parsed.message] }, "The query is malformed.");
    return items.filter(parsed.predicate);
  };

  // --- operations ----------------------------------------------------------------------------------

  const submissionGaps = (app: Application): Errors => {
    const errors: Errors = {};
    const signer = app.signer ?? {};
    if (!signer.name) errors["signer.name"] = ["is required to submit the application"];
    if (!signer.email) errors["signer.email"] = ["is required to submit the application"];
    if (app.selectedGateways.size === 0) errors.gateways = ["select a gateway (ch:gateways, ch:selection)"];
    const people = resources.peopleOf(app.id);
    if (people.length === 0) errors.people = ["add at least one person (ch:people)"];
    for (const person of people) {
      const uploaded = files.ownedBy({ kind: "people", id: person.id }).filter((f) => f.content !== undefined);
      const missing = personFileLabels.filter((label) => !uploaded.some((f) => f.label === label));
      if (missing.length) errors[`people.${person.id}.files`] = missing.map((label) => `a file labelled ${label} with uploaded content is required`);
    }
    return errors;
  };

  const operations: Record<string, (ctx: Context) => SandboxResponse> = {
    getRoot: (ctx) =>
      hal(ctx, 200, {
        _links: {
          self: link("getRoot"),
          "oauth2-token": link("createToken"),
          "ch:applications": templated("listApplications"),
          "ch:transactions": templated("listTransactions"),
          "ch:disputes": templated("listDisputes"),
          curies,
        },
      }),

    createToken: (ctx) => {
      const body = ctx.body as { audience: string };
      const issued = oauth.issue(ctx.client!, body.audience, [base, ...specServers]);
      if (!issued.ok) return oauthError(ctx, issued.status, issued.error, issued.description);
      return {
        status: 200,
        headers: { ...ctx.problem.headers, "content-type": documentedType(ctx.route, 200), "cache-control": "no-store" },
        body: { access_token: issued.accessToken, token_type: "Bearer", expires_in: issued.expiresIn, _links: { "ch:root": link("getRoot") } },
      };
    },

    registerClient: (ctx) => {
      const client = oauth.register(pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Parameters<OAuthServer["register"]>[0]);
      const self = `${href("registerClient")}/${encodeURIComponent(client.client_id)}`;
      return {
        status: 201,
        headers: { ...ctx.problem.headers, "content-type": documentedType(ctx.route, 201), location: self },
        body: { ...client, _links: { self: { href: self }, curies } },
      };
    },

    listTransactions: (ctx) => {
      const items = queried(ctx, transactionQuery, ["date", "country"], resources.transactions);
      if (!Array.isArray(items)) return items;
      const query = (ctx.query.query as string | undefined) ?? "";
      let offset = 0;
      if (ctx.query.next !== undefined) {
        const decoded = cursors.decode(String(ctx.query.next), query);
        if (decoded === undefined) return problems.validation(ctx.problem, { next: ["is not a cursor of this collection; follow the next link as given"] });
        offset = decoded;
      }
      const page = cursors.page(items, href("listTransactions"), { per_page: ctx.query.per_page as number | undefined, query: ctx.query.query as string | undefined, offset });
      return hal(ctx, 200, { per_page: page.per_page, _links: { ...page.links, curies }, _embedded: { "ch:transactions": page.items.map(transactionRep) } });
    },

    listApplications: (ctx) => {
      const items = queried(ctx, applicationQuery, [], [...resources.applications.values()]);
      if (!Array.isArray(items)) return items;
      return collection(ctx, "ch:applications", items.map(applicationRep), href("listApplications"));
    },
    createApplication: (ctx) => {
      const fields = pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Pick<Application, "signer" | "business_model" | "additional_information">;
      return created(ctx, applicationRep(resources.createApplication(fields)));
    },
    getApplication: (ctx) => hal(ctx, 200, applicationRep(resources.applications.get(ctx.params.application_id!)!)),
    updateApplication: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id!)!;
      const patch = pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Json;
      const merged = mergePatch({ signer: app.signer, business_model: app.business_model, additional_information: app.additional_information }, patch);
      // The spec: the merged application must still satisfy the create rules. Checked before
      // anything is stored, so a refused PATCH leaves the application as it was.
      const refusal = createRulesRefusal(ctx, merged);
      if (refusal) return refusal;
      app.signer = merged.signer as Json | undefined;
      app.business_model = merged.business_model as Json;
      app.additional_information = merged.additional_information as string | undefined;
      return hal(ctx, 200, applicationRep(app));
    },
    addApplicationStamp: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id!)!;
      const name = ctx.params.stamp_name!;
      if (app.stamps.has(name)) return noContent(ctx); // idempotent
      if (!applicationStampsOffered(app).includes(name)) return problems.conflict(ctx.problem, `The stamp '${name}' is not offered in the application's current state.`);
      if (name === "submitted") {
        const gaps = submissionGaps(app);
        if (Object.keys(gaps).length) return problems.conflict(ctx.problem, "The application does not hold all necessary data yet.", gaps);
        app.state = "submitted";
        resources.createContract(app.id);
      }
      app.stamps.add(name);
      return noContent(ctx);
    },
    removeApplicationStamp: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id!)!;
      const name = ctx.params.stamp_name!;
      if (!removableApplicationStamps.has(name)) return problems.conflict(ctx.problem, `The stamp '${name}' cannot be removed.`);
      app.stamps.delete(name);
      return noContent(ctx);
    },
    listApplicationGateways: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id!)!;
      const all = [...resources.gateways.values()];
      const page = pageOf(all, href("listApplicationGateways", ctx.params), {
        page: ctx.query.page as number | undefined,
        per_page: ctx.query.per_page as number | undefined,
      });
      return hal(ctx, 200, {
        count: page.count,
        page: page.page,
        per_page: page.per_page,
        _links: { ...page.links, "ch:application": link("getApplication", ctx.params), curies },
        _embedded: {
          "ch:gateways": page.items.filter((g) => app.selectedGateways.has(g.id)).map((g) => gatewayRep(g, app)),
          // Selectable only while the selection can change: each one then carries its ch:selection link.
          selectable: app.state === "unsubmitted" ? page.items.filter((g) => !app.selectedGateways.has(g.id)).map((g) => gatewayRep(g, app)) : [],
        },
      });
    },
    selectApplicationGateway: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id!)!;
      const gatewayId = ctx.params.gateway_id!;
      if (app.selectedGateways.has(gatewayId)) return noContent(ctx);
      if (app.state !== "unsubmitted") return problems.conflict(ctx.problem, "The gateway selection cannot change after submission.");
      app.selectedGateways.add(gatewayId);
      return noContent(ctx);
    },
    listPeople: (ctx) =>
      collection(ctx, "ch:people", resources.peopleOf(ctx.params.application_id!).map(personRep), href("listPeople", ctx.params), {
        "ch:application": link("getApplication", ctx.params),
      }),
    createPerson: (ctx) => {
      const person: Person = {
        id: randomUUID(),
        applicationId: ctx.params.application_id!,
        properties: pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Json,
      };
      resources.people.set(person.id, person);
      return created(ctx, personRep(person));
    },
    getPerson: (ctx) => hal(ctx, 200, personRep(resources.people.get(ctx.params.person_id!)!)),
    updatePerson: (ctx) => {
      const person = resources.people.get(ctx.params.person_id!)!;
      person.properties = mergePatch(person.properties, pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Json);
      return hal(ctx, 200, personRep(person));
    },
    deletePerson: (ctx) => {
      const id = ctx.params.person_id!;
      for (const file of files.ownedBy({ kind: "people", id })) files.delete(file.id);
      resources.people.delete(id);
      return noContent(ctx);
    },

    // Files: metadata here, content on the storage host.
    listPersonFiles: (ctx) => fileList(ctx, "people", ctx.params.person_id!),
    createPersonFile: (ctx) => fileCreate(ctx, "people", ctx.params.person_id!),
    listApplicationFiles: (ctx) => fileList(ctx, "applications", ctx.params.application_id!),
    createApplicationFile: (ctx) => fileCreate(ctx, "applications", ctx.params.application_id!),
    listDisputeFiles: (ctx) => fileList(ctx, "disputes", ctx.params.dispute_id!),
    createDisputeFile: (ctx) => fileCreate(ctx, "disputes", ctx.params.dispute_id!),
    getFile: (ctx) => hal(ctx, 200, fileRep(files.get(ctx.params.file_id!)!)),
    updateFile: (ctx) => {
      const file = files.get(ctx.params.file_id!)!;
      const patch = pickDeclared(doc, requestSchema(ctx.route), ctx.body) as Partial<StoredFile>;
      if (patch.name !== undefined) file.name = patch.name;
      if (patch.content_type !== undefined) file.content_type = patch.content_type;
      if (patch.size !== undefined) file.size = patch.size;
      return hal(ctx, 200, fileRep(file));
    },
    deleteFile: (ctx) => {
      files.delete(ctx.params.file_id!);
      return noContent(ctx);
    },
    downloadFileContent: (ctx) => {
      const file = files.get(ctx.params.file_id!)!;
      if (!file.content) return problems.notFound(ctx.problem, "No content has been uploaded for this file yet.");
      // An upload declared as text/html must not render as a page of the API's origin: download only.
      const disposition = `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
      return { status: 200, headers: { ...ctx.problem.headers, "content-type": file.content_type, "content-disposition": disposition }, body: file.content };
    },

    listContracts: (ctx) => {
      const items = queried(ctx, contractQuery, [], resources.contractsOf(ctx.params.application_id!));
      if (!Array.isArray(items)) return items;
      return collection(ctx, "ch:contracts", items.map(contractRep), href("listContracts", ctx.params), {}, { last: false });
    },
    getContract: (ctx) => hal(ctx, 200, contractRep(resources.contracts.get(ctx.params.contract_id!)!)),
    addContractStamp: (ctx) => {
      const contract = resources.contracts.get(ctx.params.contract_id!)!;
      const name = ctx.params.stamp_name!;
      if (!contractStampsOffered(contract.state).includes(name)) {
        return problems.conflict(ctx.problem, `The stamp '${name}' is not offered in the contract's state '${contract.state}'.`);
      }
      const note = (ctx.body as { note?: string } | undefined)?.note;
      if (note) contract.notes.push(note);
      contract.state = contractStampEffect.get(name) ?? contract.state;
      return noContent(ctx);
    },

    listDisputes: (ctx) => {
      const items = queried(ctx, disputeQuery, ["due", "due_at", "opened", "opened_at"], [...resources.disputes.values()]);
      if (!Array.isArray(items)) return items;
      return collection(ctx, "ch:disputes", items.map(disputeRep), href("listDisputes"));
    },
    getDispute: (ctx) => hal(ctx, 200, disputeRep(resources.disputes.get(ctx.params.dispute_id!)!)),
    addDisputeStamp: (ctx) => {
      const dispute = resources.disputes.get(ctx.params.dispute_id!)!;
      const name = ctx.params.stamp_name!;
      if (!disputeStampsOffered(dispute.status).includes(name)) {
        return problems.conflict(ctx.problem, `The stamp '${name}' is not offered for a dispute with status '${dispute.status}'.`);
      }
      if (name === "refuted" && !files.ownedBy({ kind: "disputes", id: dispute.id }).some((f) => f.content !== undefined)) {
        return problems.conflict(ctx.problem, "Attach evidence before refuting the dispute.", {
          files: ["upload at least one evidence file (ch:files, then its upload link)"],
        });
      }
      dispute.status = disputeStampEffect.get(name) ?? dispute.status;
      return noContent(ctx);
    },

    getGateway: (ctx) => hal(ctx, 200, gatewayRep(resources.gateways.get(ctx.params.gateway_id!)!)),

    listComments: (ctx) => {
      const { context, context_id } = ctx.params as { context: string; context_id: string };
      const info = contexts.get(context)!;
      return collection(ctx, "ch:comments", resources.commentsOn(context, context_id).map(commentRep), href("listComments", ctx.params), {
        [info.rel]: link(info.get, { [info.param]: context_id }),
      });
    },
    createComment: (ctx) => {
      const { context, context_id } = ctx.params as { context: string; context_id: string };
      const body = ctx.body as { body: string; tags?: string[] };
      const refusal = checkFieldTags(body.tags, commentable.get(context) ?? new Set(), contexts.get(context)!.name);
      if (refusal) return problems.validation(ctx.problem, { tags: [refusal] }, "The comment's tags are not acceptable.");
      const comment: Comment = {
        id: randomUUID(),
        context,
        contextId: context_id,
        body: body.body,
        ...(body.tags ? { tags: body.tags } : {}),
        createdAt: clock.now(),
        author: { ...(ctx.client?.client_name ? { name: ctx.client.client_name } : {}), ...(ctx.client?.contacts?.[0] ? { email: ctx.client.contacts[0] } : {}) },
      };
      resources.comments.set(comment.id, comment);
      return created(ctx, commentRep(comment));
    },
    getComment: (ctx) => hal(ctx, 200, commentRep(resources.comments.get(ctx.params.comment_id!)!)),
  };

  function requestContent(route: RoutedOperation): Record<string, { schema?: unknown }> {
    return deref<{ content?: Record<string, { schema?: unknown }> }>(doc, route.operation.requestBody).content ?? {};
  }

  function requestSchema(route: RoutedOperation): Json {
    return (Object.values(requestContent(route))[0]?.schema ?? {}) as Json;
  }

  /**
   * Whether an application (a merged PATCH) breaks the create rules: the create operation's own
   * request validation runs over it, so the answer is the 400 a create with that body gets.
   */
  function createRulesRefusal(ctx: Context, application: Json): SandboxResponse | undefined {
    const create = router.operation("createApplication");
    const mediaType = Object.keys(requestContent(create))[0];
    const checked = requests.body(create, mediaType, Buffer.from(JSON.stringify(application)));
    if (checked.kind === "ok") return undefined;
    if (checked.kind === "invalid") return problems.validation(ctx.problem, errorsOf(checked.errors));
    throw new Error(`merchant sandbox: the create rules cannot be applied to a merged application (${checked.kind})`);
  }

  function fileList(ctx: Context, kind: string, id: string): SandboxResponse {
    const owner = fileOwners.get(kind)!;
    return collection(ctx, "ch:files", files.ownedBy({ kind, id }).map(fileRep), href(ctx.route.operationId, ctx.params), {
      [owner.rel]: link(owner.get, { [owner.param]: id }),
    });
  }

  function fileCreate(ctx: Context, kind: string, id: string): SandboxResponse {
    const fields = pickDeclared(doc, requestSchema(ctx.route), ctx.body) as { label: string; name?: string; content_type: string; size?: number };
    return created(ctx, fileRep(files.create({ kind, id }, fields)));
  }

  // --- the request pipeline -------------------------------------------------------------------

  /** The caller's OAuth client: HTTP Basic client authentication at the token endpoint, its bearer token elsewhere. */
  const authenticate = (request: SandboxRequest, isTokenEndpoint: boolean): { ok: true; client: OAuthClient } | { ok: false; detail: string } => {
    if (!isTokenEndpoint) return oauth.bearer(request.headers.authorization);
    const client = oauth.authenticateClient(request.headers.authorization);
    return client ? { ok: true, client } : { ok: false, detail: "Client authentication failed: send HTTP Basic client_id:client_secret." };
  };

  const handler: Handler = (request) => {
    const requestId = newRequestId();
    const bare: ProblemContext = { requestId, headers: { "request-id": requestId } };
    const { route } = request;
    if (route.kind === "not-found") return problems.notFound(bare);
    if (route.kind === "method-not-allowed") return problems.methodNotAllowed(bare, route.allow);
    const operation = route.route;

    // Authenticate first, so the quota is taken from the caller's canonical identity: the
    // OAuth client (Basic client authentication at the token endpoint, the bearer token's
    // client elsewhere), or the address for a caller that failed authentication. Every
    // answer from here on, 401 included, carries the quota headers.
    const isTokenEndpoint = operation.template === router.operation("createToken").template;
    const authenticated = authenticate(request, isTokenEndpoint);
    const rate = limiter.take(operation.operationId, authenticated.ok ? { client: authenticated.client.client_id } : { address: request.remoteAddress });
    const problem: ProblemContext = { requestId, headers: { ...bare.headers, ...rate.headers } };
    if (!rate.allowed) return problems.tooManyRequests(problem, rate.resetSeconds);
    const ctxBase = { request, route: operation, params: route.params, query: {}, body: undefined, problem } as Context;
    if (!authenticated.ok) {
      return isTokenEndpoint
        ? oauthError(ctxBase, 401, "invalid_client", authenticated.detail)
        : problems.unauthorized(problem, href("createToken"), authenticated.detail);
    }
    const client = authenticated.client;

    const parameters = requests.parameters(operation, route.params, request.url.searchParams);
    if (parameters.errors.some((e) => e.in === "path")) return problems.notFound(problem);
    for (const [name, value] of Object.entries(route.params)) {
      const found = exists.get(name);
      if (found && !found(value, route.params)) return problems.notFound(problem);
    }
    if (parameters.errors.length) {
      return problems.validation(problem, Object.fromEntries(parameters.errors.flatMap((e) => Object.entries(errorsOf(e.errors, e.name)))));
    }

    if (operation.method === "OPTIONS") {
      let allow = router.methodsOf(operation.template);
      if (route.params.stamp_name && !removableApplicationStamps.has(route.params.stamp_name)) allow = allow.filter((m) => m !== "DELETE");
      return { status: 204, headers: { ...problem.headers, allow: allow.join(", ") } };
    }

    let body: unknown;
    if (request.tooLarge) {
      const message = `is too large (at most ${config.maxBodyBytes} bytes)`;
      return isTokenEndpoint ? oauthError(ctxBase, 400, "invalid_request", `The body ${message}.`) : problems.validation(problem, { body: [message] });
    }
    const decoded = requests.body(operation, request.headers["content-type"], request.rawBody);
    if (decoded.kind === "unsupported-media-type") {
      const message = `must be ${decoded.accepted.join(" or ")}`;
      return isTokenEndpoint ? oauthError(ctxBase, 400, "invalid_request", `Content-Type ${message}.`) : problems.validation(problem, { "Content-Type": [message] });
    }
    if (decoded.kind === "malformed") {
      return isTokenEndpoint ? oauthError(ctxBase, 400, "invalid_request", decoded.reason) : problems.validation(problem, { body: [decoded.reason] });
    }
    if (decoded.kind === "invalid") {
      if (isTokenEndpoint) {
        const first = decoded.errors[0]!;
        const unsupportedGrant = first.path[0] === "grant_type" && first.keyword === "const";
        return oauthError(ctxBase, 400, unsupportedGrant ? "unsupported_grant_type" : "invalid_request", `parameter '${dottedName(first.path)}' ${first.message}`);
      }
      return problems.validation(problem, errorsOf(decoded.errors));
    }
    body = decoded.value;

    const run = operations[operation.operationId];
    if (!run) return problems.notFound(problem, "The sandbox does not implement this operation.");
    return run({ request, route: operation, params: route.params, query: parameters.values, body, client, problem });
  };

  return {
    doc,
    router,
    storageRouter,
    responses,
    handler,
    resources,
    oauth,
    limiter,
    setBaseUrl(url: string) {
      base = url;
    },
  };
}

