// @hey-api/openapi-ts client of the gateway with the toolkit's form encoder and signing
// (docs/codegen.md shows this file; `npm run codegen:check` type-checks it, test/codegen.test.ts runs it).
// Generated with: npx @hey-api/openapi-ts -i node_modules/payment-apis-toolkit/specs/gateway.json -o <dir>
// (here <dir> is dist/codegen/hey-api/gateway, where the check generates it).
import { encodeForm, type SigningOptions } from "payment-apis-toolkit/gateway";
import { createClient, type Client } from "../../../dist/codegen/hey-api/gateway/client";
import { createAuthorization, type CreateAuthorizationData } from "../../../dist/codegen/hey-api/gateway";
import { basicAuthorization, createSignedFetch } from "./signed-fetch";

export function createHeyApiGateway(options: { baseUrl: string; apiKey: string; signing: SigningOptions }): Client {
  return createClient({
    baseUrl: options.baseUrl,
    headers: { Authorization: basicAuthorization(options.apiKey) },
    // The client's default; each generated operation sets its own URLSearchParams serializer,
    // which wins over this one, so operations with a form body get `bodySerializer` per call too.
    bodySerializer: encodeForm,
    fetch: createSignedFetch(options.signing),
  });
}

/** POST /authorizations with bracket names (`card[pan]=...`), signed over the bytes sent. */
export async function authorizeWithHeyApi(client: Client, body: CreateAuthorizationData["body"]) {
  const { data, error, response } = await createAuthorization({ client, body, bodySerializer: encodeForm });
  return { status: response.status, approved: data, declined: error };
}
