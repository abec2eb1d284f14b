/**
 * The one signal lifecycle of a process that owns others: the `payment-apis` commands, `npm
 * start`, the contract runners, the scripts that start children. Its owner's main installs it
 * (`new Lifecycle()`), never an import: one per process. SIGTERM, SIGINT or SIGHUP then stop
 * every child started through ./children.ts (SIGTERM, then SIGKILL after a bound), let a main
 * that is still running unwind (its `finally` blocks; it should start nothing more once `signal`
 * is set), run the registered stop steps, and exit.
 *
 * Exit codes: a process stopped while serving (its main returned "serving") has done its job and
 * exits 0; one interrupted before its work was done exits 128 + the signal's number (130 for
 * SIGINT, 143 for SIGTERM), as a shell reports it.
 *
 * npm and npx do not pass SIGTERM on to the command they run (the command is left orphaned), so a
 * process started by them also stops when its parent goes away (as on SIGHUP).
 */
import { constants } from "node:os";
import { stopRegisteredChildren } from "./children";

/** A stop step; what it returns (or resolves to) is ignored. */
type Stop = () => unknown;

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
const PARENT_CHECK_MS = 500;
/** Stopping that hangs (a step, a main that does not unwind) must not keep the ports (or the CI job) forever. */
const STOP_TIMEOUT_MS = 10_000;

export interface LifecycleOptions {
  /** Stop when the parent process exits. Default: when started by npm or npx (see above). */
  exitWithParent?: boolean;
  log?: (line: string) => void;
}

/** What a main returns: an exit code, "serving" to run until a signal, or nothing (exit with process.exitCode). */
export type MainOutcome = number | "serving" | void;

let installed = false;

export class Lifecycle {
  private readonly stops: Stop[] = [];
  private stopping: Promise<never> | undefined;
  private main: Promise<{ outcome: MainOutcome } | { error: unknown }> | undefined;
  private serving = false;
  private received: NodeJS.Signals | undefined;
  private readonly log: (line: string) => void;

  constructor(options: LifecycleOptions = {}) {
    if (installed) throw new Error("a Lifecycle is already installed in this process: only its owner's main installs one");
    installed = true;
    this.log = options.log ?? ((line) => console.error(line));
    for (const signal of SIGNALS) process.on(signal, () => this.interrupt(signal, `${signal} received, stopping`));
    const exitWithParent = options.exitWithParent ?? startedByNpm(process.env);
    if (exitWithParent) {
      const parent = process.ppid;
      setInterval(() => {
        if (process.ppid !== parent) this.interrupt("SIGHUP", "the parent process exited, stopping");
      }, PARENT_CHECK_MS).unref();
    }
  }

  /** The signal that interrupted this process, if one did: an owner starts nothing more after it. */
  get signal(): NodeJS.Signals | undefined {
    return this.received;
  }

  /** Registers a stop step; steps run in reverse order of registration, like a stack unwinding. */
  add(stop: Stop): void {
    this.stops.push(stop);
  }

  /** Stops everything (children, then steps), then exits with `code`. Later calls wait for the first. */
  exit(code: number, reason?: string): Promise<never> {
    this.stopping ??= this.stopAll(code, reason, false);
    return this.stopping;
  }

  /**
   * Runs `main`, then exits with its outcome, or keeps serving when it returns "serving". An error
   * stops what it had started, is printed as one line, and exits 1.
   */
  async run(main: () => Promise<MainOutcome>): Promise<void> {
    this.main = main().then(
      (outcome) => ({ outcome }),
      (error: unknown) => ({ error }),
    );
    const ended = await this.main;
    // Interrupted, or exited from inside: that stop decides the exit code (an error now is likely its consequence).
    if (this.stopping) return;
    if ("error" in ended) {
      const message = ended.error instanceof Error ? ended.error.message : String(ended.error);
      return this.exit(1, `error: ${message}`);
    }
    if (ended.outcome === "serving") this.serving = true;
    else await this.exit(typeof ended.outcome === "number" ? ended.outcome : Number(process.exitCode ?? 0));
  }

  private interrupt(signal: NodeJS.Signals, reason: string): void {
    this.received ??= signal;
    this.stopping ??= this.stopAll(this.serving ? 0 : 128 + constants.signals[signal], reason, true);
  }

  private async stopAll(code: number, reason: string | undefined, unwindMain: boolean): Promise<never> {
    if (reason) this.log(reason);
    const timer = setTimeout(() => {
      this.log(`stopping took over ${STOP_TIMEOUT_MS} ms; exiting anyway`);
      process.exit(code === 0 ? 1 : code);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    await stopRegisteredChildren();
    // Its children are gone, so a main still running ends (its `finally` blocks run) before the steps.
    if (unwindMain) await this.main;
    await this.runStops();
    // Any started meanwhile were stopped as they started; wait for them too.
    await stopRegisteredChildren();
    process.exit(code);
  }

  private async runStops(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        this.log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/** npm sets these in the environment of every command it runs (`npm run`, `npm start`, `npx`). */
export function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.npm_lifecycle_event || env.npm_command);
}
