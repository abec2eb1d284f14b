/**
 * The merchant sandbox's in-memory resources: applications (with their people, gateway
 * selection, stamps and contracts), seeded gateways and disputes, comments and the seeded
 * transactions collection (their query languages are in query-languages.ts).
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
import type { OperationId, Schemas } from "./operation";
import { disputeStampsOffered } from "./stamps";
import { approvedStatusCode } from "../../../../generated/gateway/constants";

/** The gateway's status code of an approved transaction (the seeded transactions are approved or declined). */
export const APPROVED = String(approvedStatusCode);

/** What an application holds of its create body (the merged PATCH must satisfy the create rules too). */
export type ApplicationFields = Pick<Schemas["ApplicationCreate"], "signer" | "business_model" | "additional_information">;

export interface Application extends ApplicationFields {
  id: string;
  state: Schemas["ApplicationMetadata"]["state"];
  createdAt: number;
  stamps: Set<string>;
  selectedGateways: Set<string>;
}

export interface Person {
  id: string;
  applicationId: string;
  properties: Schemas["PersonProperties"];
}

export interface GatewayResource {
  id: string;
  name: string;
}

type DisputeFields = Required<Omit<Schemas["Dispute"], "_links">>;

export interface Dispute extends DisputeFields {
  transactionId: string;
}

export interface Contract {
  id: string;
  applicationId: string;
  state: Schemas["Contract"]["state"];
  merchant_id: string;
  effective_on: string;
  notes: string[];
}

export interface Comment {
  id: string;
  /** The operation that reads the commented resource (`getApplication`, ...). */
  context: OperationId;
  contextId: string;
  body: string;
  tags?: string[];
  createdAt: number;
  author: { name?: string; email?: string };
}

export interface Transaction {
  id: string;
  amount: Schemas["AmountMinor"];
  currency: Schemas["Currency"];
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
      evicted: (ids) => this.forgetComments(new Map([["getFile", ids]])),
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
        status: i % 7 === 3 ? "40413" : APPROVED,
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

  createApplication(fields: ApplicationFields): Application {
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
      if (owner.reader === "getApplication") return applicationGoneOrFinished(owner.id);
      if (owner.reader === "getPerson") return applicationGoneOrFinished(this.people.get(owner.id)?.applicationId);
      const dispute = owner.reader === "getDispute" ? this.disputes.get(owner.id) : undefined;
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
    const files = this.files.deleteWhere(({ owner }) => (owner.reader === "getApplication" && ids.has(owner.id)) || (owner.reader === "getPerson" && people.has(owner.id)));
    this.forgetComments(
      new Map<OperationId, ReadonlySet<string>>([
        ["getApplication", ids],
        ["getPerson", people],
        ["getFile", files],
      ]),
    );
  }

  /** Deletes the comments on the given resources, by the operation that reads them (`getFile`, `getPerson`, ...). */
  private forgetComments(on: ReadonlyMap<OperationId, ReadonlySet<string>>): void {
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

  commentsOn(context: OperationId, contextId: string): Comment[] {
    return [...this.comments.values()].filter((c) => c.context === context && c.contextId === contextId);
  }
}
