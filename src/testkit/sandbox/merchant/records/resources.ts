/**
 * The merchant sandbox's in-memory resources: applications (with their people, gateway
 * selection, stamps and contracts), seeded gateways and disputes, comments and the seeded
 * transactions collection (their query languages are in query-languages.ts).
 *
 * Every record belongs to a merchant (tenancy.ts). Applications and files are bounded
 * (`merchant.retention`, shared equally by the merchants): a merchant's oldest finished ones are
 * evicted first, each with everything that belongs to it, so no person, file, comment or contract
 * is left pointing at a record that is gone. People are bounded per application and comments (in number and in bytes) per
 * merchant (docs/sandbox.md, Limits); children are indexed by parent, so a listing reads its
 * parent's children only.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { SandboxClock } from "../../cross-api/clock";
import { seeded, type MerchantRetention } from "../../configuration/config";
import { idsToEvict, shareOf } from "../../cross-api/retention";
import type { FileOwner, FileStore, StoredFile } from "./files";
import type { OperationId, Schemas } from "./spec-types";
import { disputeStampsOffered } from "./stamps";
import type { Owned } from "./tenancy";
import { approvedStatusCode } from "../../../../../generated/gateway/constants";

/** The gateway's status code of an approved transaction (the seeded transactions are approved or declined). */
export const APPROVED = String(approvedStatusCode);

/** What an application holds of its create body (the merged PATCH must satisfy the create rules too). */
export type ApplicationFields = Pick<Schemas["ApplicationCreate"], "signer" | "business_model" | "additional_information">;

/** People one application may hold: a merchant's owners, directors and signers, with room to spare. */
export const MAX_PEOPLE_PER_APPLICATION = 20;
/** Comments kept, shared equally by the merchants; past a merchant's share its oldest comment is forgotten. */
export const MAX_COMMENTS = 100_000;

export interface Application extends ApplicationFields, Owned {
  id: string;
  state: NonNullable<Schemas["ApplicationMetadata"]["state"]>;
  createdAt: number;
  stamps: Set<string>;
  selectedGateways: Set<string>;
}

export interface Person extends Owned {
  id: string;
  applicationId: string;
  properties: Schemas["PersonProperties"];
}

export interface GatewayResource {
  id: string;
  name: string;
}

type DisputeFields = Required<Omit<Schemas["Dispute"], "_links">>;

export interface Dispute extends DisputeFields, Owned {
  transactionId: string;
}

export interface Contract extends Owned {
  id: string;
  applicationId: string;
  state: NonNullable<Schemas["Contract"]["state"]>;
  merchant_id: string;
  effective_on: string;
  notes: string[];
}

export interface Comment extends Owned {
  id: string;
  /** The operation that reads the commented resource (`getApplication`, ...). */
  context: OperationId;
  contextId: string;
  body: string;
  tags?: string[];
  createdAt: number;
  author: { name?: string; email?: string };
}

export interface Transaction extends Owned {
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

/** What a comment holds in memory, counted as the bytes of its body and tags (UTF-8). */
function commentBytes(comment: Comment): number {
  return Buffer.byteLength(comment.body) + (comment.tags ?? []).reduce((sum, tag) => sum + Buffer.byteLength(tag), 0);
}

/** Where a comment is listed: its merchant and the resource it is on. */
function commentKey(merchant: string, context: OperationId, contextId: string): string {
  return `${merchant}\u0000${context}\u0000${contextId}`;
}

/** The set of `key` in an index of sets, made on first use. */
function indexed(index: Map<string, Set<string>>, key: string): Set<string> {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  return set;
}

export class MerchantResources {
  readonly applications = new Map<string, Application>();
  readonly people = new Map<string, Person>();
  readonly gateways = new Map<string, GatewayResource>();
  readonly disputes = new Map<string, Dispute>();
  readonly contracts = new Map<string, Contract>();
  readonly comments = new Map<string, Comment>();
  /** The seeded transactions, all of the seeded merchant's (the API has no operation that creates one). */
  private readonly transactions: Transaction[] = [];
  /** Applications by merchant, in creation order: where a merchant at its share makes room. */
  private readonly applicationsByMerchant = new Map<string, Map<string, Application>>();
  private readonly peopleByApplication = new Map<string, Set<string>>();
  private readonly contractsByApplication = new Map<string, Set<string>>();
  private readonly commentsByResource = new Map<string, Set<string>>();
  /** Comment ids by merchant, oldest first: where a merchant at its share forgets one. */
  private readonly commentsByMerchant = new Map<string, Set<string>>();
  /** Bytes of comment text (bodies and tags) each merchant holds. */
  private readonly commentBytesByMerchant = new Map<string, number>();
  /** Applications, comments and comment bytes one merchant may hold (its share of each bound). */
  private readonly applicationShare: (merchant: string) => number;
  private readonly commentShare: (merchant: string) => number;
  private readonly commentByteShare: (merchant: string) => number;

