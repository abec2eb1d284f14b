/**
 * Who owns what in the merchant sandbox. Every OAuth client acts for one merchant (configured,
 * or inherited by the clients it registers), every resource a client creates belongs to that
 * merchant, and a client sees only its merchant's resources: another merchant's are answered
 * as if they did not exist (the spec's 404, "not visible to this client"). The seeded
 * transactions and disputes belong to the seeded merchant; gateways are the acquirer's catalogue,
 * the same for every merchant.
 *
 * The merchants are those of the configured clients, known at start, so bounds can be shared (`shareOf` in retention.ts)
 * among them: one merchant's traffic never evicts another merchant's records.
 */
import { seeded, type OAuthClientConfig } from "../../configuration/config";

/** A record that belongs to one merchant. */
export interface Owned {
  merchant: string;
}

/** The merchant a configured client acts for (the seeded one when the config names none). */
export function merchantOfConfigured(client: OAuthClientConfig): string {
  return client.merchant ?? seeded.merchant.merchantId;
}

/** The merchants of the configured clients, each once. */
export function merchantsOf(clients: readonly OAuthClientConfig[]): ReadonlySet<string> {
  return new Set(clients.map(merchantOfConfigured));
}

/** Whether `record` is visible to a client of `merchant`. */
export function visibleTo(merchant: string, record: Owned | undefined): boolean {
  return record !== undefined && record.merchant === merchant;
}
