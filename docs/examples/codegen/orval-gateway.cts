// orval (fetch client) of the gateway with the toolkit's form encoder and signing (docs/codegen.md
// shows this file; `npm run codegen:check` type-checks it, test/codegen.test.ts runs it). Generated
// with the hooks of orval-gateway-fetch.ts, as scripts/lib/codegen/generators.ts does:
//   output: { client: "fetch", override: {
//     mutator: { path: "orval-gateway-fetch.ts", name: "gatewayFetch" },
//     formUrlEncoded: { path: "orval-gateway-fetch.ts", name: "encodeGatewayForm" } } }
import type { SigningOptions } from "payment-apis-toolkit/gateway";
import { createAuthorization, type AuthorizationRequest } from "../../../dist/codegen/orval-encodeForm/gateway/api";
import { configureGatewayFetch } from "./orval-gateway-fetch";

export function configureOrvalGateway(options: { baseUrl: string; apiKey: string; signing: SigningOptions }): void {
  configureGatewayFetch(options);
}

/** POST /authorizations with bracket names (`card[pan]=...`), signed over the bytes sent. */
export async function authorizeWithOrval(body: AuthorizationRequest) {
  const { status, data } = await createAuthorization(body);
  return { status, body: data };
}