  constructor(
    private readonly clock: SandboxClock,
    transactionCount: number,
    private readonly retention: MerchantRetention,
    /** The files of applications, people and disputes (content on the storage host). */
    readonly files: FileStore,
    /** The merchants of the configured clients (any other is an isolated account: `shareOf`). */
    merchants: ReadonlySet<string>,
  ) {
    this.applicationShare = (merchant) => shareOf(retention.maxApplications, merchants, merchant);
    this.commentShare = (merchant) => shareOf(MAX_COMMENTS, merchants, merchant);
    this.commentByteShare = (merchant) => shareOf(retention.maxCommentBytes, merchants, merchant);
    files.retain({
      maxFiles: retention.maxFiles,
      maxFileBytes: retention.maxFileBytes,
      merchants,
      finishedTest: () => this.finishedFileTest(),
      evicted: (evicted) => this.forgetCommentsOn(evicted.map((file) => ({ merchant: file.merchant, reader: "getFile", id: file.id }))),
    });
    for (const [id, name] of [
      ["gw-sandbox-one", "Sandbox PSP One"],
      ["gw-sandbox-two", "Sandbox PSP Two"],
      ["gw-sandbox-three", "Sandbox PSP Three"],
    ] as const) {
      this.gateways.set(id, { id, name });
    }
    const merchant: string = seeded.merchant.merchantId;
    const currencies = ["DKK", "EUR", "SEK", "NOK", "USD"];
    const types = ["authorization", "capture", "refund", "credit", "debit"];
    for (let i = 0; i < transactionCount; i++) {
      this.transactions.push({
        id: `tx-${String(i + 1).padStart(5, "0")}`,
        amount: 100 + ((i * 7919) % 9900),
        currency: currencies[i % currencies.length]!,
        type: types[i % types.length]!,
        status: i % 7 === 3 ? "40413" : APPROVED,
        merchant,
      });
    }
    const now = clock.now();
    const seeds: Array<Omit<Dispute, "opened_at" | "due_at" | "expires_at" | "merchant"> & { openedDaysAgo: number }> = [
      {
        id: "dp-0001",
        reference: "CB-2026-0001",
        amount: 2050,
        currency: "EUR",
        partial: false,
        status: "open",
        reason_code: "10.4",
        reason: "fraud",
        type: "1st_chargeback",
        transactionId: "tx-00001",
        openedDaysAgo: 3,
      },
      {
        id: "dp-0002",
        reference: "RR-2026-0002",
        amount: 9900,
        currency: "DKK",
        partial: true,
        status: "open",
        reason_code: "13.1",
        reason: "product_not_provided",
        type: "retrieval_request",
        transactionId: "tx-00002",
        openedDaysAgo: 1,
      },
      {
        id: "dp-0003",
        reference: "CB-2026-0003",
        amount: 15000,
        currency: "SEK",
        partial: false,
        status: "under_review",
        reason_code: "4837",
        reason: "unrecognised",
        type: "1st_chargeback",
        transactionId: "tx-00003",
        openedDaysAgo: 20,
      },
    ];
    for (const { openedDaysAgo, ...seed } of seeds) {
      const opened = now - openedDaysAgo * DAY;
      this.disputes.set(seed.id, {
        ...seed,
        merchant,
        opened_at: isoDate(opened),
        due_at: isoDate(opened + 30 * DAY),
        expires_at: isoDate(opened + 45 * DAY),
      });
    }
  }

