/**
 * The docs browser test needs Debian's Chromium (never a browser download: this machine reaches
 * only the npm and Debian registries). Installs it when missing and we may (root, apt-get);
 * otherwise says exactly what to run.
 */
import { existsSync } from "node:fs";
import { runChildSync } from "../src/testkit/serve/children";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(command: string, args: string[]): boolean {
  const result = runChildSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return result.code === 0;
}

if (require.main === module) {
  if (existsSync(chromiumPath)) {
    console.log(`browser: ${chromiumPath}`);
  } else if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("browser: installing Debian's chromium package for the docs browser test ...");
    if (!run("apt-get", ["update", "-qq"]) || !run("apt-get", ["install", "-y", "-qq", "chromium"])) {
      console.error("browser: apt-get could not install chromium.");
      process.exit(1);
    }
  } else {
    console.error(`browser: ${chromiumPath} is missing. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
