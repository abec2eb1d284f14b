/**
 * A child started through src/testkit/serve/children.ts stops with its owner: when the owner's
 * Lifecycle gets SIGTERM or SIGINT (130 or 143 for a run, 0 for a serving process), when the owner
 * was started by npm and npm gets SIGTERM, when the owner exits without a Lifecycle, and by SIGKILL
 * when it ignores SIGTERM. The contract runners (`payment-apis contract`, `npm run test:contract`)
 * stop their children on SIGTERM and exit 143. No module installs a signal handler when imported.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";
import { runChild, startChild, type Child } from "../src/testkit/serve/children";
import { descendantsOf, ended, processRuns, until } from "./support/processes";

const tsNode = join(projectRoot, "node_modules", ".bin", "ts-node");
const owner = join("test", "support", "child-owner.ts");

/** test/support/child-owner.ts (through `command`, ts-node by default) and the pid of the child it owns. */
async function startOwner(args: string[], command: string[] = [tsNode]): Promise<{ owner: Child; childPid: number }> {
  let announced: (pid: number) => void = () => undefined;
  const childPid = new Promise<number>((done) => (announced = done));
  const started = startChild(command[0]!, [...command.slice(1), owner, ...args], {
    cwd: projectRoot,
    onLine: (line) => {
      const pid = /^child (\d+)$/.exec(line)?.[1];
      if (pid) announced(Number(pid));
    },
  });
  const exitedFirst = started.finished.then((finished) => Promise.reject(new Error(`the owner exited first:\n${finished.output}`)));
  return { owner: started, childPid: await Promise.race([childPid, exitedFirst]) };
}

describe("a child started through the helper stops with its owner", () => {
  // What the owner prints shows that it stopped its child while it ran (not only at its exit):
  // a run goes on to its end (`child ended by ...`), a stop step finds the child stopped.
  it.each([
    ["SIGTERM to a run that is not done: the child is stopped, the owner exits 143", ["waits"], "SIGTERM", 143, "child ended by SIGTERM"],
    ["SIGINT to a run that is not done: the child is stopped, the owner exits 130", ["waits"], "SIGINT", 130, "child ended by SIGTERM"],
    [
      "SIGTERM to a serving owner: the child is stopped, the owner exits 0",
      ["serves"],
      "SIGTERM",
      0,
      "child running at the stop step: false",
    ],
    ["a child that ignores SIGTERM gets SIGKILL after the bound", ["waits", "stubborn"], "SIGTERM", 143, "child ended by SIGKILL"],
  ] as const)(
    "%s",
    async (_title, args, signal, code, says) => {
      const { owner, childPid } = await startOwner([...args]);
      expect(processRuns(childPid)).toBe(true);
      owner.process.kill(signal);
      const finished = await owner.finished;
      expect(finished.code, finished.output).toBe(code);
      expect(finished.stdout).toContain(says);
      await ended([childPid]);
    },
    60_000,
  );

  it("an owner started by npm: SIGTERM to npm (which does not pass it on) stops the owner and its child", async () => {
    const { owner, childPid } = await startOwner(["waits"], ["npm", "exec", "--offline", "--", "ts-node"]);
    const ownerTree = descendantsOf(owner.process.pid!);
    owner.process.kill("SIGTERM");
    // npm's output closes once the owner, which writes to it too, has exited.
    expect((await owner.finished).stdout).toContain("child ended by SIGTERM");
    await ended([childPid, ...ownerTree]);
  });

  it("an owner that exits without a Lifecycle sends its child SIGTERM", async () => {
    const { owner, childPid } = await startOwner(["exits"]);
    expect((await owner.finished).code).toBe(0);
    await ended([childPid]);
  });
});

