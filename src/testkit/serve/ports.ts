/**
 * Ports of the serving processes: read from the environment (or a flag), checked, and a
 * listen failure turned into a message that says which port and which setting to change.
 */
import { createServer } from "node:net";

/** The loopback address every server of this toolkit binds to: they serve test card data. */
export const LOOPBACK = "127.0.0.1";

/** Why `raw` is not a port number (0 only with allowZero), or undefined when it is one. */
export function portProblem(raw: string, options: { allowZero?: boolean } = {}): string | undefined {
  const lowest = options.allowZero ? 0 : 1;
  const port = Number(raw);
  return /^\d{1,5}$/.test(raw) && port >= lowest && port <= 65535 ? undefined : `must be a port number from ${lowest} to 65535`;
}

/**
 * A port from the environment, or the fallback when it is not set. 0 (a free port chosen by the
 * system) only where the caller can report the chosen port.
 */
export function portSetting(raw: string | undefined, name: string, fallback: number, options: { allowZero?: boolean } = {}): number {
  if (raw === undefined || raw === "") return fallback;
  const problem = portProblem(raw, options);
  if (problem !== undefined) throw new Error(`${name} ${problem}, got "${raw}"`);
  return Number(raw);
}

/** A listen error as one line that names the address and the setting that chose it. */
export function describeListenError(error: unknown, port: number, setting: string): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE")
    return new Error(`${LOOPBACK}:${port} is already in use: stop what listens there or choose another port with ${setting}`);
  if (code === "EACCES") return new Error(`${LOOPBACK}:${port} may not be used by this user: choose another port with ${setting}`);
  return new Error(`cannot listen on ${LOOPBACK}:${port} (${setting}): ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Fails with describeListenError when the port cannot be bound. For servers run in a child
 * process (Prism), whose own bind failure would otherwise look like a slow start, or worse,
 * whose readiness probe would be answered by whatever already listens there.
 */
export function assertPortFree(port: number, setting: string): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", (error) => fail(describeListenError(error, port, setting)));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => done()));
  });
}
