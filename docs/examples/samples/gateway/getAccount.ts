// The merchant account the API key belongs to: merchant id, descriptor, currency, MCC.
import { GatewayAuthenticationError } from "payment-apis-toolkit/gateway";
import type { SampleContext } from "../context";

export async function sample({ gateway }: SampleContext) {
  try {
    const account = await gateway.account();
    console.log(`${account.name} (${account.merchant_id}), settles in ${account.currency}`);
    return account;
  } catch (error) {
    // A disabled or expired API key, or a partner's key (partners cannot read /account).
    if (error instanceof GatewayAuthenticationError) console.error("the API key was refused");
    throw error;
  }
}
