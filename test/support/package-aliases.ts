import { resolve } from "node:path";

// vitest runs from the project root (npm scripts do).
const src = (file: string) => resolve(process.cwd(), "src", "toolkit", file);

/**
 * Examples, samples and the contract suite import the package by name, as users do; in tests
 * that is the source (tsconfig.json `paths` says the same to tsc). Shared by every vitest config.
 */
export const packageAliases = [
  { find: /^payment-apis-toolkit$/, replacement: src("index.ts") },
  { find: /^payment-apis-toolkit\/(gateway|merchant)$/, replacement: src("$1.ts") },
];
