/**
 * The merchant sandbox: routes from the bundled merchant spec, applies the per-endpoint quota,
 * checks OAuth (client credentials at the token endpoint, bearer tokens elsewhere), validates
 * parameters and bodies with the spec's schemas, and answers with HAL resources and problem
 * details that carry a request id.
 *
 * This file wires the layers together, and is the one place that builds the sandbox's parts:
 * the records (records/: resources, files, OAuth, quotas), their HTTP shapes (http/: links,
 * representations, answers), the handlers of each resource family (handlers/, keyed by
 * operationId), each made with the parts it uses, and the request pipeline (pipeline.ts).
 */
import { noFaults, type Faults } from "../cross-api/faults";
import type { OpenApiDocument } from "../../openapi-model/document";
import { apiModel, type ApiModel } from "../../openapi-model/operation-model";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
import type { SpecRouter } from "../../openapi-model/router";
import { applicationHandlers } from "./handlers/applications";
import { commentHandlers } from "./handlers/comments";
import { contractHandlers } from "./handlers/contracts";
import { disputeHandlers } from "./handlers/disputes";
import { fileHandlers } from "./handlers/files";
import { gatewayHandlers } from "./handlers/gateways";
import { oauthHandlers } from "./handlers/oauth";
import type { Operations } from "./handlers/operation";
import { peopleHandlers } from "./handlers/people";
import { rootHandlers } from "./handlers/root";
import { transactionHandlers } from "./handlers/transactions";
import { Answers } from "./http/answers";
import { commentContexts, resourceLookups, resourceReaders } from "./http/contexts";
import { MerchantLinks } from "./http/links";
import { Cursors } from "./http/pagination";
import { Representations } from "./http/representations";
import { requiredPersonFileLabels, specServers } from "./http/spec-facts";
import { merchantPipeline } from "./pipeline";
import { fieldTagPrefix } from "./records/comments";
import type { FileStore } from "./records/files";
import { OAuthServer } from "./records/oauth";
import { MAX_RATE_WINDOWS, RateLimiter } from "./records/rate-limit";
import { MerchantResources } from "./records/resources";
import { merchantsOf } from "./records/tenancy";
import type { ApiHandler } from "../cross-api/interventions";

export interface MerchantSandbox {
  model: ApiModel;
  doc: OpenApiDocument;
  router: SpecRouter;
  storageRouter: SpecRouter;
  handler: ApiHandler;
  resources: MerchantResources;
  oauth: OAuthServer;
  limiter: RateLimiter;
  setBaseUrl(url: string): void;
}

export function createMerchantSandbox(
  config: SandboxConfig["merchant"],
  clock: SandboxClock,
  files: FileStore,
  faults: Faults = noFaults,
): MerchantSandbox {
  const model = apiModel("merchant");
  const { document: doc, router } = model;
  // Records: what the API stores and its rules.
  const resources = new MerchantResources(clock, config.transactionCount, config.retention, files, merchantsOf(config.clients));
  const oauth = new OAuthServer(config.clients, clock, config.tokenTtlSeconds, faults);
  const limiter = new RateLimiter(config.rateLimits, clock, MAX_RATE_WINDOWS, faults);
  // Their HTTP shapes: what path parameters name, links, representations and answers.
  const links = new MerchantLinks(router);
  const readers = resourceReaders(router);
  const lookups = resourceLookups(resources, files);
  const contexts = commentContexts(doc, router, readers, lookups);
  const reps = new Representations(links, resources, files, contexts);
  const answers = new Answers(doc, router, links);
  // Every operation the sandbox implements, by operationId; each family is made with what it uses.
  const answering = { answers, links, reps, resources };
  const operations: Operations = {
    ...rootHandlers({ answers, links }),
    ...oauthHandlers({ doc, oauth, answers, links, specServers: specServers(doc) }),
    ...transactionHandlers({ ...answering, cursors: new Cursors() }),
    ...applicationHandlers({ ...answering, model, files, personFileLabels: requiredPersonFileLabels(doc) }),
    ...gatewayHandlers(answering),
    ...peopleHandlers({ ...answering, doc }),
    ...fileHandlers({ ...answering, doc, files, readers }),
    ...contractHandlers(answering),
    ...disputeHandlers({ ...answering, files }),
    ...commentHandlers({ ...answering, clock, contexts, fieldTagPrefix: fieldTagPrefix(doc) }),
  };
  const pipelineParts = { model, router, oauth, limiter, readers, lookups, links, answers, maxBodyBytes: config.maxBodyBytes };
  return {
    model,
    doc,
    router,
    storageRouter: model.externalRouter,
    handler: merchantPipeline(pipelineParts, operations),
    resources,
    oauth,
    limiter,
    setBaseUrl(url: string) {
      links.base = url;
    },
  };
}
