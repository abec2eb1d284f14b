/**
 * The gateway sandbox: routes from the bundled gateway spec, authenticates API keys, verifies
 * signatures over the raw body, validates parameters and bodies with the spec's schemas, and
 * hands valid requests to the transaction store. Card data is never logged.
 */
import { noFaults, type Faults } from "../faults";
import { loadBundledSpec, type OpenApiDocument } from "../../spec/document";
import { SpecValidator } from "../../spec/ajv";
import type { SandboxClock } from "../clock";
import type { SandboxConfig } from "../config";
import type { Handler, SandboxRequest, SandboxResponse } from "../http";
import { SpecRouter, type RoutedOperation } from "../../spec/router";
import { bracketName, RequestValidator, type ParameterError } from "../../spec/request-validation";
import { ResponseValidator } from "../../spec/response-validation";
import { ApiKeys } from "./auth";
import { GatewayResponses } from "./responses";
import { SignatureVerifier } from "./signature";
import { readGatewayFacts } from "./spec-facts";
import { inputError, invalidCurrency, invalidTextOnStatement, TestCards } from "./test-cards";
import { TransactionStore, type Links } from "./transactions";

/**
 * Status codes of invalid parameters other than the general input error, from the schema
 * descriptions: "An invalid value gives status 40150" (TextOnStatement), "An unknown or
 * unsupported currency gives status 40140" (Currency).
 */
const PARAMETER_STATUS: Record<string, number> = { text_on_statement: invalidTextOnStatement, currency: invalidCurrency };

export interface GatewaySandbox {
  doc: OpenApiDocument;
  router: SpecRouter;
  responses: ResponseValidator;
  handler: Handler;
  store: TransactionStore;
  keys: ApiKeys;
  contentType: string;
}

const signatureRequirement = new WeakMap<RoutedOperation, boolean>();

/** Whether an operation's security requirements name the signature scheme (every POST of the spec does). */
function requiresSignature(doc: OpenApiDocument, route: RoutedOperation): boolean {
  const cached = signatureRequirement.get(route);
  if (cached !== undefined) return cached;
  const required = computeRequiresSignature(doc, route);
  signatureRequirement.set(route, required);
  return required;
}

function computeRequiresSignature(doc: OpenApiDocument, route: RoutedOperation): boolean {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { type?: string; in?: string; name?: string }>;
  const requirements = (route.operation.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
  return (
    requirements.length > 0 &&
    requirements.every((r) => Object.keys(r).some((name) => schemes[name]?.type === "apiKey" && schemes[name]?.in === "header"))
  );
}

function substitute(template: string, id: string): string {
  return template.replace(/\{[^}]+\}/, encodeURIComponent(id));
}

export function createGatewaySandbox(config: SandboxConfig["gateway"], clock: SandboxClock, faults: Faults = noFaults): GatewaySandbox {
  const doc = loadBundledSpec("gateway");
  const validator = new SpecValidator(doc);
  const router = new SpecRouter(doc);
  const requests = new RequestValidator(doc, validator);
  const responses = new ResponseValidator(doc, validator);
  const facts = readGatewayFacts();
  const cards = new TestCards(facts, faults);
  const keys = new ApiKeys(config.accounts, clock);
  const signatures = new SignatureVerifier(config.signingKeys, keys.accounts);
  const http = new GatewayResponses(doc);

  const template = (operationId: string) => router.operation(operationId).template;
  const parent = (t: string) => t.split("/").slice(0, -1).join("/");
  const links: Links = {
    captures: (id) => substitute(template("createCapture"), id),
    refunds: (id) => substitute(template("createRefund"), id),
    voids: (id) => substitute(template("createVoid"), id),
    authorization: (id) => substitute(parent(template("createCapture")), id),
    debitRefunds: (id) => substitute(template("createDebitRefund"), id),
    debit: (id) => substitute(parent(template("createDebitRefund")), id),
  };
  const store = new TransactionStore(clock, cards, facts, links, config.signing, config.retention.maxTransactions, faults);

  function inputErrorFor(errors: ParameterError[]): SandboxResponse {
    const first = errors[0]!;
    const name = bracketName(first.path);
    const code = PARAMETER_STATUS[first.path[0] ?? ""] ?? inputError;
    const message = first.path.length ? `parameter '${name}' ${first.message}` : `parameters: ${first.message}`;
    return http.transaction({ approved: false, body: { status: { code, message } } });
  }

  const handler: Handler = (request: SandboxRequest): SandboxResponse => {
    const { route } = request;
    if (route.kind !== "match") return http.notFound();
    const auth = keys.authenticate(request.headers.authorization);
    if (!auth.ok) return http.unauthorized();
    const account = auth.account;
    const { operationId } = route.route;

    if (operationId === "discoverResources") {
      return http.ok({ _links: { authorizations: { href: template("createAuthorization") }, account: { href: template("getAccount") } } });
    }
    // Partner accounts own signing keys; they cannot transact or read a merchant account.
    if (account.type !== "merchant") return http.unauthorized();
    if (operationId === "getAccount") return http.ok(account.resource ?? {});

    if (request.tooLarge) return http.transaction(TransactionStore.inputErrorOutcome(`request body too large (at most ${config.maxBodyBytes} bytes)`));

    let signed = false;
    const signatureHeader = request.headers.signature as string | undefined;
    if (signatureHeader !== undefined || (config.signing === "all-posts" && requiresSignature(doc, route.route))) {
      const check = signatures.check(signatureHeader, request.rawBody, account);
      if (!check.ok) return http.transaction(TransactionStore.inputErrorOutcome(check.message));
      signed = true;
    }

    const parameters = requests.parameters(route.route, route.params, request.url.searchParams);
    if (parameters.errors.some((e) => e.in === "path")) return http.transaction(TransactionStore.inputErrorOutcome("invalid transaction id"));

    const decoded = requests.body(route.route, request.headers["content-type"], request.rawBody);
    if (decoded.kind === "unsupported-media-type") {
      return http.transaction(TransactionStore.inputErrorOutcome(`unsupported content type: send ${decoded.accepted.join(" or ")}`));
    }
    if (decoded.kind === "malformed") return http.transaction(TransactionStore.inputErrorOutcome(`malformed request body: ${decoded.reason}`));
    if (decoded.kind === "invalid") return inputErrorFor(decoded.errors);
    const body = decoded.value as Record<string, unknown> | undefined;
    const id = Object.values(route.params)[0] ?? "";

    switch (operationId) {
      case "createAuthorization":
        return http.transaction(store.authorize(account, body!, signed));
      case "createCapture":
        return http.transaction(store.capture(account, id, body));
      case "createRefund":
        return http.transaction(store.refund(account, id, body));
      case "createVoid":
        return http.transaction(store.void(account, id));
      case "createDebit":
        return http.transaction(store.debit(account, body!, signed));
      case "createDebitRefund":
        return http.transaction(store.debitRefund(account, id));
      case "createCredit":
        return http.transaction(store.credit(account, body!));
      default:
        return http.notFound();
    }
  };

  return { doc, router, responses, handler, store, keys, contentType: http.contentType };
}
