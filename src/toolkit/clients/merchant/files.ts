/**
 * The Files flow in one call: create the metadata at the owner's `ch:files`, then PUT the
 * bytes to the file's `ch:data` link named `upload`, a pre-signed address on the storage host,
 * with exactly the file's content type and no Authorization header (the bearer token must not
 * leave the API, and the storage host would reject the request anyway). The second step also
 * stands alone, for a file whose metadata exists already.
 */
import type { components } from "../../../../generated/merchant/schema";
import { describeTarget } from "../common/redact";
import { endAttempt } from "../common/retry";
import { MerchantHttpError, MerchantUsageError } from "./errors";
import { linksOf, selectLink, type HalResource } from "./hal";

type S = components["schemas"];
type FileDataName = NonNullable<S["FileDataLink"]["name"]>;

/** Relation and link names, checked against the generated File type. */
export const filesRel: keyof NonNullable<S["Person"]["_links"]> = "ch:files";
export const dataRel: keyof S["File"]["_links"] = "ch:data";
export const uploadName: FileDataName = "upload";
export const downloadName: FileDataName = "download";

export type FileContent = Uint8Array | ArrayBuffer | Blob | string;

export async function toBytes(content: FileContent): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof content === "string") return new TextEncoder().encode(content);
  if (content instanceof Blob) return new Uint8Array(await content.arrayBuffer());
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  return new Uint8Array(content); // a copy with its own ArrayBuffer
}

export interface FileDeps {
  create(owner: HalResource, rel: string, body: S["FileCreate"]): Promise<S["File"]>;
  /** PUT without credentials (to the storage host). */
  put: (url: string, init: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> }) => Promise<Response>;
}

/** Creates the file's metadata at `owner`'s `ch:files` and uploads `content`; returns the file. */
export async function uploadFile(deps: FileDeps, owner: HalResource, metadata: S["FileCreate"], content: FileContent): Promise<S["File"]> {
  const bytes = await toBytes(content);
  if (metadata.size !== undefined && metadata.size !== bytes.byteLength) {
    throw new MerchantUsageError(`size is ${metadata.size} but the content has ${bytes.byteLength} bytes`);
  }
  const file = await deps.create(owner, filesRel, { ...metadata, size: bytes.byteLength });
  await uploadContent(deps.put, file, bytes);
  return file;
}

/** PUTs `bytes` to the `upload` link of a file that exists already. */
export async function uploadContent(put: FileDeps["put"], file: S["File"], bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const upload = selectLink(linksOf(file, dataRel), dataRel, uploadName);
  // The storage host checks the signed Content-Type: send the one the service stored.
  const response = await put(upload.href, { headers: { "Content-Type": file.content_type }, body: bytes });
  await response.body?.cancel();
  endAttempt(response);
  if (!response.ok) throw new MerchantHttpError(response.status, "PUT", describeTarget(upload.href));
}
