/**
 * The sandbox's fault-injection seam. The contract suite's mutation run (contract-tests/mutants)
 * switches off one rule at a time to prove that a named scenario catches the broken rule. Each
 * switch is read at exactly one rule of the sandbox; all are off unless a caller of
 * `startSandbox` passes them (the CLI and the config file cannot).
 */
export const sandboxFaults = {
  "over-capture": "captures above the remaining amount are approved",
  "debit-refunded-twice": "a debit can be refunded again and again",
  "refund-frees-captured-amount": "a refund lowers the captured amount, so it can be captured again",
  "void-window-ignored": "authorizations can be voided at any age",
  "csc-always-matches": "every CSC is reported as matching",
  "test-pans-ignored": "status-forcing test PANs ignore the amount",
  "other-merchants-transactions-visible": "a key of another merchant account can capture this account's authorizations",
  "merchant-block-forgotten": "after a 40420 merchant-initiated transactions on the card are approved again",
  "rate-limit-not-enforced": "an exhausted quota is never answered 429",
  "token-for-wrong-secret": "the token endpoint issues tokens for a wrong client secret",
  "text-on-statement-not-defaulted": "a transaction sent without `text_on_statement` carries none, not the account's descriptor",
  "capture-default-amount-halved": "a capture without `amount` captures half the remaining amount, not all of it",
} as const;

export type SandboxFault = keyof typeof sandboxFaults;

/** The switched-on faults of one sandbox. */
export class Faults {
  private readonly on: ReadonlySet<SandboxFault>;

  constructor(faults: Iterable<SandboxFault> = []) {
    this.on = new Set(faults);
    for (const fault of this.on) if (!Object.hasOwn(sandboxFaults, fault)) throw new Error(`unknown sandbox fault "${String(fault)}"`);
  }

  has(fault: SandboxFault): boolean {
    return this.on.has(fault);
  }
}

/** No fault: what every sandbox outside the mutation run has. */
export const noFaults = new Faults();
