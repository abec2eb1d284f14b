/**
 * Gateway rules that hold through a default (issue 25): what is invalid for a merchant-initiated
 * transaction is invalid on a subsequent-in-series one even when `initiator` is not sent, since
 * the source makes such a transaction merchant-initiated by default.
 */
import { describe, expect } from "vitest";
import { statusCodeByKey } from "../../generated/gateway/constants";
import { scenario, session } from "../support/context";
import { card, expectApproved, expectDeclined, Gateway } from "../support/gateway";

const behaviour = { api: "gateway", behaviour: true } as const;
const INPUT_ERROR = statusCodeByKey["general-input-error"];

describe("Defaults that carry a rule", () => {
  scenario(
    "a subsequent-in-series is merchant-initiated by default: credential_on_file=store without initiator is an input error naming credential_on_file, use is approved",
    { ...behaviour, testCards: true, rules: ["gateway:rule:AuthorizationParameters.credential_on_file", "gateway:rule:AuthorizationParameters.initiator"] },
    async () => {
      const gw = new Gateway(session("gateway"));
      const first = await gw.authorize({ amount: 1000, series: { type: "recurring" } });
      expectApproved(first, "first-in-series");
      const { csc: _csc, ...subsequentCard } = card();
      const next = (credential_on_file: string) =>
        gw.session.call({ operationId: "createAuthorization", body: { amount: 500, currency: "EUR", credential_on_file, series: { previous: { id: first.json.id } }, card: subsequentCard } });
      const store = await next("store");
      expectDeclined(store, INPUT_ERROR, "a subsequent-in-series storing the credential, initiator omitted");
      expect(String(store.json?.status?.message ?? ""), "names credential_on_file").toMatch(/credential_on_file/);
      expectApproved(await next("use"), "the same subsequent-in-series using the stored credential");
    },
  );
});
