// GET /: the entry point's links; no flow helper covers it, so this uses the typed core.
import { GatewayHttpError } from "payment-apis-toolkit/gateway";
import type { SampleContext } from "../context";

export async function sample({ gateway }: SampleContext) {
  const { data, response } = await gateway.GET("/");
  if (!data) throw new GatewayHttpError(`GET / answered HTTP ${response.status}`, response.status, "GET", "/");
  return data._links; // { authorizations: { href }, account: { href } }
}
