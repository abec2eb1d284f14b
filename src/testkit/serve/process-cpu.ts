/**
 * The CPU time a process has spent (user + system), for bounds that must not depend on how busy
 * the machine is: a process starved of CPU takes longer in wall time, not in CPU time.
 */
import { readFileSync } from "node:fs";

/** Linux reports /proc times in USER_HZ ticks, fixed at 100 per second for user space. */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU time `pid` has spent, or undefined where there is no /proc (not Linux) or no such process. */
export function cpuMilliseconds(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The fields after the command name, which is in parentheses and may hold spaces: utime and
  // stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}
