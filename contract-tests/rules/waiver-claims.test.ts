/**
 * The waivers' claims about the sandbox (`claim` in ./waivers.ts), held to the sandbox's answers:
 * the suite's HTTP layer checks every answer of the run against them as it comes
 * (./waiver-claims.ts, registered by ./claims-setup.ts), and this file runs after every other (contract-tests/vitest.config.mts
 * puts the folders it does not name last), so it sees the whole run's. An API none of whose
 * answers met a claim (this file run alone) is explored first, every operation once.
 */
import { describe } from "vitest";
import { contractTest, session, target } from "../support/context";
import { Explorer } from "../support/explore";
import { claimRecords, type ClaimRecord } from "./waiver-claims";

const underTest = (records: ClaimRecord[]) => records.filter((record) => target.apis.includes(record.claim.api));

describe("Waivers", () => {
  contractTest("every fact a waiver states about the sandbox holds for each answer the sandbox gave in the run", {}, async (ctx) => {
    if (target.kind !== "sandbox")
      ctx.skip(
        `the waivers' claims are about the sandbox (contract-tests/rules/waivers.ts): a ${target.kind} target's answers neither prove nor disprove them`,
      );
    const unmet = new Set(
      underTest(claimRecords())
        .filter((record) => record.checked === 0)
        .map((record) => record.claim.api),
    );
    for (const api of unmet) await new Explorer(session(api)).run();
    const records = underTest(claimRecords());
    const problems = [
      ...records.flatMap((record) => record.contradiction ?? []),
      ...records
        .filter((record) => record.checked === 0)
        .map(
          (record) =>
            `waiver ${record.waiver.rules}: no answer of ${record.claim.operationIds.join(" or ")} came in the run to check its claim against`,
        ),
    ];
    if (problems.length > 0) throw new Error(problems.join("\n"));
  });
});
