// GET /: the entry point's links; no flow helper covers it, so this uses the typed core.
import { readFileSync } from "node:fs";
import { createGatewayClient, GatewayHttpError } from "payment-apis-toolkit/gateway";

// Once per process: GATEWAY_BASE_URL is "test", "live" or a URL (the local sandbox: http://127.0.0.1:4020).
const gateway = createGatewayClient({
  baseUrl: process.env.GATEWAY_BASE_URL ?? "test",
  apiKey: process.env.GATEWAY_API_KEY ?? "",
  signing: {
    apiKey: process.env.GATEWAY_SIGNING_API_KEY ?? "",
    privateKey: readFileSync(process.env.GATEWAY_SIGNING_KEY_FILE ?? "signing-key.pem"),
  },
});

export async function sample() {
  const { data, response } = await gateway.GET("/");
  if (!data) throw new GatewayHttpError(`GET / answered HTTP ${response.status}`, response.status, "GET", "/");
  return data._links; // { authorizations: { href }, account: { href } }
}
