/**
 * Files: metadata on the API, content on a separate sandbox storage host reached through a
 * pre-signed, expiring upload link (like an S3 pre-signed PUT): the link's signature covers the
 * file, the expiry and the file's `content_type`, and expires on the sandbox clock. The bytes
 * uploaded there are what the API's download link returns.
 *
 * The store is bounded (`merchant.retention.maxFiles`): the oldest finished files are evicted
 * first. Which files are finished and what hangs off a file (its comments) is the resources'
 * knowledge, handed in with `retain`.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { SandboxClock } from "../clock";
import { idsToEvict } from "../retention";
import type { OperationId } from "./operation";

export interface FileOwner {
  /** The operation that reads the owner (`getPerson`, `getApplication`, `getDispute`). */
  reader: OperationId;
  id: string;
}

export interface StoredFile {
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

export type UploadCheck = { ok: true; file: StoredFile } | { ok: false; code: "AccessDenied" | "SignatureDoesNotMatch" | "RequestExpired" | "EntityTooLarge"; message: string };

const UPLOAD_PREFIX = "upload-";

export interface FileRetention {
  maxFiles: number;
  /** Builds the test of a finished file (nothing more is expected of it), when eviction needs it. */
  finishedTest(): (file: StoredFile) => boolean;
  /** Called with the ids of evicted files, so that what hangs off them goes too. */
  evicted(ids: ReadonlySet<string>): void;
}

export class FileStore {
  private readonly files = new Map<string, StoredFile>();
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

  create(owner: FileOwner, fields: { label: string; name?: string; content_type: string; size?: number }): StoredFile {
    const file: StoredFile = {
      id: randomUUID(),
      owner,
      label: fields.label,
      name: fields.name ?? fields.label,
      content_type: fields.content_type,
      ...(fields.size !== undefined ? { size: fields.size } : {}),
      createdAt: this.clock.now(),
    };
    this.makeRoom();
    this.files.set(file.id, file);
    return file;
  }

  private makeRoom(): void {
    const retention = this.retention;
    if (!retention) return;
    const evicted = new Set(idsToEvict(this.files, retention.maxFiles, () => retention.finishedTest()));
    if (evicted.size === 0) return;
    for (const id of evicted) this.files.delete(id);
    retention.evicted(evicted);
  }

  /** Deletes every file `doomed` selects (the files of an evicted application); returns their ids. */
  deleteWhere(doomed: (file: StoredFile) => boolean): Set<string> {
    const deleted = new Set<string>();
    for (const [id, file] of this.files) {
      if (!doomed(file)) continue;
      this.files.delete(id);
      deleted.add(id);
    }
    return deleted;
  }

  get(id: string): StoredFile | undefined {
    return this.files.get(id);
  }

  delete(id: string): boolean {
    return this.files.delete(id);
  }

  ownedBy(owner: FileOwner): StoredFile[] {
    return [...this.files.values()].filter((f) => f.owner.reader === owner.reader && f.owner.id === owner.id);
  }

  private mac(fileId: string, expires: number, contentType: string): string {
    return createHmac("sha256", this.secret).update(`${fileId}\n${expires}\n${contentType}`).digest("hex");
  }

  /** A fresh pre-signed upload link for the file's current content type. */
  uploadUrl(file: StoredFile): string {
    const expires = this.clock.now() + this.uploadTtlSeconds * 1000;
    const query = new URLSearchParams({ "X-Sandbox-Expires": String(expires), "X-Sandbox-Signature": this.mac(file.id, expires, file.content_type) });
    return `${this.storageBaseUrl}/${UPLOAD_PREFIX}${file.id}?${query.toString()}`;
  }

  /** Checks a PUT on the storage host against the link's signature, expiry and content type. */
  checkUpload(uploadPath: string, query: URLSearchParams, contentType: string | undefined, hasAuthorization: boolean): UploadCheck {
    const file = uploadPath.startsWith(UPLOAD_PREFIX) ? this.files.get(uploadPath.slice(UPLOAD_PREFIX.length)) : undefined;
    const expires = Number(query.get("X-Sandbox-Expires"));
    const signature = query.get("X-Sandbox-Signature") ?? "";
    if (!file || !Number.isInteger(expires) || !signature) return { ok: false, code: "AccessDenied", message: "Not a valid pre-signed upload link." };
    const expected = Buffer.from(this.mac(file.id, expires, contentType ?? ""));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return {
        ok: false,
        code: "SignatureDoesNotMatch",
        message: "The request does not match the link's signature: send Content-Type equal to the file's content_type.",
      };
    }
    if (this.clock.now() > expires) return { ok: false, code: "RequestExpired", message: "The upload link has expired; GET the file for a fresh link." };
    // A link is bound to the content type the file had when the link was issued: after a PATCH
    // of content_type the bytes would be stored under a type they were not sent as.
    if (contentType !== file.content_type) {
      return { ok: false, code: "AccessDenied", message: "The file's content_type has changed since this link was issued; GET the file for a fresh upload link." };
    }
    if (hasAuthorization) return { ok: false, code: "AccessDenied", message: "Pre-signed uploads take no Authorization header." };
    return { ok: true, file };
  }

  storeContent(file: StoredFile, content: Buffer): string {
    file.content = content;
    file.etag = `"${createHash("md5").update(content).digest("hex")}"`;
    return file.etag;
  }
}
