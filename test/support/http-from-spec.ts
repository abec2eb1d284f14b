// Moved to src/spec/http-from-spec.ts (the docs build uses it too); kept until every import is updated.
export * from "../../src/spec/http-from-spec";
