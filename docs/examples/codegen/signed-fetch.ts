// A fetch that signs what it sends, for any generated gateway client (docs/codegen.md shows this file).
import { createSigner, gatewayConstants, type SigningOptions } from "payment-apis-toolkit/gateway";

/**
 * Reads the body bytes from the Request the generated client built, signs exactly those bytes
 * and sends exactly those bytes: the signature cannot drift from the wire. GETs are not signed.
 */
export function createSignedFetch(signing: SigningOptions, transport: typeof fetch = fetch): (request: Request) => Promise<Response> {
  const signer = createSigner(signing);
  return async (request) => {
    const headers = new Headers(request.headers);
    if (request.method === "GET" || request.method === "HEAD") return transport(request.url, { method: request.method, headers, signal: request.signal });
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
