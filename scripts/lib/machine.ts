/** The machine a benchmark ran on, in one line: figures mean little without it. */
import { cpus, loadavg, platform, release, totalmem } from "node:os";

export function machineLine(): string {
  const cpu = cpus();
  const load = loadavg().map((l) => l.toFixed(2)).join(" / ");
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ${platform()} ${release()}, Node ${process.version}; load average at the start ${load}`;
}