describe("a test that fails before its clean-up", () => {
  it("leaves no command it started running: its file's end stops it (test/support/stop-left-children.ts)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "left-child-"));
    const support = (name: string) => JSON.stringify(join(projectRoot, "test", "support", name));
    // Globals: the file sits outside the repository, where `vitest` does not resolve.
    const program = `console.log("ready test=http://127.0.0.1:1"); setInterval(() => {}, 1e6);`;
    writeFileSync(
      join(dir, "fails.test.ts"),
      `import ${support("stop-left-children.ts")};
      import { writeFileSync } from "node:fs";
      import { startServing } from ${support("processes.ts")};
      it("fails with what it started still serving", async () => {
        const serving = await startServing(process.execPath, ["-e", ${JSON.stringify(program)}], process.cwd(), process.env);
        writeFileSync("pid", String(serving.child.pid));
        throw new Error("failed before its clean-up");
      });`,
    );
    let pid: number | undefined;
    try {
      const run = await runChild(join(projectRoot, "node_modules", ".bin", "vitest"), ["run", "--root", dir, "--globals"], { cwd: dir });
      expect(run.output).toContain("failed before its clean-up");
      pid = Number(readFileSync(join(dir, "pid"), "utf8"));
      expect(processRuns(pid), `the serving command ${pid} is left running`).toBe(false);
    } finally {
      if (pid !== undefined && processRuns(pid)) process.kill(pid, "SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("runChild", () => {
  it("gives the child exactly the environment it is given: a variable left out stays out", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, KEPT: "kept" };
    delete env.HOME;
    const program = "console.log(JSON.stringify([process.env.KEPT, process.env.HOME ?? null]))";
    const finished = await runChild(process.execPath, ["-e", program], { env });
    expect(JSON.parse(finished.stdout)).toEqual(["kept", null]);
  });

  it("rejects, naming the command, when it cannot be started", async () => {
    await expect(runChild("/nonexistent/tool", [])).rejects.toThrow(/^cannot run \/nonexistent\/tool: .*ENOENT/);
  });
});

describe("the contract runners stop their children on SIGTERM and exit 143", () => {
  /**
   * Starts a runner, waits until its child has started a process of its own (two generations to
   * stop), sends SIGTERM; the runner's exit and the processes it had then.
   */
  async function interrupt(args: string[], env: NodeJS.ProcessEnv = process.env) {
    const runner = startChild(tsNode, args, { cwd: projectRoot, env });
    const pid = runner.process.pid!;
    // Until then, or until the runner exits (it fails at once then, with its output).
    await until(() => descendantsOf(pid).some((child) => descendantsOf(child).length > 0) || !runner.running());
    expect(runner.running(), runner.output()).toBe(true);
    const tree = descendantsOf(pid);
    runner.process.kill("SIGTERM");
    return { finished: await runner.finished, tree };
  }

  it("payment-apis contract: vitest and all it started are stopped", async () => {
    const { finished, tree } = await interrupt([join("src", "testkit", "cli", "main.ts"), "contract"]);
    expect(finished.code, finished.output).toBe(143);
    // Stopped, not left to the bound of its stopping (after which it would exit all the same).
    expect(finished.output).not.toContain("exiting anyway");
    await ended(tree);
  });

  it("npm run test:contract (contract-tests/run-all.ts): its steps and all they started are stopped", async () => {
    const { finished, tree } = await interrupt([join("contract-tests", "run-all.ts")], { ...process.env, CONTRACT_STEPS_AT_ONCE: "1" });
    expect(finished.code, finished.output).toBe(143);
    // Its steps stopped, it unwound as after a failure: the closing lines, with the interrupted step failed.
    expect(finished.output).toMatch(/^contract: \d+ passed, [1-9]\d* failed/m);
    await ended(tree);
  });
});

describe("signal handlers are installed by a process's owner, never by an import", () => {
  const modules = [
    "contract-tests/run-all.ts",
    "contract-tests/mutants/run.ts",
    "contract-tests/dredd/run.ts",
    "src/testkit/serve/lifecycle.ts",
    "src/testkit/serve/children.ts",
    "src/testkit/cli/commands/contract.ts",
    "src/testkit/prism/prism.ts",
    "scripts/start.ts",
    "scripts/bench-test.ts",
    "scripts/bench-client.ts",
    "scripts/bench-sandbox.ts",
    "scripts/bench-soak.ts",
    "scripts/test-reliability.ts",
    "scripts/lib/sandbox-process.ts",
    "scripts/lib/trivial-server.ts",
  ];

  it("importing each runner, script and serving module adds no SIGTERM, SIGINT, SIGHUP or exit listener", async () => {
    // One fresh process, as these modules are loaded in production: CommonJS through ts-node.
    const program = `
      const counts = () => ["SIGTERM", "SIGINT", "SIGHUP", "exit"].map((event) => process.listenerCount(event)).join(",");
      for (const module of ${JSON.stringify(modules)}) {
        const before = counts();
        require("./" + module);
        console.log(module + " " + before + " " + counts());
      }`;
    const finished = await startChild(process.execPath, ["-r", "ts-node/register", "-e", program], { cwd: projectRoot }).finished;
    expect(finished.code, finished.output).toBe(0);
    const lines = finished.stdout.trim().split("\n");
    expect(lines.map((line) => line.split(" ")[0])).toEqual(modules);
    for (const line of lines) {
      const [, before, after] = line.split(" ");
      expect(after, line).toBe(before);
    }
  });
});
