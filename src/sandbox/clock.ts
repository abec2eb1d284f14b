/**
 * The sandbox's test clock: wall-clock time plus an offset that only moves forward, so that
 * the windows (capture 180 days, refund 365 days, void 30 days, token and upload-link expiry,
 * rate-limit windows) can be exercised without waiting. Shared by both APIs of one sandbox.
 */
export class SandboxClock {
  private offsetMs = 0;

  /** Current sandbox time in milliseconds since the epoch. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  /** Moves time forward; refuses to go back (a window that reopened would mislead tests). */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError("advance_seconds must be a number >= 0");
    this.offsetMs += Math.round(seconds * 1000);
  }

  /** How far the sandbox clock is ahead of the wall clock, in seconds. */
  offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}

/** RFC 3339 with a numeric offset and second precision, as the gateway prints it: `2026-11-20T10:15:30+00:00`. */
export function gatewayTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

export const DAY_MS = 24 * 60 * 60 * 1000;
