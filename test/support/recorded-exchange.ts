/** An exchange as the contract suite's HTTP layer records one, made up around a JSON body, for tests of the suite's own checks. */
import type { Exchange } from "../../contract-tests/support/http";

export function recordedExchange(
  api: Exchange["api"],
  operationId: string,
  status: number,
  json: unknown,
  { method = "GET", contentType }: { method?: string; contentType?: string } = {},
): Exchange {
  const text = JSON.stringify(json);
  return {
    api,
    operationId,
    method,
    url: "http://127.0.0.1:1/x",
    status,
    headers: new Headers(contentType === undefined ? {} : { "content-type": contentType }),
    bytes: Buffer.from(text),
    text,
    json,
    problems: [],
  };
}
