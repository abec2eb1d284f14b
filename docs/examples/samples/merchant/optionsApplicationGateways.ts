// OPTIONS on an application's gateways collection: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, application, accessToken }: SampleContext): Promise<string[]> {
  const gateways = await merchant.follow(application, "ch:gateways");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(gateways._links.self.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}
