/**
 * The merchant sandbox's in-memory resources: applications (with their people, gateway
 * selection, stamps and contracts), seeded gateways and disputes, comments and the seeded
 * transactions collection, plus the small query languages of the collections (the subset the
 * sandbox understands; see docs/sandbox.md).
 *
 * Applications and files are bounded (`merchant.retention`): the oldest finished ones are evicted
 * first, each with everything that belongs to it, so no person, file, comment or contract is left
 * pointing at a record that is gone.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { SandboxClock } from "../clock";
import type { MerchantRetention } from "../config";
import { idsToEvict } from "../retention";
import type { FileStore, StoredFile } from "./files";
import { disputeStampsOffered } from "./stamps";
import { maskCardNumbers } from "../card-numbers";

export interface Application {
  id: string;
  signer?: Record<string, unknown>;
  business_model: Record<string, unknown>;
  additional_information?: string;
  state: string;
  createdAt: number;
  stamps: Set<string>;
  selectedGateways: Set<string>;
}

export interface Person {
  id: string;
  applicationId: string;
  properties: Record<string, unknown>;
}

export interface GatewayResource {
  id: string;
  name: string;
}

export interface Dispute {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  partial: boolean;
  opened_at: string;
  due_at: string;
  expires_at: string;
  status: string;
  reason_code: string;
  reason: string;
  type: string;
  transactionId: string;
}

export interface Contract {
  id: string;
  applicationId: string;
  state: string;
  merchant_id: string;
  effective_on: string;
  notes: string[];
}

export interface Comment {
  id: string;
  context: string;
  contextId: string;
  body: string;
  tags?: string[];
  createdAt: number;
  author: { name?: string; email?: string };
}

export interface Transaction {
  id: string;
  amount: number;
  currency: string;
  /** Sandbox extras, shown so that `is:` and `status:` queries can be checked. */
  type: string;
  status: string;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY = 24 * 60 * 60 * 1000;

export class MerchantResources {
  readonly applications = new Map<string, Application>();
  readonly people = new Map<string, Person>();
  readonly gateways = new Map<string, GatewayResource>();
  readonly disputes = new Map<string, Dispute>();
  readonly contracts = new Map<string, Contract>();
  readonly comments = new Map<string, Comment>();
  readonly transactions: Transaction[] = [];

  constructor(
    private readonly clock: SandboxClock,
    transactionCount: number,
    private readonly retention: MerchantRetention,
    /** The files of applications, people and disputes (content on the storage host). */
    readonly files: FileStore,
  ) {
    files.retain({
      maxFiles: retention.maxFiles,
      finishedTest: () => this.finishedFileTest(),
      evicted: (ids) => this.forgetComments(new Map([["files", ids]])),
    });
    for (const [id, name] of [
      ["gw-sandbox-one", "Sandbox PSP One"],
      ["gw-sandbox-two", "Sandbox PSP Two"],
      ["gw-sandbox-three", "Sandbox PSP Three"],
    ] as const) {
      this.gateways.set(id, { id, name });
    }
    const currencies = ["DKK", "EUR", "SEK", "NOK", "USD"];
    const types = ["authorization", "capture", "refund", "credit", "debit"];
    for (let i = 0; i < transactionCount; i++) {
      this.transactions.push({
        id: `tx-${String(i + 1).padStart(5, "0")}`,
        amount: 100 + ((i * 7919) % 9900),
        currency: currencies[i % currencies.length]!,
        type: types[i % types.length]!,
        status: i % 7 === 3 ? "40413" : "20000",
      });
    }
    const now = clock.now();
    const seeds: Array<Omit<Dispute, "opened_at" | "due_at" | "expires_at"> & { openedDaysAgo: number }> = [
      { id: "dp-0001", reference: "CB-2026-0001", amount: 2050, currency: "EUR", partial: false, status: "open", reason_code: "10.4", reason: "fraud", type: "1st_chargeback", transactionId: "tx-00001", openedDaysAgo: 3 },
      { id: "dp-0002", reference: "RR-2026-0002", amount: 9900, currency: "DKK", partial: true, status: "open", reason_code: "13.1", reason: "product_not_provided", type: "retrieval_request", transactionId: "tx-00002", openedDaysAgo: 1 },
      { id: "dp-0003", reference: "CB-2026-0003", amount: 15000, currency: "SEK", partial: false, status: "under_review", reason_code: "4837", reason: "unrecognised", type: "1st_chargeback", transactionId: "tx-00003", openedDaysAgo: 20 },
    ];
    for (const { openedDaysAgo, ...seed } of seeds) {
      const opened = now - openedDaysAgo * DAY;
      this.disputes.set(seed.id, { ...seed, opened_at: isoDate(opened), due_at: isoDate(opened + 30 * DAY), expires_at: isoDate(opened + 45 * DAY) });
    }
  }

