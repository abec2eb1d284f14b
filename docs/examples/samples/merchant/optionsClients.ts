// OPTIONS on the client registration endpoint: the methods it permits, from the Allow header.
import type { SampleContext } from "../context";

export async function sample({ merchant, registrationUrl }: SampleContext): Promise<string[]> {
  // No resource links to it: pass its configured address as a link.
  return merchant.allowed({ href: registrationUrl });
}
