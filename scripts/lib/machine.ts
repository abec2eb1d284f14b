/** The machine a benchmark ran on, in one line: figures mean little without it. */
import { cpus, platform, release, totalmem } from "node:os";

/** `loadAtStart` (os.loadavg() taken before the measurement) is added when given. */
export function machineLine(loadAtStart?: readonly number[]): string {
  const cpu = cpus();
  const load = loadAtStart ? `; load average at the start ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}` : "";
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.version}${load}`;
}
