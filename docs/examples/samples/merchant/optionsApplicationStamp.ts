// OPTIONS on an application's `archived` stamp (removable: DELETE is allowed): the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ application, accessToken }: SampleContext): Promise<string[]> {
  const stamp = application._links["ch:stamps"]?.find((link) => link.name === "archived");
  if (!stamp) throw new Error("the application offers no archived stamp now");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(stamp.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}
