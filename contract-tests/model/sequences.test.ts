/**
 * The model beside the target: fast-check command sequences over each API's operations, every
 * answer compared with the model's prediction (./gateway/, ./merchant/). A failing sequence is
 * shrunk to the shortest that still fails, and the failure names the answer, each place that
 * differs with its rule, the sequence, the seed and how to replay it; the test's reproduction is
 * that answer's request. A default run draws the same sequences every time (CONTRACT_MODEL_SEED,
 * `--seed`); CONTRACT_MODEL_RUNS (`--runs`) explores more. The mock remembers nothing: these
 * predictions need state, and are skipped there with the reason.
 */
import fc from "fast-check";
import { describe, expect } from "vitest";
import { scenario, session, target } from "../support/context";
import { replay } from "./common/compare";
import { comparisons, uncompared } from "./common/prediction";
import { gatewayCommands, type GatewayReal } from "./gateway/commands";
import { GatewayModel } from "./gateway/model";
import { answerOf } from "./common/compare";
import { coverageOf } from "./coverage";
import { merchantCommands, merchantSetup, otherClients } from "./merchant/commands";
import type { Client } from "./merchant/model";

const { runs, seed } = target.model;
replay.line = `seed ${seed}; replay this run with CONTRACT_MODEL_SEED=${seed} (payment-apis contract --seed ${seed})`;

/**
 * Sequences of up to this many commands (fast-check draws a length up to it, then skips the
 * commands that do not apply yet): long enough that any seed reaches the rules that need several
 * answers, short enough to shrink. The merchant API's requests are cheaper, and its rules need
 * resources of three kinds: its sequences are longer.
 */
const MAX_COMMANDS = { gateway: 20, merchant: 28 } as const;

const settings = { seed, numRuns: runs } as const;

/**
 * The rules the model compares with answers in a default run (each a rule of the inventory): the
 * scenario claims them, and fails when its sequences did not compare one of them (a seed or a run
 * count that never reaches it: raise --runs).
 */
const GATEWAY_RULES = [
  "gateway:default:CaptureRequest.amount",
  "gateway:default:RefundRequest.amount",
  "gateway:default:TextOnStatement",
  "gateway:rule:createVoid",
  "gateway:echo:createAuthorization",
  "gateway:echo:createCapture",
  "gateway:echo:createCredit",
  "gateway:echo:createDebit",
  "gateway:echo:createRefund",
  "gateway:guide:media-type-version",
  "gateway:link:AuthorizationLinks.captures",
  "gateway:link:AuthorizationLinks.refunds",
  "gateway:link:AuthorizationLinks.voids",
  "gateway:link:CaptureLinks.authorization",
  "gateway:link:CaptureLinks.refunds",
  "gateway:link:DebitRefund.debit",
  "gateway:link:Debit.refunds",
  "gateway:link:RefundLinks.authorization",
  "gateway:rule:CaptureRequest.amount",
  "gateway:rule:RefundRequest.amount",
  "gateway:rule:createDebitRefund",
  "gateway:status:AuthorizationApproved",
  "gateway:status:AuthorizationDeclined",
  "gateway:status:CaptureApproved",
  "gateway:status:CaptureDeclined",
  "gateway:status:CreditApproved",
  "gateway:status:DebitApproved",
  "gateway:status:DebitRefundApproved",
  "gateway:status:DebitRefundDeclined",
  "gateway:status:RefundDeclined",
  "gateway:status:VoidApproved",
  "gateway:status:VoidDeclined",
  "gateway:x-test-environment:accepted-test-pans",
  "gateway:x-test-environment:matching-csc",
  "gateway:x-test-environment:status-forcing-pans",
  "gateway:x-windows:debit-refunds-per-debit",
  "gateway:x-windows:voidable-status-codes",
];
const MERCHANT_RULES = [
  "merchant:default:parameter.Page",
  "merchant:default:parameter.PerPage",
  "merchant:echo:createApplication",
  "merchant:echo:createApplicationFile",
  "merchant:echo:createComment",
  "merchant:echo:createPerson",
  "merchant:echo:updatePerson",
  "merchant:header:Location",
  "merchant:header:RateLimitLimit",
  "merchant:header:RateLimitRemaining",
  "merchant:header:RateLimitReset",
  "merchant:link:Person.ch:application",
  "merchant:link:File.ch:application",
  "merchant:link:CommentContextLinks.ch:application",
  "merchant:link:FileCollection.ch:application",
  "merchant:link:HalLinks.self",
  "merchant:link:Token.ch:root",
  "merchant:readback:createComment",
  "merchant:status:getRoot:200",
  "merchant:x-curie-href:Curie",
  "merchant:query:CollectionLinks.first",
  "merchant:query:CollectionLinks.last",
  "merchant:query:CollectionLinks.next",
  "merchant:query:CollectionLinks.prev",
  "merchant:query:Page",
  "merchant:query:PerPage",
  "merchant:readback:updateFile",
  "merchant:readback:updatePerson",
  "merchant:status:ApplicationCreated",
  "merchant:status:ApplicationFileCreated",
  "merchant:status:CommentCreated",
  "merchant:status:PersonCreated",
  "merchant:status:NotFound",
  "merchant:status:NoContent",
  "merchant:echo:updateFile",
  "merchant:status:createToken:200",
  "merchant:time:OAuthToken.expires_in",
];

