/**
 * Stamps: which stamps a resource offers in its current state, and what adding or removing one
 * does. Stamp names are the spec's (`ApplicationStampName`, `DisputeStampName`); the conditions
 * are the seed's (an application is submitted only with all necessary data) plus the sandbox's
 * documented choices for what the sources leave open (see docs/sandbox.md).
 */
import type { Errors } from "./problems";

export type StampResult = { ok: true } | { ok: false; detail: string; errors?: Errors };

export interface ApplicationState {
  state: string;
  stamps: Set<string>;
}

/** Application stamps offered in each state (the `ch:stamps` links). */
export function applicationStampsOffered(app: ApplicationState): string[] {
  if (app.stamps.has("archived")) return ["archived"]; // removable: DELETE un-archives
  if (app.state === "unsubmitted") return ["submitted", "archived"];
  return ["archived"];
}

/** Removable application stamps (answered in `Allow` and by DELETE). */
export const removableApplicationStamps = new Set(["archived"]);

/** Dispute stamps offered per status; dispute stamps cannot be removed. */
export function disputeStampsOffered(status: string): string[] {
  return status === "open" ? ["refuted", "accepted"] : [];
}

/** Contract stamps offered per state (the list is not published; the sandbox offers these). */
export function contractStampsOffered(state: string): string[] {
  return state === "needs_signature" ? ["signed", "declined"] : [];
}

/** What adding a stamp does to the state (Maps: looked up by the stamp name from the path). */
export const contractStampEffect: ReadonlyMap<string, string> = new Map([
  ["signed", "signed"],
  ["declined", "declined"],
]);
export const disputeStampEffect: ReadonlyMap<string, string> = new Map([
  ["refuted", "refuted"],
  ["accepted", "lost"],
]);
