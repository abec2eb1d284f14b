/**
 * A run that cannot work, and the exit code it ends with. Apart from the preflight's checks
 * (preflight.ts), which call the target over HTTP: reading a target's settings (target.ts) may
 * refuse a run too, and must not import the HTTP layer that imports the target's type.
 */

/** `payment-apis contract` and the suite exit with this when the run could not start: nothing was tested. */
export const PREFLIGHT_EXIT_CODE = 3;

/** A run that cannot work: every problem, one line each. */
export class PreflightError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}
