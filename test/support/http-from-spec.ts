// Moved to src/testkit/spec/http-from-spec.ts (the docs build uses it too); kept until every import is updated.
export * from "../../src/testkit/spec/http-from-spec";