  createApplication(fields: Pick<Application, "signer" | "business_model" | "additional_information">): Application {
    const app: Application = {
      id: randomUUID(),
      ...fields,
      state: "unsubmitted",
      createdAt: this.clock.now(),
      stamps: new Set(),
      selectedGateways: new Set(),
    };
    const evicted = new Set(idsToEvict(this.applications, this.retention.maxApplications, () => this.finishedApplicationTest()));
    if (evicted.size > 0) this.evictApplications(evicted);
    this.applications.set(app.id, app);
    return app;
  }

  /** Finished: archived, or submitted with no contract awaiting signature. */
  private finishedApplicationTest(): (app: Application) => boolean {
    const awaitingSignature = new Set<string>();
    for (const contract of this.contracts.values()) if (contract.state === "needs_signature") awaitingSignature.add(contract.applicationId);
    return (app) => app.stamps.has("archived") || (app.state !== "unsubmitted" && !awaitingSignature.has(app.id));
  }

  /** A file is finished when its owner is gone or finished (a dispute that takes no more stamps takes no more evidence). */
  private finishedFileTest(): (file: StoredFile) => boolean {
    const applicationFinished = this.finishedApplicationTest();
    const applicationGoneOrFinished = (id: string | undefined) => {
      const app = id === undefined ? undefined : this.applications.get(id);
      return app === undefined || applicationFinished(app);
    };
    return ({ owner }) => {
      if (owner.kind === "applications") return applicationGoneOrFinished(owner.id);
      if (owner.kind === "people") return applicationGoneOrFinished(this.people.get(owner.id)?.applicationId);
      const dispute = owner.kind === "disputes" ? this.disputes.get(owner.id) : undefined;
      return dispute === undefined || disputeStampsOffered(dispute.status).length === 0;
    };
  }

  /** Removes applications with their people, contracts, files (theirs and their people's) and the comments on all of these. */
  private evictApplications(ids: ReadonlySet<string>): void {
    for (const id of ids) this.applications.delete(id);
    const people = new Set<string>();
    for (const [id, person] of this.people) {
      if (!ids.has(person.applicationId)) continue;
      this.people.delete(id);
      people.add(id);
    }
    for (const [id, contract] of this.contracts) if (ids.has(contract.applicationId)) this.contracts.delete(id);
    const files = this.files.deleteWhere(({ owner }) => (owner.kind === "applications" && ids.has(owner.id)) || (owner.kind === "people" && people.has(owner.id)));
    this.forgetComments(
      new Map([
        ["applications", ids],
        ["people", people],
        ["files", files],
      ]),
    );
  }

  /** Deletes the comments on the given resources, by comment context (`files`, `people`, ...). */
  private forgetComments(on: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const [id, comment] of this.comments) if (on.get(comment.context)?.has(comment.contextId)) this.comments.delete(id);
  }

  peopleOf(applicationId: string): Person[] {
    return [...this.people.values()].filter((p) => p.applicationId === applicationId);
  }

  contractsOf(applicationId: string): Contract[] {
    return [...this.contracts.values()].filter((c) => c.applicationId === applicationId);
  }

  createContract(applicationId: string): Contract {
    const contract: Contract = {
      id: randomUUID(),
      applicationId,
      state: "needs_signature",
      merchant_id: String(randomInt(1, 999_999_999)).padStart(15, "0"),
      effective_on: isoDate(this.clock.now()),
      notes: [],
    };
    this.contracts.set(contract.id, contract);
    return contract;
  }

  commentsOn(context: string, contextId: string): Comment[] {
    return [...this.comments.values()].filter((c) => c.context === context && c.contextId === contextId);
  }
}

// ---------------------------------------------------------------------------------------------
// Query languages (subset): `modifier:value` terms separated by spaces, all of which must hold.

