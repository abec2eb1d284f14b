/**
 * openapi/diff-policy.yaml: the tier of each rule where this project differs from the rule's
 * default, and the breaking changes a reviewer accepted (rule, API, operation, reason, who and
 * when), so that a deliberate break passes the pull-request check without switching it off.
 * The file sits beside the specs because it is part of their review: an accepted break travels
 * in the same pull request as the spec change. Validated against a schema; a wrong file stops
 * the diff with one line naming the field.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import { parse } from "yaml";
import { projectRoot } from "./apis";
import { ruleIds, tiers, type Tier } from "./spec-diff-rules";

export const defaultPolicyPath = join(projectRoot, "openapi", "diff-policy.yaml");

export interface Acceptance {
  api: string;
  rule: string;
  /** "POST /authorizations" (or a path, for a whole path), as the report's Operation column shows it; absent for a change outside operations. */
  operation?: string;
  /** Only changes whose field (the report's Field column) contains this text; required without `operation`. */
  field?: string;
  reason: string;
  reviewedBy: string;
  /** YYYY-MM-DD, the day of the review. */
  date: string;
}

export interface DiffPolicy {
  severity: Record<string, Tier>;
  accepted: Acceptance[];
}

export const emptyPolicy: DiffPolicy = { severity: {}, accepted: [] };

const redoclyRuleId = "^redocly:[a-z0-9-]+$";

const policySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    severity: {
      type: "object",
      propertyNames: { anyOf: [{ enum: [...ruleIds] }, { pattern: redoclyRuleId }] },
      additionalProperties: { enum: [...tiers] },
    },
    accepted: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["api", "rule", "reason", "reviewedBy", "date"],
        // A change outside any operation (a component renamed) is named by its field alone.
        anyOf: [{ required: ["operation"] }, { required: ["field"] }],
        properties: {
          api: { type: "string", minLength: 1 },
          rule: { anyOf: [{ enum: [...ruleIds] }, { type: "string", pattern: redoclyRuleId }] },
          operation: { type: "string", pattern: "^((GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) )?/" },
          field: { type: "string", minLength: 1 },
          reason: { type: "string", minLength: 10 },
          reviewedBy: { type: "string", minLength: 1 },
          date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
        },
      },
    },
  },
};

// strictRequired off: the anyOf of `required` names properties declared beside it, not inside it.
const validatePolicy = new Ajv2020({ allErrors: false, strict: true, strictRequired: false }).compile<Partial<DiffPolicy>>(policySchema);

/** What to do about the first problem ajv found, in words. */
function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const field = String(params.missingProperty);
    const hints: Record<string, string> = {
      reason: "say why the break is acceptable",
      reviewedBy: "name who reviewed it",
      date: "the day of the review, YYYY-MM-DD",
      operation: 'the operation as the report names it, e.g. "POST /authorizations"; for a change outside operations, give "field" instead',
    };
    return `missing "${field}"${hints[field] ? ` (${hints[field]})` : ""}`;
  }
  if (error.keyword === "anyOf" && error.instancePath.match(/^\/accepted\/\d+$/)) {
    return 'needs "operation" (as the report names it, e.g. "POST /authorizations") or, for a change outside operations, "field"';
  }
  if (error.keyword === "additionalProperties") return `unknown key "${String(params.additionalProperty)}"`;
  if (
    error.schemaPath.includes("/propertyNames/") ||
    error.keyword === "propertyNames" ||
    (error.keyword === "anyOf" && error.instancePath.endsWith("/rule")) ||
    (error.schemaPath.includes("/rule/") && error.keyword !== "type")
  ) {
    return `names no rule; use one of ${ruleIds.join(", ")} or redocly:<rule id>`;
  }
  if (error.keyword === "enum") return `must be one of ${(params.allowedValues as unknown[]).join(", ")}`;
  if (error.keyword === "pattern" && error.instancePath.endsWith("/date")) return "must be a date, YYYY-MM-DD";
  if (error.keyword === "pattern" && error.instancePath.endsWith("/operation"))
    return 'must be a method in capitals and a path, e.g. "POST /authorizations", or a path';
  return error.message ?? "is not valid";
}

/** The policy in `path`, or the empty one when the file does not exist; throws one line when it is wrong. */
export function loadPolicy(path = defaultPolicyPath): DiffPolicy {
  if (!existsSync(path)) return emptyPolicy;
  const shown = relative(projectRoot, path).startsWith("..") ? path : relative(projectRoot, path);
  let value: unknown;
  try {
    value = parse(readFileSync(path, "utf8")) ?? {};
  } catch (error: unknown) {
    throw new Error(`${shown} is not valid YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, {
      cause: error,
    });
  }
  if (!validatePolicy(value)) {
    const error = validatePolicy.errors![0]!;
    // propertyNames errors point at the object; the key is in the params.
    const key = (error as ErrorObject & { propertyName?: string }).propertyName ?? (error.params as { propertyName?: string }).propertyName;
    const where = `${error.instancePath}${key === undefined ? "" : `/${key}`}`.replace(/^\//, "").replace(/\//g, ".") || "(top level)";
    throw new Error(`${shown}: ${where}: ${explain(error)}.`);
  }
  return { severity: value.severity ?? {}, accepted: value.accepted ?? [] };
}

/** The tier of a rule under the policy: its own setting, else the rule's default (redocly's majors are breaking). */
export function tierOf(policy: DiffPolicy, ruleId: string, defaultTier: Tier): Tier {
  return policy.severity[ruleId] ?? defaultTier;
}
