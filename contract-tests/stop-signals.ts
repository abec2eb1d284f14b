/**
 * SIGINT and SIGTERM for the runners of `npm run test:contract` (run-all, the mutation run,
 * Dredd): the child processes they are waiting on are asked to stop (each stops what it started:
 * vitest its workers and global teardown, Dredd its hooks), the runner then unwinds as after a
 * failure (its `finally` blocks stop its sandboxes and Prism mocks), and exits with 130 or 143.
 * The children stay in the runner's session, so the machine schedules them as part of it.
 */
import type { ChildProcess } from "node:child_process";

const waitedOn = new Set<ChildProcess>();
let signalled: NodeJS.Signals | undefined;

function stop(signal: NodeJS.Signals): void {
  signalled ??= signal;
  process.exitCode = signal === "SIGINT" ? 130 : 143;
  for (const child of waitedOn) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));

/** Registers a child to stop on a signal, until it closes. */
export function stopOnSignal<Child extends ChildProcess>(child: Child): Child {
  if (signalled) child.kill("SIGTERM");
  waitedOn.add(child);
  child.once("close", () => waitedOn.delete(child));
  return child;
}

/** The signal received, if any: a runner starts nothing more after one. */
export function stopSignal(): NodeJS.Signals | undefined {
  return signalled;
}
