// House lint rules that Redocly's built-in and configurable rules cannot express.
// Loaded by redocly.yaml (`plugins:`); each rule is switched on there as `house/<name>`.
"use strict";

const isServerError = (code) => /^5(\d\d|XX)$/.test(code);

/** Every request body and response media type that has a schema carries named `examples`. */
function MediaTypeExamples() {
  return {
    MediaType: {
      enter(mediaType, ctx) {
        if (!mediaType.schema) return;
        const examples = mediaType.examples;
        if (!examples || typeof examples !== "object" || Object.keys(examples).length === 0) {
          ctx.report({
            message: "Media type has a schema but no named `examples` (use `examples: {name: {summary, value}}`).",
            location: ctx.location,
          });
        }
      },
    },
  };
}

/** An operation that requires credentials documents 401; every operation documents a 5xx. */
function AuthAndServerErrors() {
  let rootSecurity = [];
  return {
    Root: {
      enter(root) {
        rootSecurity = root.security || [];
      },
    },
    Operation: {
      enter(operation, ctx) {
        const codes = Object.keys(operation.responses || {});
        const security = operation.security || rootSecurity;
        const needsCredentials = security.length > 0 && security.every((req) => Object.keys(req).length > 0);
        if (needsCredentials && !codes.includes("401")) {
          ctx.report({
            message: "Operation requires credentials but does not document 401.",
            location: ctx.location.child("responses"),
          });
        }
        if (!codes.some(isServerError)) {
          ctx.report({
            message: "Operation documents no server error (5XX or a specific 5xx).",
            location: ctx.location.child("responses"),
          });
        }
      },
    },
  };
}

/** `x-inferred` is a one-line reason, so the docs can show it beside the thing it marks. */
function InferredHasReason() {
  const check = (node, ctx) => {
    if (!node || typeof node !== "object" || !("x-inferred" in node)) return;
    const reason = node["x-inferred"];
    if (typeof reason !== "string" || reason.trim().length < 10 || reason.includes("\n")) {
      ctx.report({
        message: "`x-inferred` must be a one-line reason (at least 10 characters).",
        location: ctx.location.child("x-inferred"),
      });
    }
  };
  const visitor = { enter: check };
  return {
    Schema: visitor,
    Operation: visitor,
    Response: visitor,
    Parameter: visitor,
    Header: visitor,
    MediaType: visitor,
    RequestBody: visitor,
  };
}

module.exports = function houseRules() {
  return {
    id: "house",
    rules: {
      oas3: {
        "media-type-examples": MediaTypeExamples,
        "auth-and-server-errors": AuthAndServerErrors,
        "inferred-has-reason": InferredHasReason,
      },
    },
  };
};
