/**
 * What a test asks to happen to an authenticated request (a fault rule of the control API that
 * acts after authentication): an API's pipeline asks once the request is authenticated, signed
 * where it must be and valid, just before its operation runs, so a request the API refuses never
 * uses a rule up, and a rule can be narrowed to the account the request is authenticated for.
 */
import type { SandboxRequest, SandboxResponse } from "../listener/messages";

/** The documented answer to give instead of running the operation, or the status code a gateway transaction declines with. */
export type Intervention = { id: string } & ({ answer: SandboxResponse } | { decline: number });

/** What an intervention is matched on. */
export interface AuthenticatedRequest {
  operationId: string;
  /** The gateway merchant account, or the merchant API's merchant, the request is authenticated for. */
  account: string;
  params: Record<string, string>;
  contentType: string | undefined;
  rawBody: Buffer;
}

export type Interventions = (request: AuthenticatedRequest) => Intervention | undefined;

export const noInterventions: Interventions = () => undefined;

/** An API's handler: the listener's, told for each request what a test asks of it (nothing by default: a fixture's steps). */
export type ApiHandler = (request: SandboxRequest, interventions?: Interventions) => SandboxResponse;
