/**
 * The suite's setup file (contract-tests/vitest.config.mts): the waivers' claims see every answer of
 * the sandbox target. Registered from here, above both, so that the suite's HTTP layer (support/)
 * never imports the rules. Run before each file; the observer is the same function each time.
 */
import { onSandboxAnswer } from "../support/http";
import { checkSandboxClaims } from "./waiver-claims";

onSandboxAnswer(checkSandboxClaims);
