/**
 * The sandbox's test clock: wall-clock time plus an offset that only moves forward, so that
 * the windows (capture 180 days, refund 365 days, void 30 days, token and upload-link expiry,
 * rate-limit windows) can be exercised without waiting. Shared by both APIs of one sandbox.
 */
/**
 * Bounds of the test clock: one step moves at most ten years, and the clock runs at most a
 * hundred years ahead, so every date it yields stays a valid date (and every window computed
 * from it a finite number). Enough for the longest window of either API (365 days).
 */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 60 * 60;
export const MAX_OFFSET_SECONDS = 100 * 366 * 24 * 60 * 60;

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
    const problem = this.refusalOf(seconds);
    if (problem) throw new RangeError(problem);
    this.offsetMs += Math.round(seconds * 1000);
  }

  /** Why `advance(seconds)` would be refused, or undefined when it is within the bounds. */
  refusalOf(seconds: unknown): string | undefined {
    if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
      return `advance_seconds must be a number from 0 to ${MAX_ADVANCE_SECONDS} (ten years); the clock never goes back`;
    }
    if (this.offsetMs / 1000 + seconds > MAX_OFFSET_SECONDS) {
      return `the clock may run at most ${MAX_OFFSET_SECONDS} seconds (a hundred years) ahead; it is ${Math.round(this.offsetMs / 1000)} ahead`;
    }
    return undefined;
  }

  /** How far the sandbox clock is ahead of the wall clock, in seconds. */
  offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}

/** RFC 3339 with a numeric offset and second precision, as the gateway prints it: `2026-11-20T10:15:30+00:00`. */
export function gatewayTimestamp(ms: number): string {
  // Every transaction carries one: the text of the current second is made once.
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastTimestamp = new Date(second * 1000).toISOString().replace(/\.\d{3}Z$/, "+00:00");
  }
  return lastTimestamp;
}

let lastSecond = Number.NaN;
let lastTimestamp = "";

export const DAY_MS = 24 * 60 * 60 * 1000;
