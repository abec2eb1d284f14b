/**
 * A sandbox response as the spec check reads it (checkResponse in src/testkit/openapi-model/):
 * headers by lower-cased name, an object body as the JSON value it is sent as (not parsed back
 * from its text), text and bytes as bytes. The listeners, the control API and the benchmark's
 * breakdown check answers through it.
 */
import type { CheckedResponse } from "../../openapi-model/check-response";
import type { SandboxResponse } from "./messages";

/** The headers by lower-cased name (handlers write them lower-cased: then the object itself). */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  for (const name in headers)
    if (name !== name.toLowerCase()) return Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return headers;
}

export function checkedResponseOf(response: SandboxResponse): CheckedResponse {
  const { body } = response;
  return {
    status: response.status,
    headers: lowerCased(response.headers ?? {}),
    body: body === undefined || Buffer.isBuffer(body) ? body : typeof body === "string" ? Buffer.from(body, "utf8") : { json: body },
  };
}
