/**
 * The code linter's ReDoS rules (eslint.config.mjs, run by `npm run lint`, over src/): a regular
 * expression that could take super-linear time on request data is a finding; its linear
 * rewrite is not.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/lib/apis";

// The example is not on disk: the type-aware rules get it through the project service's default project.
const eslint = new ESLint({
  cwd: projectRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["src/testkit/sandbox/example.ts"] } } } },
});

async function rulesHit(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: "src/testkit/sandbox/example.ts" });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("npm run lint: ReDoS rules over src/", () => {
  it.each([
    [
      "trailing slashes (the audience that blocked every listener)",
      'export const trim = (s: string) => s.replace(/\\/+$/, "");',
      "regexp/no-super-linear-move",
    ],
    ["nested quantifiers", "export const nested = (s: string) => /^(a+)+$/.test(s);", "regexp/no-super-linear-backtracking"],
    [
      "a braces class that also takes the opening brace",
      "export const slot = (s: string) => /\\{[^}]+\\}/.exec(s);",
      "regexp/no-super-linear-move",
    ],
  ])("%s is a finding", async (_label, code, rule) => {
    expect(await rulesHit(code)).toContain(rule);
  });

  it("linear rewrites are not", async () => {
    expect(
      await rulesHit(
        "export const slot = (s: string) => /\\{[^{}]+\\}/.exec(s);\nexport const key = (s: string) => /^Bearer\\s+(\\S+)\\s*$/i.exec(s);",
      ),
    ).toEqual([]);
  });
});
