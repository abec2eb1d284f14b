/**
 * Facts of the test environment, the windows and the series defaults. The gateway spec states
 * them machine-readably on its chapters (`x-test-environment`, `x-windows`), generated into
 * generated/gateway/constants.ts; test/spec-rules.test.ts keeps them in agreement with the
 * chapters' prose, so the sandbox and the documentation cannot drift apart.
 */
import { testEnvironment, windows } from "../../../../generated/gateway/constants";
import type { components } from "../../../../generated/gateway/schema";
import { getAtPointer, type OpenApiDocument } from "../../openapi-model/document";
import type { StatusCode } from "./status-codes";

export interface GatewayFacts {
  /** The special test PANs the test host accepts although they are Luhn-valid. */
  testPans: string[];
  /** PAN prefix/suffix pairs whose amount forces the status code. */
  forcingRules: Array<{ prefix: string; suffix: string }>;
  /** The status of a forcing PAN whose amount is not a status code of the transaction type. */
  forcingFallbackCode: StatusCode;
  /** The only CSC that counts as a match on the test host. */
  matchingCsc: string;
  /** No capture when the authorization is this many days old or older. */
  captureWindowDays: number;
  /** No refund when the last capture is more than this many days old. */
  refundWindowDays: number;
  /** No void when the authorization is this many days old or older. */
  voidWindowDays: number;
  /** Status codes of authorizations that can be voided (the approved one among them). */
  voidableCodes: readonly StatusCode[];
  /** The series type of raw scheme references that omit it (the schema's `default`). */
  defaultSeriesType: components["schemas"]["SeriesType"];
}

/** The `default` of the `type` of raw Visa series references (Mastercard's is the same). */
function defaultSeriesType(doc: OpenApiDocument): components["schemas"]["SeriesType"] {
  const value = getAtPointer(doc, "/components/schemas/VisaSeriesReference/properties/type/default");
  const types = getAtPointer(doc, "/components/schemas/SeriesType/enum") as unknown[] | undefined;
  if (!types?.includes(value)) throw new Error("gateway spec: VisaSeriesReference.type has no SeriesType default");
  return value as components["schemas"]["SeriesType"];
}

export function readGatewayFacts(doc: OpenApiDocument): GatewayFacts {
  return {
    testPans: [...testEnvironment["accepted-test-pans"]],
    forcingRules: testEnvironment["status-forcing-pans"].map((rule) => ({ ...rule })),
    forcingFallbackCode: testEnvironment["status-forcing-fallback-code"],
    matchingCsc: testEnvironment["matching-csc"],
    captureWindowDays: windows["capture-before-days"],
    refundWindowDays: windows["capture-refund-within-days-of-last-capture"],
    voidWindowDays: windows["void-before-days"],
    voidableCodes: [...windows["voidable-status-codes"]],
    defaultSeriesType: defaultSeriesType(doc),
  };
}
