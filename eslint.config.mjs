// The code linter's first rule set: regular expressions that could do super-linear work on
// request data (ReDoS). Every file under src/ may see request data, so every one is checked.
// eslint-plugin-regexp analyses each literal expression; no finding is allowed (scripts/lint.ts).
import tsParser from "@typescript-eslint/parser";
import regexp from "eslint-plugin-regexp";

export default [
  {
    files: ["src/**/*.ts"],
    languageOptions: { parser: tsParser },
    plugins: { regexp },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Backtracking that grows faster than the input on some string: /(a+)+$/ and its kin.
      "regexp/no-super-linear-backtracking": "error",
      // A search that moves through the input trying a quantified start at each position: /\/+$/ on a long run of slashes.
      "regexp/no-super-linear-move": "error",
    },
  },
];
