/**
 * Settings that name a file end a bad start in one line naming the setting, never hang it: a
 * `--fixtures` or `--config` that is a FIFO, a directory or a device is refused before anything is
 * read (a FIFO opened for reading would wait for a writer for ever), and an empty or unwritable
 * `SANDBOX_LOG` is refused before any port is taken.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRegularFile } from "../src/testkit/common/regular-file";
import { runChild, runChildSync } from "../src/testkit/serve/children";
import { sandboxCliInTree } from "./support/processes";

const projectRoot = join(__dirname, "..");
let dir: string;
let fifo: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "start-refusals-"));
  fifo = join(dir, "fixture.fifo");
  expect(runChildSync("mkfifo", [fifo]).code).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a file a setting names", () => {
  it("is read only when it is a regular file: a FIFO, a directory and a device are refused at once", () => {
    expect(() => readRegularFile(fifo)).toThrow("it is a FIFO, not a regular file: name a file");
    expect(() => readRegularFile(dir)).toThrow("it is a directory, not a regular file");
    expect(() => readRegularFile("/dev/zero")).toThrow("it is a device, not a regular file");
    expect(() => readRegularFile(join(projectRoot, "package.json"), 10)).toThrow(/more than the 10 it may have/);
  });
});

describe("payment-apis sandbox refuses in one line, before ready", () => {
  const start = async (args: string[], env: Record<string, string> = {}) => {
    const { code, output } = await runChild(process.execPath, [...sandboxCliInTree, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
    });
    expect(code, output).toBe(1);
    expect(output).not.toMatch(/^ready /m);
    return output.trim().split("\n");
  };

  it("--fixtures and --config naming a FIFO", async () => {
    expect(await start(["--fixtures", fifo])).toEqual([`error: ${fifo} /: cannot be read: it is a FIFO, not a regular file: name a file`]);
    expect(await start(["--config", fifo])).toEqual([
      `error: sandbox config ${fifo} cannot be read: it is a FIFO, not a regular file: name a file`,
    ]);
  });

  it("an empty or unwritable SANDBOX_LOG", async () => {
    expect(await start([], { SANDBOX_LOG: "" })).toEqual([
      "error: --log (SANDBOX_LOG) is empty: name a file to append the exchanges to, or unset SANDBOX_LOG",
    ]);
    const missing = join(dir, "no-such-folder", "exchanges.ndjson");
    expect(await start([], { SANDBOX_LOG: missing })).toEqual([
      `error: --log (SANDBOX_LOG) ${missing} cannot be appended to (ENOENT): name a writable file`,
    ]);
    expect(await start([], { SANDBOX_LOG: dir })).toEqual([
      `error: --log (SANDBOX_LOG) ${dir} cannot be appended to (EISDIR): name a writable file`,
    ]);
  });
});
