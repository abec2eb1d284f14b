// A fetch that signs what it sends, for any generated gateway client (docs/codegen.md shows this file).
import { createSigner, gatewayConstants, type SigningOptions } from "payment-apis-toolkit/gateway";

/** The fetch signature: what hey-api's `fetch` option is typed as, and what orval's mutator can call. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * Takes the request the generated client built (a Request, as hey-api passes it, or a URL and
 * RequestInit), reads its body bytes, signs exactly those bytes and sends exactly those bytes:
 * the signature cannot drift from the wire. GETs are not signed.
 */
export function createSignedFetch(signing: SigningOptions, transport: Fetch = fetch): Fetch {
  const signer = createSigner(signing);
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const headers = new Headers(request.headers);
    if (request.method === "GET" || request.method === "HEAD")
      return transport(request.url, { method: request.method, headers, signal: request.signal });
    // An empty body (a void) is signed too.
    const body = new Uint8Array(await request.arrayBuffer());
    headers.set(gatewayConstants.signatureHeader.name, signer.headerFor(body));
    return transport(request.url, { method: request.method, headers, body, signal: request.signal });
  };
}

/** HTTP Basic with the merchant API key as user name and an empty password. */
export function basicAuthorization(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
}
