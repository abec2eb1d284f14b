/**
 * The merchant sandbox's request pipeline: authentication (client credentials at the token
 * endpoint, bearer tokens elsewhere), the per-endpoint quota, path and query parameters (the
 * resources they name must exist), OPTIONS with its `Allow`, the body checked against the
 * spec's schema, and dispatch to the handler of the operation.
 */
import { checkBody, checkParameters } from "../../openapi-model/check-request";
import type { OperationRecord } from "../../openapi-model/model-records";
import type { SpecRouter } from "../../openapi-model/router";
import type { ApiModel } from "../../openapi-model/operation-model";
import { dottedName } from "../../openapi-model/validation-errors";
import type { SandboxRequest, SandboxResponse } from "../listener/messages";
import { handlerOf, type Operations, type ValidatedCall } from "./handlers/operation";
import { errorsOf, type Answers, type CollectionQuery, type Refusing } from "./http/answers";
import type { Lookups, Reader } from "./http/contexts";
import type { MerchantLinks } from "./http/links";
import { newRequestId, problems, withHeaders, type ProblemContext } from "./http/problems";
import type { OAuthClient, OAuthServer } from "./records/oauth";
import type { RateLimiter } from "./records/rate-limit";
import type { Schemas } from "./records/spec-types";
import { removableApplicationStamps } from "./records/stamps";
import { noInterventions, type ApiHandler } from "../cross-api/interventions";

/** What the pipeline uses: the spec, who may call and how often, what path parameters name, and how to answer. */
export interface PipelineParts {
  model: ApiModel;
  router: SpecRouter;
  oauth: OAuthServer;
  limiter: RateLimiter;
  /** The reader of each collection, by its path segment (what path parameters name). */
  readers: ReadonlyMap<string, Reader>;
  /** Whether a resource exists, by the operation that reads it. */
  lookups: Lookups;
  links: MerchantLinks;
  answers: Answers;
  /** The largest request body read (`merchant.maxBodyBytes`). */
  maxBodyBytes: number;
}

type Checked<T> = { ok: true; value: T } | { ok: false; refusal: SandboxResponse };

/** A routed request on its way through the pipeline. */
interface Admission extends Refusing {
  request: SandboxRequest;
  client: OAuthClient;
  route: OperationRecord;
  params: Record<string, string>;
}

/**
 * Whether every resource the path names exists (checked before any operation runs). An id
 * parameter names a resource of the collection written before it (`/applications/{application_id}`)
 * or named by the parameter before it (`/{context}/{context_id}`), looked up through that
 * collection's reader. A collection named by the request that the sandbox cannot read is not
 * found; a literal segment without a reader (`stamps/{stamp_name}`) names no stored resource.
 * Each lookup is made with the caller's merchant: another merchant's resource does not exist here.
 */
function resourcesExist(
  { readers, lookups }: Pick<PipelineParts, "readers" | "lookups">,
  route: OperationRecord,
  params: Record<string, string>,
  merchant: string,
): boolean {
  const { segments } = route;
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i]!;
    const before = segments[i - 1]!;
    if (!("param" in segment)) continue;
    const collection = "literal" in before ? before.literal : params[before.param];
    const reader = collection === undefined ? undefined : readers.get(collection);
    const exists = reader ? lookups[reader.get] : undefined;
    if (exists ? !exists(params[segment.param] ?? "", merchant) : "param" in before) return false;
  }
  return true;
}

/** The caller's OAuth client: HTTP Basic client authentication at the token endpoint, its bearer token elsewhere. */
function authenticate(
  oauth: OAuthServer,
  request: SandboxRequest,
  tokenEndpoint: boolean,
): { ok: true; client: OAuthClient } | { ok: false; detail: string } {
  if (!tokenEndpoint) return oauth.bearer(request.headers.authorization);
  return oauth.authenticateClient(request.headers.authorization);
}

/**
 * Authenticates first, so the quota is taken from the caller's canonical identity: the OAuth
 * client (Basic client authentication at the token endpoint, the bearer token's client
 * elsewhere), or the address for a caller that failed authentication. Every answer from here
 * on, 401 included, carries the quota headers.
 */
function admit(
  parts: PipelineParts,
  request: SandboxRequest,
  match: { route: OperationRecord; params: Record<string, string> },
  bare: ProblemContext,
  tokenTemplate: string,
) {
  const { route, params } = match;
  const tokenEndpoint = route.template === tokenTemplate;
  const authenticated = authenticate(parts.oauth, request, tokenEndpoint);
  const rate = parts.limiter.take(
    route.operationId,
    authenticated.ok ? { client: authenticated.client.client_id } : { address: request.remoteAddress },
  );
  const problem: ProblemContext = { requestId: bare.requestId, headers: withHeaders(bare.headers, rate.headers) };
  const refusing: Refusing = { route, problem, tokenEndpoint };
  if (!rate.allowed) return { ok: false as const, refusal: problems.tooManyRequests(problem, rate.resetSeconds) };
  if (!authenticated.ok) return { ok: false as const, refusal: parts.answers.authenticationRefusal(refusing, authenticated.detail) };
  const admission: Admission = { ...refusing, request, params, client: authenticated.client };
  return { ok: true as const, admission };
}

