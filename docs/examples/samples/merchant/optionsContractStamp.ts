// OPTIONS on a contract's `signed` stamp: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ contract, accessToken }: SampleContext): Promise<string[]> {
  const stamp = contract._links["ch:stamps"]?.find((link) => link.name === "signed");
  if (!stamp) throw new Error("the contract cannot be signed in its state");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(stamp.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}