  /** The merchant's transactions, in the collection's order (the seeded list itself: callers only read it). */
  transactionsOf(merchant: string): Transaction[] {
    return merchant === seeded.merchant.merchantId ? this.transactions : [];
  }

  /** The merchant's applications, oldest first. */
  applicationsOf(merchant: string): Application[] {
    return [...(this.applicationsByMerchant.get(merchant)?.values() ?? [])];
  }

  disputesOf(merchant: string): Dispute[] {
    return [...this.disputes.values()].filter((d) => d.merchant === merchant);
  }

  createApplication(merchant: string, fields: ApplicationFields): Application {
    const app: Application = {
      id: randomUUID(),
      merchant,
      ...fields,
      state: "unsubmitted",
      createdAt: this.clock.now(),
      stamps: new Set(),
      selectedGateways: new Set(),
    };
    // Within the merchant's share only: never another merchant's applications.
    const own = this.applicationsByMerchant.get(merchant);
    if (own) this.evictApplications(idsToEvict(own, this.applicationShare(merchant), () => this.finishedApplicationTest()));
    this.applications.set(app.id, app);
    let mine = this.applicationsByMerchant.get(merchant);
    if (!mine) this.applicationsByMerchant.set(merchant, (mine = new Map<string, Application>()));
    mine.set(app.id, app);
    return app;
  }

  /** Adds a person to an application, unless it holds MAX_PEOPLE_PER_APPLICATION already. */
  addPerson(person: Person): boolean {
    const people = indexed(this.peopleByApplication, person.applicationId);
    if (people.size >= MAX_PEOPLE_PER_APPLICATION) return false;
    people.add(person.id);
    this.people.set(person.id, person);
    return true;
  }

  /** Deletes a person with their files and the comments on them and on their files. */
  deletePerson(id: string): void {
    const person = this.people.get(id);
    if (!person) return;
    this.people.delete(id);
    this.peopleByApplication.get(person.applicationId)?.delete(id);
    const owner: FileOwner = { reader: "getPerson", id };
    const files = this.files.deleteOwnedBy([owner]);
    this.forgetCommentsOn([
      { merchant: person.merchant, ...owner },
      ...files.map((f) => ({ merchant: f.merchant, reader: "getFile" as const, id: f.id })),
    ]);
  }

