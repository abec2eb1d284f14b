/**
 * The sandbox storage host: the external host of the pre-signed upload links. It serves the
 * merchant spec's operations that name their own `servers` (the upload), answers like S3 (200
 * with an ETag, 403 with an XML error), and never carries rate-limit headers.
 */
import { apiModel } from "../../openapi-model/operation-model";
import type { ListenerOptions } from "../listener/http";
import type { SandboxRequest, SandboxResponse } from "../listener/messages";
import type { FileStore } from "./records/files";

interface UploadAnswers {
  /** The upload's documented success status. */
  stored: number;
  /** The documented refusal of a request the link does not allow: its status and media type. */
  refused: { status: number; mediaType: string };
}

let uploadAnswers: UploadAnswers | undefined;

/** What the spec documents for the upload (`uploadFileContent`), read from the bundle once. */
function documentedUploadAnswers(): UploadAnswers {
  if (uploadAnswers) return uploadAnswers;
  const responses = [...apiModel("merchant").operation("uploadFileContent").responses.values()];
  const stored = responses.find((response) => /^2\d\d$/.test(response.key));
  const refusal = responses.find((response) => /^4\d\d$/.test(response.key));
  const mediaType = refusal?.media[0]?.mediaType;
  if (!stored || !refusal || !mediaType) throw new Error("merchant spec: uploadFileContent documents no success or no refusal with a body");
  uploadAnswers = { stored: Number(stored.key), refused: { status: Number(refusal.key), mediaType } };
  return uploadAnswers;
}

function xmlError(code: string, message: string): SandboxResponse {
  const { refused } = documentedUploadAnswers();
  return {
    status: refused.status,
    headers: { "content-type": refused.mediaType },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`,
    reason: `${code}: ${message}`,
  };
}

/**
 * The checks that need no body: a request without a valid, unexpired upload link (or one that
 * declares too large a body) is refused before a byte of its body is buffered.
 */
export function screenUpload(
  files: FileStore,
  maxUploadBytes: number,
  { url, headers, route }: Parameters<NonNullable<ListenerOptions["screen"]>>[0],
): ReturnType<NonNullable<ListenerOptions["screen"]>> {
  if (route.kind !== "match") return xmlError("AccessDenied", "Only PUT on a pre-signed upload link is accepted here.");
  const declared = Number(headers["content-length"] ?? 0);
  if (Number.isFinite(declared) && declared > maxUploadBytes)
    return xmlError("EntityTooLarge", `Uploads are limited to ${maxUploadBytes} bytes in the sandbox.`);
  const check = files.checkUpload(
    Object.values(route.params)[0] ?? "",
    url.searchParams,
    headers["content-type"],
    headers.authorization !== undefined,
  );
  return check.ok ? undefined : xmlError(check.code, check.message);
}

/** Stores an upload's bytes under its pre-signed link (the files of the state in force: a reset makes new ones). */
export function storeUpload(files: FileStore, maxUploadBytes: number, request: SandboxRequest): SandboxResponse {
  const { route } = request;
  if (route.kind !== "match") return xmlError("AccessDenied", "Only PUT on a pre-signed upload link is accepted here.");
  if (request.tooLarge) return xmlError("EntityTooLarge", `Uploads are limited to ${maxUploadBytes} bytes in the sandbox.`);
  const uploadPath = Object.values(route.params)[0] ?? "";
  const contentType = request.headers["content-type"];
  const check = files.checkUpload(uploadPath, request.url.searchParams, contentType, request.headers.authorization !== undefined);
  if (!check.ok) return xmlError(check.code, check.message);
  const stored = files.storeContent(check.file, request.rawBody);
  if (!stored.ok) return xmlError("EntityTooLarge", stored.message);
  return { status: documentedUploadAnswers().stored, headers: { etag: stored.etag } };
}
