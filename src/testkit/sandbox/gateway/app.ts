/**
 * The gateway sandbox: routes from the bundled gateway spec, authenticates API keys, verifies
 * signatures over the raw body, validates parameters and bodies with the spec's schemas, and
 * hands valid requests to the transactions. Card data is never logged. This file builds the
 * parts; the request checks are in `pipeline.ts`, the operations in `operations.ts` and
 * `transactions.ts`, their rules in `payment-rules.ts` and `follow-up-rules.ts`, the state in
 * `store.ts`, the answers in `bodies.ts`, the links in `links.ts`.
 */
import { noFaults, type Faults } from "../cross-api/faults";
import { loadBundledSpec, type OpenApiDocument } from "../../openapi-model/document";
import { SpecValidator } from "../../openapi-model/ajv";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
import type { Handler } from "../listener/http";
import { SpecRouter } from "../../openapi-model/router";
import { RequestValidator } from "../../openapi-model/request-validation";
import { ResponseValidator } from "../../openapi-model/response-validation";
import { ApiKeys } from "./auth";
import { GatewayResponses } from "./responses";
import { SignatureVerifier } from "./signature";
import { readGatewayFacts } from "./spec-facts";
import { gatewayLinks } from "./links";
import { gatewayPipeline } from "./pipeline";
import { FollowUpRules } from "./follow-up-rules";
import { PaymentRules } from "./payment-rules";
import { TransactionStore } from "./store";
import { TestCards } from "./test-cards";
import { GatewayTransactions } from "./transactions";

export interface GatewaySandbox {
  doc: OpenApiDocument;
  router: SpecRouter;
  responses: ResponseValidator;
  handler: Handler;
  store: TransactionStore;
  keys: ApiKeys;
  signatures: SignatureVerifier;
  contentType: string;
}

export function createGatewaySandbox(config: SandboxConfig["gateway"], clock: SandboxClock, faults: Faults = noFaults): GatewaySandbox {
  const doc = loadBundledSpec("gateway");
  const validator = new SpecValidator(doc);
  const router = new SpecRouter(doc);
  const requests = new RequestValidator(doc, validator);
  const responses = new ResponseValidator(doc, validator);
  const facts = readGatewayFacts(doc);
  const cards = new TestCards(facts, faults);
  const keys = new ApiKeys(config.accounts, clock);
  const signatures = new SignatureVerifier(config.signingKeys, keys.accounts);
  const http = new GatewayResponses(doc);

  const followUps = new FollowUpRules(facts, faults);
  const merchantAccounts = config.accounts.filter((account) => account.type === "merchant").length;
  const store = new TransactionStore(clock, followUps, config.retention.maxTransactions, merchantAccounts, faults);
  const payments = new PaymentRules(store, cards, clock, facts, config.signing);
  const transactions = new GatewayTransactions({ store, payments, followUps, cards, clock, links: gatewayLinks(router), faults });
  const handler = gatewayPipeline({ config, doc, router, requests, keys, signatures, http, transactions });
  return { doc, router, responses, handler, store, keys, signatures, contentType: http.contentType };
}
