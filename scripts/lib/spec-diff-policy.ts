/**
 * openapi/diff-policy.yaml: the tier of each rule where this project differs from the rule's
 * default, and the breaking changes a reviewer accepted, so that a deliberate break passes the
 * pull-request check without switching it off. One acceptance accepts one change: the rule, the
 * operation, the location and the values before and after must all match, so an entry written
 * for one change cannot wave through a later break of the same rule on the same operation.
 * The file sits beside the specs because it is part of their review: an accepted break travels
 * in the same pull request as the spec change. Validated against a schema; a wrong file stops
 * the diff with one line naming the line and the field.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import { LineCounter, parseDocument, isSeq } from "yaml";
import { projectRoot } from "./apis";
import { ruleIds, tiers, type Tier } from "./spec-diff-rules";

export const defaultPolicyPath = join(projectRoot, "openapi", "diff-policy.yaml");

/** What an acceptance's `operation` says for a change outside any operation (a renamed component). */
export const noOperation = "none";

export interface Acceptance {
  api: string;
  rule: string;
  /** "POST /authorizations" (or a path, for a whole path), as the report's Operation column shows it; `none` outside operations. */
  operation: string;
  /** The report's Field column, exactly: "request body application/x-www-form-urlencoded › card.pan". */
  location: string;
  /** The changed value before and after, as the JSON report's `before`/`after` give it; `null` for "not there". */
  before: unknown;
  after: unknown;
  reason: string;
  reviewedBy: string;
  /** YYYY-MM-DD, the day of the review. */
  date: string;
  /** Lines of the entry in its file (first and last), for the line to delete when it goes stale. */
  lines?: { file: string; first: number; last: number };
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
        required: ["api", "rule", "operation", "location", "before", "after", "reason", "reviewedBy", "date"],
        properties: {
          api: { type: "string", minLength: 1 },
          rule: { anyOf: [{ enum: [...ruleIds] }, { type: "string", pattern: redoclyRuleId }] },
          operation: { type: "string", pattern: `^(((GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) )?/|${noOperation}$)` },
          location: { type: "string", minLength: 1 },
          before: {},
          after: {},
          reason: { type: "string", minLength: 10 },
          reviewedBy: { type: "string", minLength: 1 },
          date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
        },
      },
    },
  },
};

const validatePolicy = new Ajv2020({ allErrors: false, strict: true }).compile<Partial<DiffPolicy>>(policySchema);

/** What to do about the first problem ajv found, in words. */
function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const field = String(params.missingProperty);
    const hints: Record<string, string> = {
      reason: "say why the break is acceptable",
      reviewedBy: "name who reviewed it",
      date: "the day of the review, YYYY-MM-DD",
      operation: `the report's Operation column, e.g. "POST /authorizations"; "${noOperation}" for a change outside operations`,
      location: 'the report\'s Field column, e.g. "request body application/x-www-form-urlencoded › card.pan"',
      before: "the value before the change, as the JSON report's before gives it; null when there was none",
      after: "the value after the change, as the JSON report's after gives it; null when there is none",
    };
    return `missing "${field}"${hints[field] ? ` (${hints[field]})` : ""}`;
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
    return `must be a method in capitals and a path, e.g. "POST /authorizations", a path, or "${noOperation}"`;
  return error.message ?? "is not valid";
}

/**
 * The policy in `path`, or the empty one when the file does not exist; throws one line when it is
 * wrong. Lines are named relative to `root` (the checkout the file belongs to), as annotations want.
 */
export function loadPolicy(path = defaultPolicyPath, root = projectRoot): DiffPolicy {
  if (!existsSync(path)) return emptyPolicy;
  const shown = relative(root, path).startsWith("..") ? path : relative(root, path);
  const lineCounter = new LineCounter();
  const document = parseDocument(readFileSync(path, "utf8"), { lineCounter, prettyErrors: false });
  const [parseError] = document.errors;
  if (parseError !== undefined) {
    const line = lineCounter.linePos(parseError.pos[0]).line;
    throw new Error(`${shown}:${line}: not valid YAML: ${parseError.message.split("\n")[0]}`);
  }
  const value: unknown = document.toJS() ?? {};
  // The lines of each acceptance, so that a wrong or stale one is named by where it is.
  const acceptedNode = document.get("accepted", true);
  const entryLines = (isSeq(acceptedNode) ? acceptedNode.items : []).map((item) => {
    const range = (item as { range?: [number, number, number] }).range ?? [0, 0, 0];
    const first = lineCounter.linePos(range[0]).line;
    // The range ends after the entry's last line break: the line before is its last.
    const endPosition = lineCounter.linePos(range[1]);
    return { file: shown, first, last: Math.max(first, endPosition.col === 1 ? endPosition.line - 1 : endPosition.line) };
  });
  if (!validatePolicy(value)) {
    const error = validatePolicy.errors![0]!;
    // propertyNames errors point at the object; the key is in the params.
    const key = (error as ErrorObject & { propertyName?: string }).propertyName ?? (error.params as { propertyName?: string }).propertyName;
    const where = `${error.instancePath}${key === undefined ? "" : `/${key}`}`.replace(/^\//, "").replace(/\//g, ".") || "(top level)";
    const entry = /^\/accepted\/(\d+)/.exec(error.instancePath);
    const line = entry === null ? "" : `:${entryLines[Number(entry[1])]?.first ?? "?"}`;
    throw new Error(`${shown}${line}: ${where}: ${explain(error)}.`);
  }
  return {
    severity: value.severity ?? {},
    accepted: (value.accepted ?? []).map((entry, index) => ({ ...entry, lines: entryLines[index] })),
  };
}

/** JSON with keys sorted, so two equal values compare equal whatever order their keys were written in. */
function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A change's before or after as an acceptance writes it: a keyword's value as it is, `null` for
 * "not there", and a whole node (a removed operation or schema) by the digest of its content, so
 * that the entry stays short and still matches that node only.
 */
export function acceptanceValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) return value;
  return `sha256:${createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 16)}`;
}

/** An acceptance's before or after equals the change's. */
export const sameValue = (accepted: unknown, changed: unknown) => canonicalJson(accepted) === canonicalJson(acceptanceValue(changed));

/** "gateway, request-pattern-changed on POST /authorizations › card.pan": an acceptance in words. */
export const describeAcceptance = (entry: Acceptance) =>
  `${entry.api}, ${entry.rule} on ${entry.operation === noOperation ? "" : `${entry.operation} › `}${entry.location}`;

/** "openapi/diff-policy.yaml:23-31", where an acceptance is written. */
export const acceptanceLines = (entry: Acceptance) =>
  entry.lines === undefined
    ? "(given on the command line)"
    : `${entry.lines.file}:${entry.lines.first}${entry.lines.last > entry.lines.first ? `-${entry.lines.last}` : ""}`;

/** The tier of a rule under the policy: its own setting, else the rule's default (redocly's majors are breaking). */
export function tierOf(policy: DiffPolicy, ruleId: string, defaultTier: Tier): Tier {
  return policy.severity[ruleId] ?? defaultTier;
}
