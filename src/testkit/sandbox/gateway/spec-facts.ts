/**
 * Facts of the test environment and the windows. The gateway spec states them machine-readably
 * on its chapters (`x-test-environment`, `x-windows`), generated into
 * generated/gateway/constants.ts; test/spec-rules.test.ts keeps them in agreement with the
 * chapters' prose, so the sandbox and the documentation cannot drift apart.
 */
import { approvedStatusCode, testEnvironment, windows } from "../../../../generated/gateway/constants";

export interface GatewayFacts {
  /** The special test PANs the test host accepts although they are Luhn-valid. */
  testPans: string[];
  /** PAN prefix/suffix pairs whose amount forces the status code. */
  forcingRules: Array<{ prefix: string; suffix: string }>;
  /** The only CSC that counts as a match on the test host. */
  matchingCsc: string;
  /** No capture when the authorization is this many days old or older. */
  captureWindowDays: number;
  /** No refund when the last capture is more than this many days old. */
  refundWindowDays: number;
  /** No void when the authorization is this many days old or older. */
  voidWindowDays: number;
  /** Status code, besides the approved one, of authorizations that can still be voided. */
  voidableDeclineCode: number;
}

export function readGatewayFacts(): GatewayFacts {
  return {
    testPans: [...testEnvironment["accepted-test-pans"]],
    forcingRules: testEnvironment["status-forcing-pans"].map((rule) => ({ ...rule })),
    matchingCsc: testEnvironment["matching-csc"],
    captureWindowDays: windows["capture-before-days"],
    refundWindowDays: windows["capture-refund-within-days-of-last-capture"],
    voidWindowDays: windows["void-before-days"],
    voidableDeclineCode: windows["voidable-status-codes"].find((code) => code !== approvedStatusCode)!,
  };
}
