// Moved to src/testkit/openapi-model/http-from-spec.ts (the docs build uses it too); kept until every import is updated.
export * from "../../src/testkit/openapi-model/http-from-spec";