  /** Deletes a file with the comments on it. */
  deleteFile(file: StoredFile): void {
    this.files.delete(file.id);
    this.forgetCommentsOn([{ merchant: file.merchant, reader: "getFile", id: file.id }]);
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

  /** Forgets everything a merchant owns: its applications with all that hangs off them, its files and comments (an isolated account let go). */
  forgetMerchant(merchant: string): void {
    this.evictApplications([...(this.applicationsByMerchant.get(merchant)?.keys() ?? [])]);
    this.applicationsByMerchant.delete(merchant);
    this.files.forgetMerchant(merchant);
    for (const id of [...(this.commentsByMerchant.get(merchant) ?? [])]) this.forgetComment(id);
    this.commentsByMerchant.delete(merchant);
    this.commentBytesByMerchant.delete(merchant);
  }

  /** Removes applications with their people, contracts, files (theirs and their people's) and the comments on all of these. */
  private evictApplications(ids: readonly string[]): void {
    for (const id of ids) {
      const app = this.applications.get(id);
      if (!app) continue;
      this.applications.delete(id);
      this.applicationsByMerchant.get(app.merchant)?.delete(id);
      const people = [...(this.peopleByApplication.get(id) ?? [])];
      for (const personId of people) this.people.delete(personId);
      this.peopleByApplication.delete(id);
      for (const contractId of this.contractsByApplication.get(id) ?? []) this.contracts.delete(contractId);
      this.contractsByApplication.delete(id);
      const owners: FileOwner[] = [
        { reader: "getApplication", id },
        ...people.map((personId) => ({ reader: "getPerson" as const, id: personId })),
      ];
      const files = this.files.deleteOwnedBy(owners);
      this.forgetCommentsOn([
        ...owners.map((owner) => ({ merchant: app.merchant, ...owner })),
        ...files.map((f) => ({ merchant: f.merchant, reader: "getFile" as const, id: f.id })),
      ]);
    }
  }

  /** Deletes the comments on the given resources (each named by its merchant and the operation that reads it). */
  private forgetCommentsOn(resources: ReadonlyArray<{ merchant: string; reader: OperationId; id: string }>): void {
    for (const { merchant, reader, id } of resources) {
      const key = commentKey(merchant, reader, id);
      for (const commentId of this.commentsByResource.get(key) ?? []) this.forgetComment(commentId);
      this.commentsByResource.delete(key);
    }
  }

  peopleOf(applicationId: string): Person[] {
    return [...(this.peopleByApplication.get(applicationId) ?? [])].map((id) => this.people.get(id)!);
  }

  contractsOf(applicationId: string): Contract[] {
    return [...(this.contractsByApplication.get(applicationId) ?? [])].map((id) => this.contracts.get(id)!);
  }

  createContract(app: Application): Contract {
    const contract: Contract = {
      id: randomUUID(),
      merchant: app.merchant,
      applicationId: app.id,
      state: "needs_signature",
      merchant_id: String(randomInt(1, 999_999_999)).padStart(15, "0"),
      effective_on: isoDate(this.clock.now()),
      notes: [],
    };
    this.contracts.set(contract.id, contract);
    indexed(this.contractsByApplication, app.id).add(contract.id);
    return contract;
  }

  private forgetComment(id: string): void {
    const comment = this.comments.get(id);
    if (!comment) return;
    this.comments.delete(id);
    this.commentsByMerchant.get(comment.merchant)?.delete(id);
    this.commentsByResource.get(commentKey(comment.merchant, comment.context, comment.contextId))?.delete(id);
    this.commentBytesByMerchant.set(comment.merchant, (this.commentBytesByMerchant.get(comment.merchant) ?? 0) - commentBytes(comment));
  }

  /**
   * Stores a comment; a merchant at its share of MAX_COMMENTS, or of `merchant.retention.maxCommentBytes`,
   * forgets its oldest ones first. Returns why a comment larger than the whole share is refused
   * (nothing is forgotten then), else undefined.
   */
  addComment(comment: Comment): string | undefined {
    const bytes = commentBytes(comment);
    const byteShare = this.commentByteShare(comment.merchant);
    if (bytes > byteShare)
      return `The sandbox keeps at most ${byteShare} bytes of comments per merchant (merchant.retention.maxCommentBytes); this comment has ${bytes}: send a shorter one.`;
    const own = indexed(this.commentsByMerchant, comment.merchant);
    const held = () => this.commentBytesByMerchant.get(comment.merchant) ?? 0;
    while (own.size >= this.commentShare(comment.merchant) || held() + bytes > byteShare) this.forgetComment(own.values().next().value!);
    own.add(comment.id);
    this.comments.set(comment.id, comment);
    this.commentBytesByMerchant.set(comment.merchant, held() + bytes);
    indexed(this.commentsByResource, commentKey(comment.merchant, comment.context, comment.contextId)).add(comment.id);
    return undefined;
  }

  /** Bytes of comment text a merchant holds (for the retention tests). */
  commentBytesHeldBy(merchant: string): number {
    return this.commentBytesByMerchant.get(merchant) ?? 0;
  }

  /** The merchant's comments on one resource, oldest first. */
  commentsOn(merchant: string, context: OperationId, contextId: string): Comment[] {
    return [...(this.commentsByResource.get(commentKey(merchant, context, contextId)) ?? [])].map((id) => this.comments.get(id)!);
  }
}
