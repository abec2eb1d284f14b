/**
 * Files: metadata on the API, content on a separate sandbox storage host reached through a
 * pre-signed, expiring upload link (like an S3 pre-signed PUT): the link's signature covers the
 * file, the expiry and the file's `content_type`, and expires on the sandbox clock. The bytes
 * uploaded there are what the API's download link returns.
 *
 * The store is bounded in files (`merchant.retention.maxFiles`) and in bytes of content
 * (`merchant.retention.maxFileBytes`), each shared equally by the merchants: a merchant's oldest
 * finished files are evicted first, so one merchant's uploads never evict another merchant's
 * files. Which files are finished and what hangs off a file (its comments) is the resources'
 * knowledge, handed in with `retain`.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { SandboxClock } from "../../cross-api/clock";
import { idsToEvict, shareOf } from "../../cross-api/retention";
import type { OperationId } from "./spec-types";
import type { Owned } from "./tenancy";

export interface FileOwner {
  /** The operation that reads the owner (`getPerson`, `getApplication`, `getDispute`). */
  reader: OperationId;
  id: string;
}

export interface StoredFile extends Owned {
  id: string;
  owner: FileOwner;
  label: string;
  name: string;
  content_type: string;
  size?: number;
  content?: Buffer;
  etag?: string;
  createdAt: number;
}

export type UploadCheck =
  | { ok: true; file: StoredFile }
  | { ok: false; code: "AccessDenied" | "SignatureDoesNotMatch" | "RequestExpired" | "EntityTooLarge"; message: string };

const UPLOAD_PREFIX = "upload-";

export interface FileRetention {
  maxFiles: number;
  /** Bytes of uploaded content kept. */
  maxFileBytes: number;
  /** The merchants of the configured clients (any other is an isolated account: `shareOf`). */
  merchants: ReadonlySet<string>;
  /** Builds the test of a finished file (nothing more is expected of it), when eviction needs it. */
  finishedTest(): (file: StoredFile) => boolean;
  /** Called with the evicted files, so that what hangs off them goes too. */
  evicted(files: readonly StoredFile[]): void;
}

/** Where a file is listed: its owner, by the operation that reads the owner. */
function ownerKey(owner: FileOwner): string {
  return `${owner.reader}\u0000${owner.id}`;
}

