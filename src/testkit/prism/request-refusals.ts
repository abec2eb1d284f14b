/**
 * A request Prism refuses before the upstream sees it (errors on) is answered as the API itself
 * answers a request that breaks its schema, not with Prism's own `422 Invalid request`: the
 * merchant API's 400 validation problem (`application/problem+json`, each field with its
 * messages in `errors`), the gateway's 400 with status 40000 (or the parameter's own code) and
 * the first parameter named in `status.message`. Both come from the sandbox's one renderer of
 * each API's refusals, so the proxy and the sandbox say the same.
 */
import { responseMediaType } from "../../../generated/gateway/constants";
import { objectOf } from "../common/json-values";
import { invalidParameterStatus, status } from "../sandbox/gateway/status-codes";
import { newRequestId, problems, type Errors } from "../sandbox/merchant/http/problems";

/** Prism's problem for a request that breaks the spec. */
const PRISM_INVALID_REQUEST = "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY";

export interface ApiRefusal {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The field of a Prism validation entry (`["body", "business_model", "trading_name"]` is `business_model.trading_name`). */
function fieldOf(location: unknown): string {
  const parts = Array.isArray(location) ? location.map(String) : [];
  const inside = parts.slice(1).join(".");
  return inside || parts[0] || "request";
}

/** The API's own answer to the request Prism refused, or undefined when Prism's answer is not such a refusal. */
export function apiRefusalFor(api: string, prismStatus: number, json: unknown): ApiRefusal | undefined {
  const { type, validation } = objectOf(json);
  if (prismStatus !== 422 || type !== PRISM_INVALID_REQUEST || !Array.isArray(validation) || validation.length === 0) return undefined;
  const errors: Errors = {};
  for (const entry of validation) {
    const { location, message } = objectOf(entry);
    const field = fieldOf(location);
    (errors[field] ??= []).push(String(message));
  }
  if (api === "merchant") {
    const requestId = newRequestId();
    const refusal = problems.validation({ requestId, headers: { "request-id": requestId } }, errors);
    return { status: refusal.status, headers: refusal.headers ?? {}, body: Buffer.from(JSON.stringify(refusal.body), "utf8") };
  }
  if (api !== "gateway") return undefined;
  const [field = "request", messages = []] = Object.entries(errors)[0] ?? [];
  const body = { status: status(invalidParameterStatus(field.split(".")[0]), `parameter '${field}': ${messages[0] ?? "is invalid"}`) };
  return { status: 400, headers: { "content-type": responseMediaType }, body: Buffer.from(JSON.stringify(body), "utf8") };
}
