/**
 * Each API's answer to a request refused before routing (see ListenerOptions.refuse): the
 * gateway's input-error body (`status.code` of the `general-input-error` key) in its vendor media type, the merchant API's
 * problem+json with a request id, and the storage host's S3-style XML error.
 */
import type { RefusalStatus, SandboxResponse } from "./listener/messages";
import { codes } from "./gateway/status-codes";
import { problems } from "./merchant/http/problems";

export function gatewayRefusal(contentType: string): (status: RefusalStatus, reason: string) => SandboxResponse {
  return (status, reason) =>
    // 404 has no body, as the gateway documents it, and so no media type.
    status === 404
      ? { status, reason }
      : {
          status,
          headers: { "content-type": contentType },
          body: { status: { code: codes["general-input-error"], message: reason } },
          reason,
        };
}

/** The merchant API's refusals are problems, rendered where every merchant problem is (merchant/http/problems.ts). */
export function merchantRefusal(status: RefusalStatus, reason: string): SandboxResponse {
  return { ...problems.beforeRouting(status, reason), reason };
}

export function storageRefusal(status: RefusalStatus, reason: string): SandboxResponse {
  const code = status === 408 ? "RequestTimeout" : status === 404 ? "NoSuchKey" : "InvalidRequest";
  return {
    status,
    headers: { "content-type": "application/xml" },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${reason}</Message></Error>\n`,
    reason,
  };
}
