/**
 * Gateway rules that hold through a default (issue 25): what is invalid for a merchant-initiated
 * transaction is invalid on a subsequent-in-series one even when `initiator` is not sent, since
 * the source makes such a transaction merchant-initiated by default; and what a
 * cardholder-initiated one needs, one without `initiator` outside a series continuation needs.
 */
import { describe, expect } from "vitest";
import { statusCodeByKey, testEnvironment } from "../../generated/gateway/constants";
import { scenario, session } from "../support/context";
import { card, expectApproved, expectDeclined, Gateway, specExample } from "../support/gateway";

const behaviour = { api: "gateway", behaviour: true } as const;
const INPUT_ERROR = statusCodeByKey["general-input-error"];

describe("Defaults that carry a rule", () => {
  scenario(
    "a subsequent-in-series is merchant-initiated by default: credential_on_file=store without initiator is an input error naming credential_on_file, use is approved",
    {
      ...behaviour,
      testCards: true,
      rules: [
        "gateway:rule:AuthorizationParameters.credential_on_file",
        "gateway:rule:AuthorizationParameters.initiator",
        "gateway:default:AuthorizationParameters.initiator",
      ],
    },
    async () => {
      const gw = new Gateway(session("gateway"));
      const first = await gw.authorize({ amount: 1000, series: { type: "recurring" } });
      expectApproved(first, "first-in-series");
      const { csc: _csc, ...subsequentCard } = card();
      const next = (credential_on_file: string) =>
        gw.session.call({
          operationId: "createAuthorization",
          body: { amount: 500, currency: "EUR", credential_on_file, series: { previous: { id: first.json.id } }, card: subsequentCard },
        });
      const store = await next("store");
      expectDeclined(store, INPUT_ERROR, "a subsequent-in-series storing the credential, initiator omitted");
      expect(String(store.json?.status?.message ?? ""), "names credential_on_file").toMatch(/credential_on_file/);
      expectApproved(await next("use"), "the same subsequent-in-series using the stored credential");
    },
  );

  scenario(
    "a token payment without initiator is cardholder-initiated: token[tav] with the scheme-neutral token[tan], token[vts] without eci and tav, or token[m4m] without tav, is an input error naming the token; with them it is approved",
    {
      ...behaviour,
      testCards: true,
      rules: ["gateway:rule:TokenMethod.tav", "gateway:rule:VtsToken.eci", "gateway:rule:VtsToken.tav", "gateway:rule:M4mToken.tav"],
    },
    async () => {
      const gw = new Gateway(session("gateway"));
      const pay = (body: Record<string, unknown>) => gw.session.call({ operationId: "createAuthorization", body });
      // The examples' token numbers are not test PANs; a Visa and a Mastercard one the test host accepts.
      const [mastercard, visa] = testEnvironment["accepted-test-pans"];
      // framework undefined: the scheme-neutral values sit directly in token[...].
      for (const [name, framework, values, tan] of [
        ["token", undefined, ["tav"], visa],
        ["tokenVts", "vts", ["eci", "tav"], visa],
        ["tokenM4m", "m4m", ["tav"], mastercard],
      ] as const) {
        const example = specExample("createAuthorization", name);
        const token = framework ? example.token?.[framework] : example.token;
        if (!token) throw new Error(`the spec example ${name} pays without token${framework ? `[${framework}]` : ""}`);
        token.tan = tan;
        const left = new Set<string>(values);
        const bare = Object.fromEntries(Object.entries(token).filter(([key]) => !left.has(key)));
        const refused = await pay({ ...example, token: framework ? { [framework]: bare } : bare });
        const named = framework ? `token[${framework}]` : "token";
        expectDeclined(refused, INPUT_ERROR, `${named} without ${values.join(" and ")}, initiator omitted`);
        expect(String(refused.json?.status?.message ?? ""), "names the token").toMatch(new RegExp(`token\\[${framework ?? "tav"}\\]`));
        expectApproved(await pay(example), `the spec example ${name}`);
      }
    },
  );
});
