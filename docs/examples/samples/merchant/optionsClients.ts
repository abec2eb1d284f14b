// OPTIONS on the client registration endpoint: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ registrationUrl, accessToken }: SampleContext): Promise<string[]> {
  // The merchant client has no OPTIONS method: send it with a bearer token (see createToken).
  const response = await fetch(registrationUrl, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}
