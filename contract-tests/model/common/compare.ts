/**
 * The model beside the target: each command of a sequence sends its request through the suite's
 * HTTP layer (so the answer is also held to the spec's schemas and the run's invariants), then
 * compares the answer with the model's prediction, place by place. A difference fails the
 * sequence with the answer it is about (first, so that the failure's reproduction is that
 * request), each place with the rule that determines it, and the requests of the sequence so far.
 */
import type { Exchange, ApiSession, CallOptions } from "../../support/http";
import { describeExchange } from "../../support/http";
import { noteCompared } from "./coverage";
import { differences, type Answer, type Expectation } from "./prediction";

/** The target's side of a sequence: the session (one per sequence: its own token) and the requests sent so far. */
export interface Real {
  session: ApiSession;
  /** `<step>: <exchange>` lines, in order. */
  trail: string[];
}

export class PredictionFailure extends Error {}

export const answerOf = (exchange: Exchange): Answer => ({
  status: exchange.status,
  header: (name) => exchange.headers.get(name),
  json: exchange.json,
});

/** The seed and run count the sequences use, printed with every failure (set by ./sequences.ts). */
export const replay = { line: "" };

/**
 * Sends one request of a step and holds its answer to the expectations (`more` are those that
 * need the answer's free values first, such as the links naming its id). Returns the exchange.
 */
export async function sendAndCompare(
  real: Real,
  step: string,
  call: CallOptions,
  expectations: readonly Expectation[],
  more: (exchange: Exchange) => readonly Expectation[] = () => [],
): Promise<Exchange> {
  const exchange = await real.session.call(call);
  real.trail.push(`${step}: ${describeExchange(exchange)}`);
  const all = [...expectations, ...more(exchange)];
  const found = differences(answerOf(exchange), all);
  noteCompared(
    exchange.api,
    exchange.operationId,
    exchange.status,
    all.map((e) => e.place),
  );
  if (found.length > 0) {
    throw new PredictionFailure(
      [
        `${describeExchange(exchange)} differs from the model's prediction:`,
        ...found.map((line) => `  - ${line}`),
        `the sequence that led there (${replay.line}):`,
        ...real.trail.map((line, i) => `  ${i + 1}. ${line}`),
      ].join("\n"),
    );
  }
  return exchange;
}
