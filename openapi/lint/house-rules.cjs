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

const isOneLine = (value, min) => typeof value === "string" && value.trim().length >= min && !value.includes("\n");

/**
 * The two marks of what the source description does not say, readable by people and tools:
 * `x-inferred` is a one-line reason (at least 10 characters), and `x-departs-from-source` is
 * `{source, why}`: what the source description says, and why the spec follows the live service
 * instead (one line each, at least 20 characters). Checked on every node of the document.
 */
function SourceMarksHaveReasons() {
  return {
    any: {
      enter(node, ctx) {
        if (!node || typeof node !== "object" || Array.isArray(node)) return;
        if ("x-inferred" in node && !isOneLine(node["x-inferred"], 10)) {
          ctx.report({ message: "`x-inferred` must be a one-line reason (at least 10 characters).", location: ctx.location.child("x-inferred") });
        }
        if ("x-departs-from-source" in node) {
          const mark = node["x-departs-from-source"];
          const keys = mark && typeof mark === "object" && !Array.isArray(mark) ? Object.keys(mark).sort().join(",") : "";
          if (keys !== "source,why" || !isOneLine(mark.source, 20) || !isOneLine(mark.why, 20)) {
            ctx.report({
              message: "`x-departs-from-source` must be {source, why}: what the source description says and why the spec differs, one line of at least 20 characters each.",
              location: ctx.location.child("x-departs-from-source"),
            });
          }
        }
      },
    },
  };
}

module.exports = function houseRules() {
  return {
    id: "house",
    rules: {
      oas3: {
        "media-type-examples": MediaTypeExamples,
        "auth-and-server-errors": AuthAndServerErrors,
        "source-marks-have-reasons": SourceMarksHaveReasons,
      },
    },
  };
};