export type QueryResult<T> = { ok: true; predicate: (item: T) => boolean } | { ok: false; message: string };

type Matcher<T> = (item: T, value: string) => boolean | "invalid";

/** The modifiers of a query language, by name (a Map: a term names no inherited property). */
export type QueryLanguage<T> = ReadonlyMap<string, Matcher<T>>;

/**
 * Parses a query of `modifier:value` terms. `supported` filters; `accepted` modifiers are
 * understood by the service but not modelled by the sandbox, and match everything.
 */
export function parseQuery<T>(query: string | undefined, supported: QueryLanguage<T>, accepted: readonly string[] = []): QueryResult<T> {
  if (query === undefined || query.trim() === "") return { ok: true, predicate: () => true };
  const terms = query.trim().split(/\s+/);
  const filters: Array<(item: T) => boolean> = [];
  for (const term of terms) {
    const colon = term.indexOf(":");
    if (colon <= 0 || colon === term.length - 1) return { ok: false, message: `malformed term; use modifier:value` };
    const modifier = term.slice(0, colon).toLowerCase();
    const value = term.slice(colon + 1);
    if (accepted.includes(modifier)) continue;
    const matcher = supported.get(modifier);
    if (!matcher) return { ok: false, message: `unknown modifier '${maskCardNumbers(modifier)}'; the sandbox understands ${[...supported.keys(), ...accepted].join(", ")}` };
    // Validate the value once, on a probe-free basis: matchers return "invalid" for bad values.
    filters.push((item) => matcher(item, value) === true);
    if (matcher(undefined as unknown as T, value) === "invalid") return { ok: false, message: `invalid value for '${modifier}'` };
  }
  return { ok: true, predicate: (item) => filters.every((f) => f(item)) };
}

function oneOf(value: string, actual: string | undefined): boolean {
  return value.toLowerCase().split(",").includes(String(actual).toLowerCase());
}

export const transactionQuery: QueryLanguage<Transaction> = new Map<string, Matcher<Transaction>>([
  ["currency", (t, v) => (/^[A-Za-z]{3}(,[A-Za-z]{3})*$/.test(v) ? t !== undefined && oneOf(v, t.currency) : "invalid")],
  ["is", (t, v) => (/^[a-z_]+$/.test(v) ? t !== undefined && t.type === v : "invalid")],
  ["status", (t, v) => {
    if (!/^(approved|declined|\d{5}(,\d{5})*)$/.test(v)) return "invalid";
    if (t === undefined) return false;
    if (v === "approved") return t.status === "20000";
    if (v === "declined") return t.status !== "20000";
    return v.split(",").includes(t.status);
  }],
  ["amount", (t, v) => {
    const range = /^(\d+)(?:\.\.(\d+))?$/.exec(v);
    if (!range) return "invalid";
    if (t === undefined) return false;
    const low = Number(range[1]);
    const high = range[2] === undefined ? low : Number(range[2]);
    return t.amount >= low && t.amount <= high;
  }],
]);

export const applicationQuery: QueryLanguage<Application> = new Map<string, Matcher<Application>>([
  ["state", (a, v) => (/^[a-z_]+$/.test(v) ? a !== undefined && a.state === v : "invalid")],
]);

export const disputeQuery: QueryLanguage<Dispute> = new Map<string, Matcher<Dispute>>([
  ["status", (d, v) => (/^[a-z_]+(,[a-z_]+)*$/.test(v) ? d !== undefined && oneOf(v, d.status) : "invalid")],
  ["reason", (d, v) => (/^[a-z_]+(,[a-z_]+)*$/.test(v) ? d !== undefined && oneOf(v, d.reason) : "invalid")],
  ["reason_code", (d, v) => (d === undefined ? false : oneOf(v, d.reason_code))],
]);

export const contractQuery: QueryLanguage<Contract> = new Map<string, Matcher<Contract>>([
  ["state", (c, v) => (/^[a-z_]+$/.test(v) ? c !== undefined && c.state === v : "invalid")],
  ["merchant_id", (c, v) => (/^\d+$/.test(v) ? c !== undefined && c.merchant_id === v : "invalid")],
  ["effective_on", (c, v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? c !== undefined && c.effective_on === v : "invalid")],
]);
