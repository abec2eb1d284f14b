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

/** A media type's essence (type/subtype, lower case) and its parameters (names lower case). */
function parseMediaType(text) {
  const [essence, ...parameters] = String(text).split(";");
  return {
    essence: essence.trim().toLowerCase(),
    parameters: Object.fromEntries(
      parameters
        .map((parameter) => parameter.split("="))
        .map(([name, ...value]) => [name.trim().toLowerCase(), value.join("=").trim().replace(/^"(.*)"$/, "$1")]),
    ),
  };
}

/**
 * `x-response-media-type` on `info` (every response's full media type, as the introduction
 * states it): its `version` parameter is `info.version`, and its essence is the media type every
 * response documents.
 */
function ResponseMediaType() {
  let stated;
  return {
    Root: {
      enter(root, ctx) {
        const info = root.info || {};
        stated = undefined;
        if (!("x-response-media-type" in info)) return;
        const location = ctx.location.child(["info", "x-response-media-type"]);
        stated = typeof info["x-response-media-type"] === "string" ? parseMediaType(info["x-response-media-type"]) : undefined;
        if (!stated || !/^[^/\s]+\/[^/\s]+$/.test(stated.essence)) {
          ctx.report({ message: "`x-response-media-type` must be a media type (type/subtype; parameters).", location });
          return;
        }
        if (stated.parameters.version !== String(info.version)) {
          ctx.report({
            message: `\`x-response-media-type\` names version ${stated.parameters.version ?? "(none)"}, but info.version is ${info.version}.`,
            location,
          });
        }
      },
    },
    Response: {
      enter(response, ctx) {
        if (!stated) return;
        for (const mediaType of Object.keys(response.content || {})) {
          if (parseMediaType(mediaType).essence !== stated.essence) {
            ctx.report({
              message: `Response media type ${mediaType} is not the essence of \`x-response-media-type\` (${stated.essence}).`,
              location: ctx.location.child(["content", mediaType]).key(),
            });
          }
        }
      },
    },
  };
}

/**
 * The transaction types agree: every value of an `x-returned-for` (the status codes' table) is
 * the `x-transaction-type` of some operation, and every operation's `x-transaction-type` is named
 * by some `x-returned-for`.
 */
function TransactionTypes() {
  const returnedFor = new Map();
  const operationTypes = new Map();
  return {
    any: {
      enter(node, ctx) {
        if (!node || typeof node !== "object" || !Array.isArray(node["x-returned-for"])) return;
        for (const type of node["x-returned-for"])
          if (!returnedFor.has(type)) returnedFor.set(type, ctx.location.child("x-returned-for"));
      },
    },
    Operation: {
      enter(operation, ctx) {
        if ("x-transaction-type" in operation && !operationTypes.has(operation["x-transaction-type"]))
          operationTypes.set(operation["x-transaction-type"], ctx.location.child("x-transaction-type"));
      },
    },
    Root: {
      leave(_root, ctx) {
        for (const [type, location] of returnedFor)
          if (!operationTypes.has(type))
            ctx.report({ message: `\`x-returned-for\` names ${JSON.stringify(type)}, which no operation's \`x-transaction-type\` is.`, location });
        for (const [type, location] of operationTypes)
          if (!returnedFor.has(type))
            ctx.report({ message: `\`x-transaction-type\` ${JSON.stringify(type)} is named by no \`x-returned-for\`.`, location });
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
        "response-media-type": ResponseMediaType,
        "transaction-types": TransactionTypes,
      },
    },
  };
};
