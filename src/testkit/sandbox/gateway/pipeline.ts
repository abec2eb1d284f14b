/**
 * The gateway sandbox's request pipeline: the API key (discovery and the account need nothing
 * more), the body size, the signature over the raw body, path parameters and the body checked
 * against the spec's schema, and dispatch to the transaction operation.
 */
import type { operations } from "../../../../generated/gateway/schema";
import { checkBody, checkParameters } from "../../openapi-model/check-request";
import type { OperationRecord } from "../../openapi-model/model-records";
import type { ApiModel } from "../../openapi-model/operation-model";
import { bracketName, type SchemaViolation } from "../../openapi-model/validation-errors";
import type { SandboxConfig } from "../configuration/config";
import type { AnswerNotes, SandboxRequest, SandboxResponse } from "../listener/messages";
import { noInterventions, type ApiHandler } from "../cross-api/interventions";
import type { ApiKeys, GatewayAccount } from "./auth";
import { inputErrorOutcome } from "./bodies";
import { rootDocument } from "./links";
import { runTransaction } from "./operations";
import type { RequestBodyOf } from "./requests";
import type { GatewayResponses } from "./responses";
import { signatureVerdict, type SignatureVerifier } from "./signature";
import { invalidParameterStatus, status, type StatusCode } from "./status-codes";
import type { GatewayTransactions } from "./transactions";

type OperationId = keyof operations;

type Checked<T> = { ok: true; value: T } | { ok: false; refusal: SandboxResponse };

/** What the pipeline works with, built once by the sandbox. */
export interface GatewayParts {
  config: SandboxConfig["gateway"];
  model: ApiModel;
  keys: ApiKeys;
  signatures: SignatureVerifier;
  http: GatewayResponses;
  transactions: GatewayTransactions;
}

/** A routed request of an authenticated merchant account. */
interface Admission {
  request: SandboxRequest;
  route: OperationRecord;
  /** The route's operationId: routes come from the bundle the types were generated from. */
  operationId: OperationId;
  params: Record<string, string>;
  account: GatewayAccount;
}

/** Whether every alternative of an operation's security requirement names the signature scheme (every POST of the spec's does). */
function requiresSignature(route: OperationRecord): boolean {
  return (
    route.security.length > 0 &&
    route.security.every((alternative) => alternative.some((scheme) => scheme.type === "apiKey" && scheme.signature !== undefined))
  );
}

/** The first invalid parameter, named; its status is the general input error unless its schema gives another (`x-invalid-status-code`). */
function inputErrorFor(http: GatewayResponses, errors: SchemaViolation[]): SandboxResponse {
  const first = errors[0]!;
  const message = first.path.length ? `parameter '${bracketName(first.path)}' ${first.message}` : `parameters: ${first.message}`;
  return http.transaction({ approved: false, body: { status: status(invalidParameterStatus(first.path[0]), message) } });
}

function refusal(http: GatewayResponses, message: string): { ok: false; refusal: SandboxResponse } {
  return { ok: false, refusal: http.transaction(inputErrorOutcome(message)) };
}

/**
 * Routing and the API key. Discovery answers any account; partner accounts own signing keys
 * and cannot transact or read a merchant account. Answers the two read operations itself.
 */
function admit({ keys, model, http }: GatewayParts, request: SandboxRequest): Checked<Admission> {
  const { route } = request;
  if (route.kind !== "match")
    return {
      ok: false,
      refusal: http.notFound(
        route.kind === "method-not-allowed"
          ? `${request.method} is not an operation of ${route.template}: it takes ${route.allow.join(", ")}.`
          : "No operation of the gateway has this path.",
      ),
    };
  const auth = keys.authenticate(request.headers.authorization);
  if (!auth.ok) return { ok: false, refusal: http.unauthorized(auth.detail) };
  const account = auth.account;
  const operationId = route.route.operationId as OperationId;
  if (operationId === "discoverResources") return { ok: false, refusal: http.ok(rootDocument(model.router)) };
  if (account.type !== "merchant")
    return {
      ok: false,
      refusal: http.unauthorized(
        "The API key is a partner account's, which cannot transact or read an account: use a merchant account's key.",
      ),
    };
  if (operationId === "getAccount" && account.resource) return { ok: false, refusal: http.ok(account.resource) };
  return { ok: true, value: { request, route: route.route, operationId, params: route.params, account } };
}