/**
 * fast-check's report (seed, path, the shrunk counterexample) with the failure of its last run in
 * front: the answer that differed comes first, so that it is the one the reproduction sends.
 */
async function assertSequences(property: fc.IAsyncProperty<[unknown]>): Promise<void> {
  try {
    await fc.assert(property, settings);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    if (cause === undefined || !(error instanceof Error)) throw error;
    throw new Error(`${cause}\n${error.message}`, { cause: error });
  }
}

/**
 * Prints how many of the places the determination inventory marks determined, in the answers the
 * sequences got (each operation and documented status), the model predicted.
 */
function printCoverage(api: "gateway" | "merchant"): void {
  const { determined, predicted } = coverageOf(api);
  console.log(`${api}: ${predicted} of ${determined} determined places of the answers the sequences got were predicted`);
}

/** Fails when a claimed rule was not compared during the scenario. */
function expectCompared(before: ReadonlyMap<string, number>, rules: readonly string[]): void {
  expect(uncompared(before, rules).join(", "), `rules the sequences of ${replay.line} never compared with an answer`).toBe("");
}

describe("The model beside the target", () => {
  scenario(
    "Gateway API: every answer of random sequences of authorizations, captures, refunds, voids, debits, debit refunds and credits, across keys and accounts and the test clock, is what the model predicts",
    { api: "gateway", behaviour: true, testCards: true, rules: GATEWAY_RULES },
    async () => {
      const before = comparisons();
      const setup = async () => {
        const real: GatewayReal = {
          session: session("gateway"),
          trail: [],
          keys: { main: target.gateway.apiKey, second: target.gateway.secondApiKey, other: target.gateway.otherMerchantApiKey },
        };
        const model = new GatewayModel();
        for (const account of ["main", "other"] as const) {
          const apiKey = real.keys[account];
          if (apiKey === undefined) continue;
          model.learnAccount(account, answerOf(await real.session.call({ operationId: "getAccount", apiKey })));
        }
        return { model, real };
      };
      await assertSequences(
        fc.asyncProperty(fc.commands(gatewayCommands(target), { maxCommands: MAX_COMMANDS.gateway, size: "max" }), (commands) =>
          fc.asyncModelRun(setup, commands),
        ),
      );
      expectCompared(before, GATEWAY_RULES);
      printCoverage("gateway");
    },
  );

  scenario(
    "Merchant Management API: every answer of random sequences of applications, people, files, comments, listings read in every direction and tokens is what the model predicts",
    { api: "merchant", behaviour: true, rules: MERCHANT_RULES },
    async () => {
      const before = comparisons();
      const tokens = await otherClients(session("merchant"));
      const clients: Client[] = ["own", "sibling", ...(tokens.stranger === undefined ? [] : ["stranger" as const])];
      await assertSequences(
        fc.asyncProperty(fc.commands(merchantCommands(clients), { maxCommands: MAX_COMMANDS.merchant, size: "max" }), (commands) =>
          fc.asyncModelRun(() => merchantSetup(session("merchant"), tokens), commands),
        ),
      );
      expectCompared(before, MERCHANT_RULES);
      printCoverage("merchant");
    },
  );
});
