/**
 * Stamps: which stamps a resource offers in its current state, and what adding or removing one
 * does. Stamp names are the spec's (`ApplicationStampName`, `DisputeStampName`); the states are
 * typed with the generated types (`Dispute.status`, `Contract.state`), so a state the spec does
 * not know does not compile. The conditions are the seed's (an application is submitted only
 * with all necessary data) plus the sandbox's documented choices for what the sources leave
 * open (see docs/sandbox.md).
 */
import type { Schemas } from "./spec-types";

type DisputeStatus = NonNullable<Schemas["Dispute"]["status"]>;
type ContractState = NonNullable<Schemas["Contract"]["state"]>;

export interface ApplicationState {
  state: NonNullable<Schemas["ApplicationMetadata"]["state"]>;
  stamps: Set<string>;
}

/** Application stamps offered in each state (the `ch:stamps` links). */
export function applicationStampsOffered(app: ApplicationState): string[] {
  if (app.stamps.has("archived")) return ["archived"]; // removable: DELETE un-archives
  if (app.state === "unsubmitted") return ["submitted", "archived"];
  return ["archived"];
}

/** Removable application stamps (answered in `Allow` and by DELETE). */
export const removableApplicationStamps: ReadonlySet<string> = new Set(["archived"]);

/** Dispute stamps offered per status; dispute stamps cannot be removed. */
export function disputeStampsOffered(status: DisputeStatus): string[] {
  return status === "open" ? ["refuted", "accepted"] : [];
}

/** Contract stamps offered per state (the list is not published; the sandbox offers these). */
export function contractStampsOffered(state: ContractState): string[] {
  return state === "needs_signature" ? ["signed", "declined"] : [];
}

/** What adding a stamp does to the state (Maps: looked up by the stamp name from the path). */
export const contractStampEffect: ReadonlyMap<string, ContractState> = new Map<string, ContractState>([
  ["signed", "signed"],
  ["declined", "declined"],
]);
export const disputeStampEffect: ReadonlyMap<string, DisputeStatus> = new Map<string, DisputeStatus>([
  ["refuted", "refuted"],
  ["accepted", "lost"],
]);