export type StoreResult = { ok: true; etag: string } | { ok: false; message: string };

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
  /** The same files by merchant, in creation order: where a merchant at its share makes room. */
  private readonly byMerchant = new Map<string, Map<string, StoredFile>>();
  /** The same files by owner: a listing reads its owner's files only. */
  private readonly byOwner = new Map<string, Map<string, StoredFile>>();
  /** Bytes of content each merchant holds. */
  private readonly bytesOf = new Map<string, number>();
  private readonly secret = randomBytes(32);
  storageBaseUrl = "";
  /** Unbounded until the merchant resources hand in the configured retention. */
  private retention: FileRetention | undefined;

  constructor(
    private readonly clock: SandboxClock,
    private readonly uploadTtlSeconds: number,
  ) {}

  /** Bounds the store from now on. */
  retain(retention: FileRetention): void {
    this.retention = retention;
  }

  /** Files held (for the retention tests). */
  get size(): number {
    return this.files.size;
  }

  create(merchant: string, owner: FileOwner, fields: { label: string; name?: string; content_type: string; size?: number }): StoredFile {
    const file: StoredFile = {
      id: randomUUID(),
      merchant,
      owner,
      label: fields.label,
      name: fields.name ?? fields.label,
      content_type: fields.content_type,
      ...(fields.size !== undefined ? { size: fields.size } : {}),
      createdAt: this.clock.now(),
    };
    this.makeRoom(merchant);
    this.files.set(file.id, file);
    indexed(this.byMerchant, merchant).set(file.id, file);
    indexed(this.byOwner, ownerKey(owner)).set(file.id, file);
    return file;
  }

  /** Room for one more file of `merchant`, within the merchant's share. */
  private makeRoom(merchant: string): void {
    const retention = this.retention;
    if (!retention) return;
    const own = this.byMerchant.get(merchant);
    const share = shareOf(retention.maxFiles, retention.merchants, merchant);
    if (own) this.evict(idsToEvict(own, share, () => retention.finishedTest()));
  }

  private evict(ids: readonly string[]): void {
    const evicted = ids.map((id) => this.remove(id)).filter((file) => file !== undefined);
    if (evicted.length) this.retention?.evicted(evicted);
  }

  /** Takes a file out of the store and its indexes. */
  private remove(id: string): StoredFile | undefined {
    const file = this.files.get(id);
    if (!file) return undefined;
    this.files.delete(id);
    this.byMerchant.get(file.merchant)?.delete(id);
    const key = ownerKey(file.owner);
    const owned = this.byOwner.get(key);
    owned?.delete(id);
    if (owned?.size === 0) this.byOwner.delete(key);
    if (file.content) this.bytesOf.set(file.merchant, (this.bytesOf.get(file.merchant) ?? 0) - file.content.length);
    return file;
  }

  /** Deletes every file of a merchant (an isolated account let go). */
  forgetMerchant(merchant: string): void {
    for (const id of [...(this.byMerchant.get(merchant)?.keys() ?? [])]) this.remove(id);
    this.byMerchant.delete(merchant);
    this.bytesOf.delete(merchant);
  }

  /** Deletes the files of the given owners (an evicted application's and its people's); returns them. */
  deleteOwnedBy(owners: readonly FileOwner[]): StoredFile[] {
    return owners.flatMap((owner) => [...(this.byOwner.get(ownerKey(owner))?.keys() ?? [])].map((id) => this.remove(id)!));
  }

  get(id: string): StoredFile | undefined {
    return this.files.get(id);
  }

  delete(id: string): boolean {
    return this.remove(id) !== undefined;
  }

  ownedBy(owner: FileOwner): StoredFile[] {
    return [...(this.byOwner.get(ownerKey(owner))?.values() ?? [])];
  }

  /** Bytes of content a merchant holds (for the retention tests). */
  bytesHeldBy(merchant: string): number {
    return this.bytesOf.get(merchant) ?? 0;
  }

  private mac(fileId: string, expires: number, contentType: string): string {
    return createHmac("sha256", this.secret).update(`${fileId}\n${expires}\n${contentType}`).digest("hex");
  }

  /** A fresh pre-signed upload link for the file's current content type. */
  uploadUrl(file: StoredFile): string {
    const expires = this.clock.now() + this.uploadTtlSeconds * 1000;
    const query = new URLSearchParams({
      "X-Sandbox-Expires": String(expires),
      "X-Sandbox-Signature": this.mac(file.id, expires, file.content_type),
    });
    return `${this.storageBaseUrl}/${UPLOAD_PREFIX}${file.id}?${query.toString()}`;
  }

  /** Checks a PUT on the storage host against the link's signature, expiry and content type. */
  checkUpload(uploadPath: string, query: URLSearchParams, contentType: string | undefined, hasAuthorization: boolean): UploadCheck {
    const file = uploadPath.startsWith(UPLOAD_PREFIX) ? this.files.get(uploadPath.slice(UPLOAD_PREFIX.length)) : undefined;
    const expires = Number(query.get("X-Sandbox-Expires"));
    const signature = query.get("X-Sandbox-Signature") ?? "";
    if (!file || !Number.isInteger(expires) || !signature)
      return { ok: false, code: "AccessDenied", message: "Not a valid pre-signed upload link." };
    const expected = Buffer.from(this.mac(file.id, expires, contentType ?? ""));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return {
        ok: false,
        code: "SignatureDoesNotMatch",
        message: "The request does not match the link's signature: send Content-Type equal to the file's content_type.",
      };
    }
    if (this.clock.now() > expires)
      return { ok: false, code: "RequestExpired", message: "The upload link has expired; GET the file for a fresh link." };
    // A link is bound to the content type the file had when the link was issued: after a PATCH
    // of content_type the bytes would be stored under a type they were not sent as.
    if (contentType !== file.content_type) {
      return {
        ok: false,
        code: "AccessDenied",
        message: "The file's content_type has changed since this link was issued; GET the file for a fresh upload link.",
      };
    }
    if (hasAuthorization) return { ok: false, code: "AccessDenied", message: "Pre-signed uploads take no Authorization header." };
    return { ok: true, file };
  }

  /**
   * Stores an upload's bytes in place of the file's earlier ones. Past the merchant's share of
   * `maxFileBytes`, its oldest finished files are evicted to make room; an upload that still does
   * not fit is refused and changes nothing (open files are never evicted for bytes).
   */
  storeContent(file: StoredFile, content: Buffer): StoreResult {
    const retention = this.retention;
    const previous = file.content?.length ?? 0;
    if (retention) {
      const share = shareOf(retention.maxFileBytes, retention.merchants, file.merchant);
      const needed = () => (this.bytesOf.get(file.merchant) ?? 0) - previous + content.length - share;
      if (needed() > 0) this.evict(this.finishedWithContent(file, needed()));
      if (needed() > 0) {
        return {
          ok: false,
          message: `The sandbox keeps at most ${share} bytes of file content per merchant (merchant.retention.maxFileBytes); delete files or finish applications first.`,
        };
      }
    }
    file.content = content;
    file.etag = `"${createHash("md5").update(content).digest("hex")}"`;
    this.bytesOf.set(file.merchant, (this.bytesOf.get(file.merchant) ?? 0) - previous + content.length);
    return { ok: true, etag: file.etag };
  }

  /** The merchant's oldest finished files with content, other than `keep`, until they free `bytes`; none if they cannot. */
  private finishedWithContent(keep: StoredFile, bytes: number): string[] {
    const isFinished = this.retention!.finishedTest();
    const chosen: string[] = [];
    let freed = 0;
    for (const file of this.byMerchant.get(keep.merchant)?.values() ?? []) {
      if (freed >= bytes) break;
      if (file === keep || !file.content || !isFinished(file)) continue;
      chosen.push(file.id);
      freed += file.content.length;
    }
    return freed >= bytes ? chosen : [];
  }
}

/** The map of `key` in an index of maps, made on first use. */
function indexed<V>(index: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let map = index.get(key);
  if (!map) index.set(key, (map = new Map<string, V>()));
  return map;
}
