/**
 * A process that owns a child, for test/serve-children.test.ts: it starts one Node child through
 * src/testkit/serve/children.ts, prints `child <pid>` once the child runs, then, by its argument:
 *   waits     with a Lifecycle, waits for the child (a run: a signal ends it with 130 or 143),
 *             then prints how the child ended (`child ended by SIGTERM`): the run unwound
 *   serves    with a Lifecycle, returns "serving" (a signal ends it with 0); its stop step prints
 *             whether the child still runs then (`child running at the stop step: false`)
 *   exits     without a Lifecycle, calls process.exit(0) while the child runs
 * With `stubborn` as the second argument, the child ignores SIGTERM (only SIGKILL stops it).
 */
import { startChild } from "../../src/testkit/serve/children";
import { Lifecycle } from "../../src/testkit/serve/lifecycle";

const [mode, temper] = process.argv.slice(2);
// The child says `up` once it runs (and, stubborn, ignores SIGTERM), so that a signal finds it so.
const program = `${temper === "stubborn" ? 'process.on("SIGTERM", () => {});' : ""} console.log("up"); setInterval(() => {}, 1_000_000);`;

async function startOwned() {
  let up: () => void = () => undefined;
  const running = new Promise<void>((done) => (up = done));
  const child = startChild(process.execPath, ["-e", program], { onLine: (line) => line === "up" && up() });
  await running;
  console.log(`child ${child.process.pid}`);
  return child;
}

if (mode === "exits") {
  void startOwned().then(() => process.exit(0));
} else if (mode === "waits" || mode === "serves") {
  const lifecycle = new Lifecycle();
  void lifecycle.run(async () => {
    const child = await startOwned();
    if (mode === "serves") {
      lifecycle.add(() => console.log(`child running at the stop step: ${child.running()}`));
      return "serving";
    }
    const { code, signal } = await child.finished;
    console.log(`child ended by ${signal ?? code}`);
  });
} else {
  console.error(`child-owner: the mode must be waits, serves or exits, not '${mode}'`);
  process.exit(2);
}
