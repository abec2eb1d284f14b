// The code linter: typescript-eslint with type information over every TypeScript file of the
// project (and without it over the console's page script), the ReDoS rules over src/ (request data reaches every file there), and Prettier's
// rule set last so that no style rule fights the formatter. `npm run lint` allows no finding.
import eslint from "@eslint/js";
import globals from "globals";
import prettier from "eslint-config-prettier";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // This file is not in the TypeScript project; the code generators' examples are type-checked in
  // projects of their own (test/codegen.test.ts).
  {
    ignores: [
      "generated/**",
      "dist/**",
      "node_modules/**",
      "test-artifacts/**",
      "packages/**",
      "**/*.cjs",
      "**/*.mjs",
      "docs/examples/codegen/**",
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a parameter a signature requires and the body does not use.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // A `declare namespace` only groups types (the fixture format's entities): it compiles to nothing.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  // The console's page script: browser JavaScript, outside the TypeScript project, so linted
  // without type information.
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
  { files: ["**/*.js"], languageOptions: { sourceType: "script", globals: globals.browser } },
  {
    // Tests and the contract suite read answers of unknown shape (JSON from a server under test)
    // and assert on them: there `any` is the unknown answer, and the assertions are its checks.
    files: ["test/**/*.ts", "contract-tests/**/*.ts", "contract-tests/**/*.mts"],
    rules: {
      // Test doubles implement async interfaces (fetch, sleep, a transport) without awaiting anything.
      "@typescript-eslint/require-await": "off",
      // Tests destructure the functions of loaded modules (node:fs, generated SDKs), typed as methods.
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["src/**/*.ts"],
    plugins: { regexp },
    rules: {
      // Backtracking that grows faster than the input on some string: /(a+)+$/ and its kin.
      "regexp/no-super-linear-backtracking": "error",
      // A search that moves through the input trying a quantified start at each position: /\/+$/ on a long run of slashes.
      "regexp/no-super-linear-move": "error",
    },
  },
  prettier,
);
