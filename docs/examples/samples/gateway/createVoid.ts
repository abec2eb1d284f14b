// Release what remains reserved by an authorization (within 30 days of it).
import type { SampleContext } from "../context";

export async function sample({ gateway, authorizationId }: SampleContext) {
  const outcome = await gateway.void(authorizationId);
  if (!outcome.approved) {
    console.log(`void declined: ${outcome.code} ${outcome.meaning} ${outcome.message ?? ""}`);
  }
  return outcome;
}
