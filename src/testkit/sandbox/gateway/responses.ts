/**
 * Gateway responses: every one carries the media type the spec states for every response
 * (`x-response-media-type` on its info, generated into `responseMediaType`). Approved transactions are 201, every other outcome 400 with the same body shape; 401 and
 * 404 have no body, as documented, and so no Content-Type.
 */
import { responseMediaType } from "../../../../generated/gateway/constants";
import { sendableMessage } from "../cross-api/masking";
import type { SandboxResponse } from "../listener/messages";
import type { Outcome, TransactionBody } from "./records";

/**
 * A declined body whose `status.message` may quote the request (a parameter name, a value):
 * card numbers are masked and the message is bounded before it leaves.
 */
function withSendableMessage(body: TransactionBody): TransactionBody {
  const { status } = body;
  if (typeof status?.message !== "string") return body;
  return { ...body, status: { ...status, message: sendableMessage(status.message) } };
}

export class GatewayResponses {
  readonly contentType: string = responseMediaType;
  /** The headers of every answer with a body, one frozen object: the listener only reads them. */
  private readonly plain: Readonly<Record<string, string>> = Object.freeze({ "content-type": this.contentType });
  /** A 401 has no body, so no media type: a client that reads JSON whenever the type names JSON must not be handed an empty body. */
  private readonly challenge: Readonly<Record<string, string>> = Object.freeze({ "www-authenticate": 'Basic realm="gateway"' });

  ok(body: unknown): SandboxResponse {
    return { status: 200, headers: this.plain, body };
  }

  transaction(outcome: Outcome): SandboxResponse {
    return {
      status: outcome.approved ? 201 : 400,
      headers: this.plain,
      body: outcome.approved ? outcome.body : withSendableMessage(outcome.body),
    };
  }

  /** `reason` goes to the exchange record only: the gateway documents no body for 401. */
  unauthorized(reason: string): SandboxResponse {
    return { status: 401, headers: this.challenge, reason };
  }

  /** `reason` goes to the exchange record only: the gateway documents no body for 404 (and without a body, no media type). */
  notFound(reason: string): SandboxResponse {
    return { status: 404, reason };
  }
}
