/**
 * Ajv's errors as the testkit reports them, the one place they become words: each located in
 * the value (path segments) and described without echoing the rejected value; the branches of a
 * failing `oneOf`/`anyOf` folded into one message naming the alternatives. The sandbox's
 * refusals, the response check and the tests all read them from here.
 */
import type { ErrorObject } from "ajv/dist/2020";
import { isJsonObject } from "../common/json-values";
import { getAtPointer, toPointer, type OpenApiDocument } from "./document";

export interface SchemaViolation {
  /** Where in the request: path segments of the offending parameter (empty for the whole body). */
  path: string[];
  /** The rule, in words; never contains the rejected value. */
  message: string;
  keyword: string;
}

function instanceSegments(instancePath: string): string[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The allowed values of an `enum` error, quoted. */
function listOf(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => `'${String(v)}'`).join(", ") : "the listed values";
}

/** Titles of the branches of a `not: {anyOf: [...]}` in a component schema, if the error points there. */
function notTitles(doc: OpenApiDocument, schemaPath: string): string[] {
  if (!schemaPath.startsWith("#/")) return [];
  const node = getAtPointer(doc, schemaPath.slice(1));
  if (!isJsonObject(node)) return [];
  const branches: unknown = node.anyOf ?? node.oneOf ?? [node];
  if (!Array.isArray(branches)) return [];
  return branches.map((b) => (isJsonObject(b) && typeof b.title === "string" ? b.title : "")).filter(Boolean);
}

/**
 * The errors worth reporting, each located and described. Errors of the branches of a failing
 * `oneOf`/`anyOf` are folded into one message naming the alternatives; `if` wrappers are
 * dropped (their `then` errors stay).
 */
export function describeValidationErrors(doc: OpenApiDocument, errors: readonly ErrorObject[]): SchemaViolation[] {
  const combinators = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const inBranch = (e: ErrorObject, c: ErrorObject) =>
    e !== c && e.schemaPath.startsWith(c.schemaPath + "/") && e.instancePath.startsWith(c.instancePath);
  const described: SchemaViolation[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (combinators.some((c) => inBranch(error, c))) continue;
    const at = instanceSegments(error.instancePath);
    const params = error.params;
    switch (error.keyword) {
      case "oneOf":
      case "anyOf": {
        const alternatives = new Set<string>();
        for (const branchError of errors.filter((e) => inBranch(e, error))) {
          if (branchError.keyword === "required") alternatives.add(String(branchError.params.missingProperty));
          if (branchError.keyword === "false schema") {
            const last = instanceSegments(branchError.instancePath).slice(at.length)[0];
            if (last) alternatives.add(last);
          }
        }
        const names = [...alternatives];
        const message =
          names.length > 1
            ? `exactly one of ${names.map((n) => `'${n}'`).join(", ")} is required`
            : error.keyword === "oneOf"
              ? "must match exactly one allowed form"
              : "must match at least one allowed form";
        described.push({ path: at, message, keyword: error.keyword });
        break;
      }
      case "required":
        described.push({ path: [...at, String(params.missingProperty)], message: "is required", keyword: "required" });
        break;
      case "dependentRequired":
        described.push({
          path: [...at, String(params.missingProperty)],
          message: `is required when '${String(params.property)}' is given`,
          keyword: "dependentRequired",
        });
        break;
      case "false schema": {
        const dependent = /\/dependentSchemas\/([^/]+)\//.exec(error.schemaPath);
        described.push({
          path: at,
          message: dependent ? `is not allowed with '${decodeURIComponent(dependent[1]!)}'` : "is not allowed here",
          keyword: "false schema",
        });
        break;
      }
      case "const":
        described.push({ path: at, message: `must be '${String(params.allowedValue)}' here`, keyword: "const" });
        break;
      case "enum":
        described.push({
          path: at,
          message: `must be one of ${listOf(params.allowedValues)}`,
          keyword: "enum",
        });
        break;
      case "not": {
        const titles = notTitles(doc, error.schemaPath);
        described.push({ path: at, message: titles.length ? `must not be ${titles.join(" or ")}` : "is not allowed", keyword: "not" });
        break;
      }
      default:
        // Ajv's own messages name the rule (pattern, format, type, limits), never the value.
        described.push({ path: at, message: error.message ?? `violates ${error.keyword}`, keyword: error.keyword });
    }
  }
  // The same parameter can fail several rules (minLength and pattern): keep one line per rule.
  const seen = new Set<string>();
  return described.filter((d) => {
    const key = d.path.join("\u0000") + "\u0001" + d.message;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `card[3dsecure][v2][ares]`: the bracket form of a location, as form parameters are named. */
export function bracketName(path: string[]): string {
  if (path.length === 0) return "(body)";
  return (
    path[0]! +
    path
      .slice(1)
      .map((s) => `[${s}]`)
      .join("")
  );
}

/** `business_model.trading_name`: the dotted form, as JSON properties are named. */
export function dottedName(path: string[]): string {
  return path.length === 0 ? "body" : path.join(".");
}

/** One line per violation: where in the value (a JSON Pointer, `(root)` for the whole) and the rule. */
export function violationLines(violations: readonly SchemaViolation[]): string[] {
  return violations.map((v) => `${v.path.length ? toPointer(v.path) : "(root)"} ${v.message}`);
}
