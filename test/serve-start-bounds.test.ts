/**
 * Start-up bounds that hold on a busy machine (src/testkit/serve/ready.ts, process-cpu.ts): a
 * child process is given CPU time to start, not wall time, and fails fast when it exits or stalls.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import getPort from "get-port";
import { afterEach, describe, expect, it } from "vitest";
import { cpuMilliseconds } from "../src/testkit/serve/process-cpu";
import { parseReadyLine, waitUntilChildListens } from "../src/testkit/serve/ready";
import { ended, startServing } from "./support/processes";

const hasProc = existsSync("/proc/self/stat");
const children: ChildProcess[] = [];

/** A Node child running `program`; killed after each test, and it exits by itself when this process goes away (its stdin closes). */
function child(program: string): ChildProcess {
  const started = spawn(process.execPath, ["-e", `process.stdin.on("close", () => process.exit(0)).resume(); ${program}`], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(started);
  return started;
}

afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

describe("waitUntilChildListens", () => {
  it("resolves once the child answers HTTP", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const server = child(
      `require("node:http").createServer((q, s) => s.end()).listen(${port}, "127.0.0.1"); setTimeout(() => {}, 60_000);`,
    );
    await expect(
      waitUntilChildListens(server, `http://127.0.0.1:${port}`, { cpuBudgetMs: 60_000, stallMs: 60_000 }, "the test server"),
    ).resolves.toBeUndefined();
  });

  it("fails, naming the child, when it exits before it answers", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const exiting = child(`console.error("no spec file"); process.exit(3);`);
    await expect(
      waitUntilChildListens(exiting, `http://127.0.0.1:${port}`, { cpuBudgetMs: 60_000, stallMs: 60_000 }, "the test server"),
    ).rejects.toThrow(/the test server did not listen on .*: it exited with 3:\n.*no spec file/);
  });

  it("fails when the child spends no CPU time for the stall bound", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const waiting = child("setInterval(() => {}, 1_000_000);");
    await expect(
      waitUntilChildListens(waiting, `http://127.0.0.1:${port}`, { cpuBudgetMs: 60_000, stallMs: 1_000 }, "the test server"),
    ).rejects.toThrow(/it spent no CPU time for 1.0 s/);
  });

  it.skipIf(!hasProc)("fails when the child spends its CPU budget without answering, however long that takes", async () => {
    const port = await getPort({ host: "127.0.0.1" });
    const spinning = child("for (;;) {}");
    await expect(
      waitUntilChildListens(spinning, `http://127.0.0.1:${port}`, { cpuBudgetMs: 300, stallMs: 60_000 }, "the test server"),
    ).rejects.toThrow(/it spent \d+\.\d s of CPU time starting/);
  });
});

describe("startServing (the tests' start of a serving command)", () => {
  it.skipIf(!hasProc)("stops the command and every process it started when the start stalls, then fails saying why", async () => {
    // A parent that starts a child which prints its pid, then both wait without a ready line.
    const program = `const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1e6)"], { stdio: "ignore" });
      console.log("child " + c.pid); setInterval(() => {}, 1e6);`;
    const failure = await startServing(process.execPath, ["-e", program], process.cwd(), process.env, {
      cpuBudgetMs: 60_000,
      stallMs: 1_000,
    }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const output = (failure as Error).message;
    expect(output).toMatch(/no ready line: no output or CPU time for 1 s/);
    const childPid = Number(/child (\d+)/.exec(output)?.[1]);
    expect(childPid).toBeGreaterThan(0);
    // The grandchild was stopped with its group: it ends (or is named as left running).
    await ended([childPid]);
  });
});

describe("cpuMilliseconds", () => {
  it.skipIf(!hasProc)("grows while a process computes, and is undefined for no process", async () => {
    const spinning = child("for (;;) {}");
    const pid = spinning.pid!;
    const first = cpuMilliseconds(pid) ?? 0;
    await expect.poll(() => cpuMilliseconds(pid) ?? 0, { interval: 50 }).toBeGreaterThan(first + 100);
    expect(cpuMilliseconds(2 ** 31 - 1)).toBeUndefined();
  });
});

describe("parseReadyLine", () => {
  it("reads each name up to its first `=`, so a URL with `=` in its query stays whole", () => {
    const line = readyLineOf([
      ["gateway-sandbox", "http://127.0.0.1:4020"],
      ["proxy", "http://127.0.0.1:4030/base?tenant=a&x=b"],
    ]);
    expect(parseReadyLine(line)).toEqual({ "gateway-sandbox": "http://127.0.0.1:4020", proxy: "http://127.0.0.1:4030/base?tenant=a&x=b" });
  });
});

function readyLineOf(endpoints: Array<[string, string]>): string {
  return `ready ${endpoints.map(([name, url]) => `${name}=${url}`).join(" ")}`;
}
