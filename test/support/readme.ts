/** Reading the README's shell blocks and the versions they name, for the tests that run them as written. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../scripts/lib/apis";

/** The version of a devDependency as package.json pins it. */
export function devDependencyVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
  const version = manifest.devDependencies[name];
  if (version === undefined) throw new Error(`package.json pins no ${name}`);
  return version;
}

/** The first ```sh block after the heading `heading` of a Markdown file of the repository. */
export function shellBlockUnder(file: string, heading: string): string {
  const text = readFileSync(join(projectRoot, file), "utf8");
  const at = text.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`${file} has no heading "${heading}"`);
  const block = /```sh\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (!block) throw new Error(`${file} has no sh block under "${heading}"`);
  return block[1]!;
}
