// OPTIONS on a file's `download` link: the methods its link permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ file, accessToken }: SampleContext): Promise<string[]> {
  const download = file._links["ch:data"].find((link) => link.name === "download");
  if (!download) throw new Error("the file has no download link");
  // The merchant client has no OPTIONS method: send it to the link with a bearer token (see createToken).
  const response = await fetch(download.href, { method: "OPTIONS", headers: { Authorization: `Bearer ${accessToken}` } });
  if (response.status !== 204) throw new Error(`OPTIONS answered HTTP ${response.status}`);
  return (response.headers.get("Allow") ?? "").split(",").map((method) => method.trim());
}
