// The two hooks orval's fetch client is generated with for the gateway (docs/codegen.md shows
// this file): `override.formUrlEncoded` → encodeGatewayForm, `override.mutator` → gatewayFetch.
import { encodeForm, type SigningOptions } from "payment-apis-toolkit/gateway";
import { basicAuthorization, createSignedFetch, type Fetch } from "./signed-fetch";

/** orval passes the typed body; the toolkit's encoder writes `card[pan]=...`, as the toolkit client does. */
export const encodeGatewayForm = <Body>(body: Body): string => encodeForm(body);

let gateway: { baseUrl: string; authorization: string; fetch: Fetch } | undefined;

/** orval's mutator is a plain function, so its settings live here; call this once at start-up. */
export function configureGatewayFetch(options: { baseUrl: string; apiKey: string; signing: SigningOptions }): void {
  gateway = {
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    authorization: basicAuthorization(options.apiKey),
    fetch: createSignedFetch(options.signing),
  };
}

/** The mutator: orval hands over the path and RequestInit (body already encoded) and expects `{ data, status, headers }`. */
export async function gatewayFetch<T>(path: string, init: RequestInit): Promise<T> {
  if (!gateway) throw new Error("call configureGatewayFetch() before using the generated gateway client");
  const headers = new Headers(init.headers);
  headers.set("Authorization", gateway.authorization);
  const response = await gateway.fetch(`${gateway.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return { data, status: response.status, headers: response.headers } as T;
}
