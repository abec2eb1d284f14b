/**
 * The merchant sandbox: routes from the bundled merchant spec, applies the per-endpoint quota,
 * checks OAuth (client credentials at the token endpoint, bearer tokens elsewhere), validates
 * parameters and bodies with the spec's schemas, and answers with HAL resources and problem
 * details that carry a request id.
 *
 * This file wires the parts together: the shared state (state.ts), the links (links.ts), the
 * representations (representations.ts), the answers (answers.ts), the handlers of each
 * resource family (handlers/, keyed by operationId) and the request pipeline (pipeline.ts).
 */
import { noFaults, type Faults } from "../cross-api/faults";
import type { OpenApiDocument } from "../../openapi-model/document";
import { apiModel, type ApiModel } from "../../openapi-model/operation-model";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
import type { Handler } from "../listener/http";
import type { SpecRouter } from "../../openapi-model/model-router";
import { Answers } from "./http/answers";
import { fieldTagPrefix } from "./records/comments";
import { commentContexts, resourceLookups, resourceReaders } from "./http/contexts";
import type { FileStore } from "./records/files";
import { applicationHandlers } from "./handlers/applications";
import { commentHandlers } from "./handlers/comments";
import { contractHandlers } from "./handlers/contracts";
import { disputeHandlers } from "./handlers/disputes";
import { fileHandlers } from "./handlers/files";
import { gatewayHandlers } from "./handlers/gateways";
import { oauthHandlers } from "./handlers/oauth";
import { peopleHandlers } from "./handlers/people";
import { rootHandlers } from "./handlers/root";
import { transactionHandlers } from "./handlers/transactions";
import { MerchantLinks } from "./http/links";
import { OAuthServer } from "./records/oauth";
import type { Operations } from "./handlers/operation";
import { Cursors } from "./http/pagination";
import { merchantPipeline } from "./pipeline";
import { MAX_RATE_WINDOWS, RateLimiter } from "./records/rate-limit";
import { Representations } from "./http/representations";
import { MerchantResources } from "./records/resources";
import { requiredPersonFileLabels, specServers } from "./http/spec-facts";
import type { MerchantState } from "./state";
import { merchantsOf } from "./records/tenancy";

export interface MerchantSandbox {
  model: ApiModel;
  doc: OpenApiDocument;
  router: SpecRouter;
  storageRouter: SpecRouter;
  handler: Handler;
  resources: MerchantResources;
  oauth: OAuthServer;
  limiter: RateLimiter;
  setBaseUrl(url: string): void;
}

/** Every operation the sandbox implements, by operationId. */
const merchantOperations: Operations = {
  ...rootHandlers,
  ...oauthHandlers,
  ...transactionHandlers,
  ...applicationHandlers,
  ...gatewayHandlers,
  ...peopleHandlers,
  ...fileHandlers,
  ...contractHandlers,
  ...disputeHandlers,
  ...commentHandlers,
};

export function createMerchantSandbox(
  config: SandboxConfig["merchant"],
  clock: SandboxClock,
  files: FileStore,
  faults: Faults = noFaults,
): MerchantSandbox {
  const model = apiModel("merchant");
  const { document: doc, router } = model;
  const resources = new MerchantResources(clock, config.transactionCount, config.retention, files, merchantsOf(config.clients).length);
  const links = new MerchantLinks(router);
  const readers = resourceReaders(router);
  const lookups = resourceLookups(resources, files);
  const contexts = commentContexts(doc, router, readers, lookups);
  const sandbox: MerchantState = {
    config,
    clock,
    model,
    doc,
    router,
    oauth: new OAuthServer(config.clients, clock, config.tokenTtlSeconds, faults),
    limiter: new RateLimiter(config.rateLimits, clock, MAX_RATE_WINDOWS, faults),
    resources,
    files,
    cursors: new Cursors(),
    readers,
    lookups,
    contexts,
    fieldTagPrefix: fieldTagPrefix(doc),
    personFileLabels: requiredPersonFileLabels(doc),
    specServers: specServers(doc),
    links,
    reps: new Representations(links, resources, files, contexts),
    answers: new Answers(doc, router, links),
  };
  return {
    model,
    doc,
    router,
    storageRouter: model.externalRouter,
    handler: merchantPipeline(sandbox, merchantOperations),
    resources,
    oauth: sandbox.oauth,
    limiter: sandbox.limiter,
    setBaseUrl(url: string) {
      links.base = url;
    },
  };
}
