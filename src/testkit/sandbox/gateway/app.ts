/**
 * The gateway sandbox: routes from the bundled gateway spec, authenticates API keys, verifies
 * signatures over the raw body, validates parameters and bodies with the spec's schemas, and
 * hands valid requests to the transactions. Card data is never logged. This file builds the
 * parts; the request checks are in `pipeline.ts`, the operations in `operations.ts` and
 * `transactions.ts`, their rules in `payment-rules.ts` and `follow-up-rules.ts`, the state in
 * `store.ts`, the answers in `bodies.ts`, the links in `links.ts`.
 */
import { noFaults, type Faults } from "../cross-api/faults";
import type { ApiHandler } from "../cross-api/interventions";
import type { OpenApiDocument } from "../../openapi-model/document";
import type { SpecRouter } from "../../openapi-model/router";
import { apiModel, type ApiModel } from "../../openapi-model/operation-model";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
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
  model: ApiModel;
  doc: OpenApiDocument;
  router: SpecRouter;
  handler: ApiHandler;
  store: TransactionStore;
  keys: ApiKeys;
  signatures: SignatureVerifier;
  contentType: string;
}

export function createGatewaySandbox(config: SandboxConfig["gateway"], clock: SandboxClock, faults: Faults = noFaults): GatewaySandbox {
  const model = apiModel("gateway");
  const { document: doc, router } = model;
  const facts = readGatewayFacts(doc);
  const cards = new TestCards(facts, faults);
  const keys = new ApiKeys(config.accounts, clock);
  const signatures = new SignatureVerifier(config.signingKeys, keys.accounts);
  const http = new GatewayResponses();

  const followUps = new FollowUpRules(facts, faults);
  const merchantAccounts = new Set(config.accounts.filter((account) => account.type === "merchant").map((account) => account.id));
  const store = new TransactionStore(clock, followUps, config.retention.maxTransactions, merchantAccounts, faults);
  const payments = new PaymentRules(store, cards, clock, facts, config.signing);
  const transactions = new GatewayTransactions({ store, payments, followUps, cards, clock, links: gatewayLinks(router), faults });
  const handler = gatewayPipeline({ config, model, keys, signatures, http, transactions });
  return { model, doc, router, handler, store, keys, signatures, contentType: http.contentType };
}
