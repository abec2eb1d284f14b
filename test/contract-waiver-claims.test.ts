/**
 * A waiver that excuses a rule because of a fact about the sandbox states that fact as a claim
 * (contract-tests/rules/waivers.ts), which the contract suite checks against the sandbox's
 * answers of its run (contract-tests/rules/waiver-claims.ts, rules/waiver-claims.test.ts): a
 * reason that says so without a claim fails here, a claim must name members its operations'
 * answers document, and an answer carrying a claimed member contradicts it in one line.
 */
import { describe, expect, it } from "vitest";
import { answerPlaces } from "../contract-tests/model/answer-places";
import { waivers } from "../contract-tests/rules/waivers";
import { apiSpec } from "../contract-tests/support/spec";
import { carries, checkSandboxClaims, claimRecords, statesSandboxFact } from "../contract-tests/rules/waiver-claims";

const claimed = waivers.flatMap((waiver) => (waiver.claim ? [{ waiver, claim: waiver.claim.sandboxNeverSends }] : []));

/** A body that carries something at a dotted path (`[]`: an array of one item). */
function bodyWith(path: string): unknown {
  return path
    .split(".")
    .reduceRight<unknown>((inner, step) => (step.endsWith("[]") ? { [step.slice(0, -2)]: [inner] } : { [step]: inner }), "something");
}

describe("waivers that state a fact about the sandbox", () => {
  it("carry it as a claim", () => {
    expect(
      waivers.filter((waiver) => statesSandboxFact(waiver.reason) && !waiver.claim).map((waiver) => waiver.rules),
      "waivers whose reason states a fact about the sandbox without a claim the suite checks",
    ).toEqual([]);
    expect(claimed.length).toBeGreaterThan(0);
  });

  it("are told from the others by their reason", () => {
    expect(statesSandboxFact("optional relations of the cursor-paged transactions that the sandbox never sends")).toBe(true);
    expect(statesSandboxFact("optional, and the sandbox does not send it")).toBe(true);
    expect(statesSandboxFact("optional, and the sandbox sends no self link on a transaction")).toBe(true);
    expect(statesSandboxFact("names the servers (the service's live and test hosts, the local sandbox and mock)")).toBe(false);
    expect(statesSandboxFact("a recommendation to clients, not a rule the service enforces")).toBe(false);
    expect(statesSandboxFact("no answer shows an exponent (proven by the testkit's own sandbox tests)")).toBe(false);
  });

  it("claim members that the answers of their operations document", () => {
    for (const { waiver, claim } of claimed) {
      const places = answerPlaces(apiSpec(claim.api));
      for (const operationId of claim.operationIds)
        for (const member of claim.members)
          expect(
            places.some((place) => place.operationId === operationId && place.in === "body" && place.path === member),
            `${waiver.rules}: ${operationId} documents ${member}`,
          ).toBe(true);
    }
  });

  it("are contradicted by an answer that carries a claimed member, in one line naming the waiver and the exchange", () => {
    const { waiver, claim } = claimed[0]!;
    const operationId = claim.operationIds[0]!;
    const member = claim.members[0]!;
    expect(carries(bodyWith(member), member)).toBe(true);
    const recordOf = () => claimRecords().find((record) => record.waiver === waiver)!;
    const before = recordOf().checked;
    checkSandboxClaims({ api: claim.api, operationId, json: {}, described: "an answer without it" });
    expect(recordOf().checked).toBe(before + 1);
    expect(recordOf().contradiction).toBeUndefined();
    checkSandboxClaims({ api: claim.api, operationId, json: bodyWith(member), described: `GET /x -> 200 (${operationId})` });
    expect(recordOf().contradiction).toBe(
      `waiver ${waiver.rules} is false: it claims the sandbox never sends ${member} in ${claim.operationIds.join(" or ")} answers, but GET /x -> 200 (${operationId}) carries it (correct or remove it in contract-tests/rules/waivers.ts)`,
    );
  });
});

describe("a body carries a member", () => {
  it("at a dotted path, through every item of an array", () => {
    const body = { _links: { self: { href: "/a" } }, _embedded: { "ch:people": [{ name: "A" }, {}] } };
    expect(carries(body, "_links.self")).toBe(true);
    expect(carries(body, "_links.first")).toBe(false);
    expect(carries(body, "_embedded.ch:people[].name")).toBe(true);
    expect(carries({ _embedded: { "ch:people": [{}] } }, "_embedded.ch:people[].name")).toBe(false);
    expect(carries({ _links: null }, "_links.self")).toBe(false);
  });
});