/**
 * The signature over the raw body: checked when sent, and required where the operation's security
 * says so. Its verdict goes beside the answer, for the exchange record (worked out only if read).
 */
function checkSignature(
  { config, signatures }: GatewayParts,
  { request, route, account }: Admission,
): { signed: boolean; refusal?: string; notes?: AnswerNotes } {
  const signatureHeader = request.headers.signature as string | undefined;
  if (signatureHeader === undefined && !(config.signing === "all-posts" && requiresSignature(route))) return { signed: false };
  const check = signatures.check(signatureHeader, request.rawBody, account);
  const notes: AnswerNotes = { signature: () => signatureVerdict(check, request.rawBody, signatureHeader) };
  return check.ok ? { signed: true, notes } : { signed: false, refusal: check.message, notes };
}

/**
 * Path parameters (the transaction id) and the body, decoded by its media type and checked
 * against the schema; with the media type the body was read as when it came without
 * `Content-Type` (read as the service reads it, and recorded).
 */
function checkInput(
  { model, http }: GatewayParts,
  { request, route, params }: Admission,
): Checked<RequestBodyOf<OperationId>> & { assumedContentType?: string } {
  const parameters = checkParameters(model, route, params, () => request.url.searchParams);
  if (parameters.errors.some((e) => e.in === "path")) return refusal(http, "invalid transaction id");
  const decoded = checkBody(model, route, request.headers["content-type"], request.rawBody);
  if (decoded.kind === "unsupported-media-type") return refusal(http, `unsupported content type: send ${decoded.accepted.join(" or ")}`);
  if (decoded.kind === "malformed") return refusal(http, `malformed request body: ${decoded.reason}`);
  const assumed = decoded.assumedMediaType ? { assumedContentType: decoded.mediaType } : {};
  if (decoded.kind === "invalid") return { ok: false, refusal: inputErrorFor(http, decoded.errors), ...assumed };
  // Valid against the operation's schema, so it has the type generated from that schema.
  return { ok: true, value: decoded.value, ...assumed };
}

/** The path's one parameter (the transaction id), or "" for a path without one. */
function firstValue(params: Record<string, string>): string {
  for (const name in params) return params[name]!;
  return "";
}

export function gatewayPipeline(parts: GatewayParts): ApiHandler {
  const { config, http, transactions } = parts;
  // A request runs from admission to booking in one synchronous step, so a transaction reads and
  // books the store with no other request in between.
  return (request, interventions = noInterventions) => {
    const admitted = admit(parts, request);
    if (!admitted.ok) return admitted.refusal;
    const admission = admitted.value;
    if (request.tooLarge) return http.transaction(inputErrorOutcome(`request body too large (at most ${config.maxBodyBytes} bytes)`));
    const signature = checkSignature(parts, admission);
    if (signature.refusal !== undefined) return { ...http.transaction(inputErrorOutcome(signature.refusal)), notes: signature.notes };
    const body = checkInput(parts, admission);
    const notes: AnswerNotes | undefined =
      body.assumedContentType !== undefined ? { ...signature.notes, assumedContentType: body.assumedContentType } : signature.notes;
    if (!body.ok) return { ...body.refusal, notes };
    const intervention = interventions({
      operationId: admission.operationId,
      account: admission.account.id,
      params: admission.params,
      contentType: request.headers["content-type"],
      rawBody: request.rawBody,
    });
    if (intervention && "answer" in intervention)
      return { ...structuredClone(intervention.answer), notes: { ...notes, fault: intervention.id } };
    const answer = runTransaction(transactions, http, {
      operationId: admission.operationId,
      account: admission.account,
      id: firstValue(admission.params),
      body: body.value,
      signed: signature.signed,
      // A fault rule's decline, checked against the transaction type when the rule was added.
      ...(intervention ? { declineWith: intervention.decline as StatusCode } : {}),
    });
    return { ...answer, notes: intervention ? { ...notes, fault: intervention.id } : notes };
  };
}
