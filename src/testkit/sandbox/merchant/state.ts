/**
 * The merchant sandbox's shared state: what app.ts creates once and hands to the pipeline and
 * to every handler (the spec, the stores, the links, the representations and the answers).
 */
import type { OpenApiDocument } from "../../openapi-model/document";
import type { SpecRouter } from "../../openapi-model/model-router";
import type { ApiModel } from "../../openapi-model/operation-model";
import type { SandboxClock } from "../cross-api/clock";
import type { SandboxConfig } from "../configuration/config";
import type { Answers } from "./http/answers";
import type { CommentContext, CommentContextName, Lookups, Reader } from "./http/contexts";
import type { FileStore } from "./records/files";
import type { MerchantLinks } from "./http/links";
import type { OAuthServer } from "./records/oauth";
import type { Cursors } from "./http/pagination";
import type { RateLimiter } from "./records/rate-limit";
import type { Representations } from "./http/representations";
import type { MerchantResources } from "./records/resources";

export interface MerchantState {
  config: SandboxConfig["merchant"];
  clock: SandboxClock;
  model: ApiModel;
  doc: OpenApiDocument;
  router: SpecRouter;
  oauth: OAuthServer;
  limiter: RateLimiter;
  resources: MerchantResources;
  files: FileStore;
  cursors: Cursors;
  /** The reader of each collection, by its path segment (what path parameters name). */
  readers: ReadonlyMap<string, Reader>;
  /** Whether a resource exists, by the operation that reads it. */
  lookups: Lookups;
  /** The comment contexts the sandbox models, by the `context` path segment. */
  contexts: ReadonlyMap<CommentContextName, CommentContext>;
  /** The prefix of a field-comment tag (`ch-field:`). */
  fieldTagPrefix: string;
  /** The labels of the files each person needs before an application is submitted. */
  personFileLabels: string[];
  /** The spec's server URLs: audiences a token may be issued for, besides the sandbox's own. */
  specServers: string[];
  links: MerchantLinks;
  reps: Representations;
  answers: Answers;
}
