/**
 * The life of a serving process (`payment-apis sandbox|mock|proxy|contract`, `npm start`):
 * whatever it starts is registered here, and SIGTERM, SIGINT or SIGHUP stop all of it before
 * the process exits. npm and npx do not pass SIGTERM on to the command they run (the command is
 * left orphaned), so a process started by them also stops when its parent goes away.
 */

type Stop = () => Promise<void> | void;

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
const PARENT_CHECK_MS = 500;
/** A stop step that hangs must not keep the ports (or the CI job) forever. */
const STOP_TIMEOUT_MS = 10_000;

export interface LifecycleOptions {
  /** Stop when the parent process exits. Default: when started by npm or npx (see above). */
  exitWithParent?: boolean;
  log?: (line: string) => void;
}

export class Lifecycle {
  private readonly stops: Stop[] = [];
  private stopping: Promise<never> | undefined;
  private readonly log: (line: string) => void;

  constructor(options: LifecycleOptions = {}) {
    this.log = options.log ?? ((line) => console.error(line));
    for (const signal of SIGNALS) process.on(signal, () => void this.exit(0, `${signal} received, stopping`));
    const exitWithParent = options.exitWithParent ?? startedByNpm(process.env);
    if (exitWithParent) {
      const parent = process.ppid;
      setInterval(() => {
        if (process.ppid !== parent) void this.exit(0, "the parent process exited, stopping");
      }, PARENT_CHECK_MS).unref();
    }
  }

  /** Registers a stop step; steps run in reverse order of registration, like a stack unwinding. */
  add(stop: Stop): void {
    this.stops.push(stop);
  }

  /** Stops everything registered, then exits with `code`. Later calls wait for the first. */
  exit(code: number, reason?: string): Promise<never> {
    this.stopping ??= this.stopAll(code, reason);
    return this.stopping;
  }

  /** Runs `main`; an error stops what it had started, is printed as one line, and exits 1. */
  async run(main: () => Promise<void>): Promise<void> {
    try {
      await main();
    } catch (error) {
      await this.exit(1, `error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async stopAll(code: number, reason?: string): Promise<never> {
    if (reason) this.log(reason);
    const steps = this.stops.splice(0).reverse();
    const timer = setTimeout(() => {
      this.log(`stopping took over ${STOP_TIMEOUT_MS} ms; exiting anyway`);
      process.exit(code === 0 ? 1 : code);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    for (const stop of steps) {
      try {
        await stop();
      } catch (error) {
        this.log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    process.exit(code);
  }
}

/** npm sets these in the environment of every command it runs (`npm run`, `npm start`, `npx`). */
export function startedByNpm(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.npm_lifecycle_event || env.npm_command);
}