/** Path and query parameters: a malformed path parameter or a missing resource is 404, a bad query 400. */
function checkedQuery(parts: PipelineParts, call: Admission): Checked<CollectionQuery> {
  const parameters = checkParameters(parts.model, call.route, call.params, () => call.request.url.searchParams);
  if (parameters.errors.some((e) => e.in === "path")) return { ok: false, refusal: problems.notFound(call.problem) };
  if (!resourcesExist(parts, call.route, call.params, call.client.merchant)) return { ok: false, refusal: problems.notFound(call.problem) };
  if (parameters.errors.length) {
    const errors = Object.fromEntries(parameters.errors.flatMap((e) => Object.entries(errorsOf(e.errors, e.name))));
    return { ok: false, refusal: problems.validation(call.problem, errors) };
  }
  return { ok: true, value: parameters.values };
}

/** OPTIONS: the methods of the address; DELETE on an application stamp only where the stamp can be removed. */
function options({ answers, links, router }: PipelineParts, call: Admission): SandboxResponse {
  let allow = router.methodsOf(call.route.template);
  const removal = router.operation("removeApplicationStamp");
  const stamp = call.params[links.pathParameters("removeApplicationStamp").at(-1)!];
  if (call.route.template === removal.template && stamp !== undefined && !removableApplicationStamps.has(stamp))
    allow = allow.filter((m) => m !== removal.method);
  return answers.success(call, undefined, { allow: allow.join(", ") });
}

/** The body, decoded and valid against the operation's schema, or the refusal of the token endpoint's or the API's form. */
function decodeBody({ answers, maxBodyBytes, model }: PipelineParts, call: Admission): Checked<unknown> {
  const { request } = call;
  if (request.tooLarge) {
    const message = `is too large (at most ${maxBodyBytes} bytes)`;
    return { ok: false, refusal: answers.inputRefusal(call, { body: [message] }, { description: `The body ${message}.` }) };
  }
  const decoded = checkBody(model, call.route, request.headers["content-type"], request.rawBody);
  switch (decoded.kind) {
    case "ok":
      return { ok: true, value: decoded.value };
    case "unsupported-media-type": {
      const message = `must be ${decoded.accepted.join(" or ")}`;
      return { ok: false, refusal: answers.inputRefusal(call, { "Content-Type": [message] }, { description: `Content-Type ${message}.` }) };
    }
    case "malformed":
      return { ok: false, refusal: answers.inputRefusal(call, { body: [decoded.reason] }, { description: decoded.reason }) };
    case "invalid": {
      const first = decoded.errors[0]!;
      const grantType: keyof Schemas["TokenRequest"] = "grant_type";
      const unsupportedGrant = first.path[0] === grantType && first.keyword === "const";
      const oauth = {
        error: unsupportedGrant ? "unsupported_grant_type" : "invalid_request",
        description: `parameter '${dottedName(first.path)}' ${first.message}`,
      };
      return { ok: false, refusal: answers.inputRefusal(call, errorsOf(decoded.errors), oauth) };
    }
  }
}

export function merchantPipeline(parts: PipelineParts, operations: Operations): ApiHandler {
  const tokenTemplate = parts.router.operation("createToken").template;
  return (request, interventions = noInterventions) => {
    const requestId = newRequestId();
    const bare: ProblemContext = { requestId, headers: { "request-id": requestId } };
    const { route } = request;
    if (route.kind === "not-found") return problems.notFound(bare);
    if (route.kind === "method-not-allowed") return problems.methodNotAllowed(bare, route.allow);
    const admitted = admit(parts, request, route, bare, tokenTemplate);
    if (!admitted.ok) return admitted.refusal;
    const call = admitted.admission;
    const query = checkedQuery(parts, call);
    if (!query.ok) return query.refusal;
    if (call.route.method === "OPTIONS") return options(parts, call);
    const body = decodeBody(parts, call);
    if (!body.ok) return body.refusal;
    const validated: ValidatedCall = {
      request,
      route: call.route,
      params: call.params,
      query: query.value,
      body: body.value,
      client: call.client,
      problem: call.problem,
    };
    const run = handlerOf(operations, validated);
    if (!run) return problems.notFound(call.problem, "The sandbox does not implement this operation.");
    const intervention = interventions({
      operationId: call.route.operationId,
      account: call.client.merchant,
      params: call.params,
      contentType: request.headers["content-type"],
      rawBody: request.rawBody,
    });
    if (intervention && "answer" in intervention) return { ...structuredClone(intervention.answer), notes: { fault: intervention.id } };
    return run(validated);
  };
}
