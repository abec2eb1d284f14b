/**
 * The JSON Schema (draft 2020-12) of the sandbox config file (`SANDBOX_CONFIG`, type
 * `SandboxConfigFile` in config.ts): lists there are appended to the seeded ones, scalars replace
 * them. Closed everywhere (`additionalProperties: false`), so a misspelt key fails the start
 * instead of silently leaving a default (for example signature checks) in place. Every property
 * has a `description`: docs/sandbox.md's table of keys is generated from this schema
 * (scripts/sandbox-config-docs.ts), defaults from `defaultConfig()`.
 *
 * Facts of the APIs come from the bundled specs, never copied here: the operationIds that take a
 * per-operation quota and the shape of a gateway account resource.
 */
import { deref, type OpenApiDocument } from "../../openapi-model/document";
import { apiModel, type ApiModel } from "../../openapi-model/operation-model";

/** A node of the schema: the keywords this file and the docs generator use, plus any other. */
export interface ConfigSchemaNode {
  [keyword: string]: unknown;
  description?: string;
  type?: "object" | "array" | "string" | "integer" | "boolean";
  properties?: Record<string, ConfigSchemaNode>;
  required?: string[];
  additionalProperties?: boolean | ConfigSchemaNode;
  propertyNames?: { description: string; enum: string[] };
  items?: ConfigSchemaNode;
  maxItems?: number;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

const KiB = 1024;
const MiB = 1024 * KiB;
const DAY_SECONDS = 24 * 60 * 60;
const TEN_YEARS_SECONDS = 10 * 365 * DAY_SECONDS;

/** The bounds of every number of the file, named so the retention and size checks read them. */
export const configBounds = {
  maxBodyBytes: { minimum: KiB, maximum: 64 * MiB },
  maxUploadBytes: { minimum: 1, maximum: 64 * MiB },
  ttlSeconds: { minimum: 1, maximum: TEN_YEARS_SECONDS },
  windowSeconds: { minimum: 1, maximum: DAY_SECONDS },
  /** 1e9 lets a benchmark lift a quota out of the way (scripts/bench-sandbox.ts). */
  quota: { minimum: 1, maximum: 1_000_000_000 },
  operationQuota: { minimum: 0, maximum: 1_000_000_000 },
  transactionCount: { minimum: 0, maximum: 10_000 },
  retention: { minimum: 100, maximum: 10_000_000 },
  /** File content is held in memory: at least one largest upload, at most 16 GiB. */
  fileBytes: { minimum: 64 * MiB, maximum: 16 * 1024 * MiB },
  /** Comment text is held in memory too: at least a few of the largest bodies, at most 4 GiB. */
  commentBytes: { minimum: MiB, maximum: 4 * 1024 * MiB },
} as const;

/** Caps for strings and arrays the spec leaves unbounded (the file is read whole at start-up). */
const MAX_TEXT = 1000;
const MAX_INTEGER = 2 ** 31 - 1;

function integer(description: string, bounds: { minimum: number; maximum: number }): ConfigSchemaNode {
  return { type: "integer", description, minimum: bounds.minimum, maximum: bounds.maximum };
}

function text(description: string, maxLength: number, extra: Partial<ConfigSchemaNode> = {}): ConfigSchemaNode {
  return { type: "string", description, minLength: 1, maxLength, ...extra };
}

function object(description: string, properties: Record<string, ConfigSchemaNode>, required?: string[]): ConfigSchemaNode {
  return { type: "object", description, properties, ...(required ? { required } : {}), additionalProperties: false };
}

function list(description: string, items: ConfigSchemaNode, maxItems: number): ConfigSchemaNode {
  return { type: "array", description, items, maxItems };
}

/**
 * operationIds the merchant API listener serves, from the bundled spec. Operations on a host of
 * their own (the storage host's upload) carry no quota, so a quota for them is refused.
 */
export function quotaOperationIds(model: ApiModel = apiModel("merchant")): string[] {
  return [...model.router.operations.keys()].sort();
}

/**
 * A schema of the spec as a schema of the config file: `$ref`s inlined, single-branch `allOf`s
 * folded in, examples and `x-` extensions dropped, objects closed, and strings and integers the
 * spec leaves unbounded given a cap. The spec's rules still hold; the file may only be stricter.
 */
function closedCopyOf(doc: OpenApiDocument, node: unknown, depth = 0): ConfigSchemaNode {
  if (depth > 8) throw new Error("config schema: spec schema nests too deeply to inline");
  const schema = deref<Record<string, unknown>>(doc, node);
  let out: ConfigSchemaNode = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "examples" || keyword === "example" || keyword === "title" || keyword.startsWith("x-")) continue;
    if (keyword === "allOf" && Array.isArray(value) && value.length === 1) {
      const { description, ...rest } = closedCopyOf(doc, value[0], depth + 1);
      out = { ...(description ? { description } : {}), ...rest, ...out };
    } else if (keyword === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, closedCopyOf(doc, sub, depth + 1)]),
      );
    } else {
      out[keyword] = value;
    }
  }
  if (out.type === "object") out.additionalProperties = false;
  if (out.type === "string" && out.maxLength === undefined && out.format === undefined && !boundedPattern(out.pattern))
    out.maxLength = MAX_TEXT;
  if (out.type === "integer") {
    out.minimum ??= 0;
    out.maximum ??= MAX_INTEGER;
  }
  return out;
}

/** Whether a pattern alone bounds a string's length (anchored, no unbounded repetition). */
function boundedPattern(pattern: unknown): boolean {
  return typeof pattern === "string" && pattern.startsWith("^") && pattern.endsWith("$") && !/[*+]|\{\d+,\}/.test(pattern);
}

/** The gateway's Account schema (the body of `GET /account`), from the getAccount operation. */
function accountResourceSchema(model: ApiModel): ConfigSchemaNode {
  const schema = model.operation("getAccount").responses.get("200")?.media[0]?.schema;
  if (!schema) throw new Error("gateway spec: getAccount documents no 200 body schema");
  return {
    ...closedCopyOf(model.document, schema.schema),
    description: "The account resource `GET /account` returns (merchant accounts only), checked against the gateway spec's Account schema.",
  };
}

/** API keys are HTTP Basic user names: a colon would end the name, whitespace cannot be sent. */
const API_KEY_PATTERN = "^[^\\s:]+$";
/** A signing key id is the first token of the `Signature` header. */
const TOKEN_PATTERN = "^\\S+$";

/** An API key of a gateway account. */
function apiKeySchema(): ConfigSchemaNode {
  return object(
    "An API key of the account.",
    {
      key: text(
        "The key: the HTTP Basic user name (any string without colon or whitespace; the seeds use UUIDs). Unique across all accounts, case-insensitively.",
        128,
        { pattern: API_KEY_PATTERN },
      ),
      enabled: { type: "boolean", description: "`false`: the key is known but refused (401).", default: true },
      expires_at: {
        type: "string",
        format: "date-time",
        description: "RFC 3339 instant of the sandbox clock from which the key is refused (401).",
      },
    },
    ["key"],
  );
}

/** A gateway account; its account resource is checked against the gateway spec's Account schema. */
function gatewayAccountSchema(model: ApiModel): ConfigSchemaNode {
  return object(
    "A gateway account added to the seeded ones.",
    {
      id: text("Sandbox-internal account id, unique (the seeds use `sandbox-merchant`, `sandbox-merchant-2`, `sandbox-partner`).", 64, {
        pattern: TOKEN_PATTERN,
      }),
      type: {
        type: "string",
        enum: ["merchant", "partner"],
        description: "`merchant` accounts transact; `partner` accounts own signing keys and cannot transact.",
      },
      keys: list("The account's API keys.", apiKeySchema(), 100),
      partner: text("Merchant accounts: id of the partner account whose signing keys may sign this merchant's requests.", 64),
      account: accountResourceSchema(model),
    },
    ["id", "type", "keys"],
  );
}

/** A gateway signing key (an RSA public key of a partner account). */
function signingKeySchema(): ConfigSchemaNode {
  return object(
    "A signing key added to the seeded one; give exactly one of `public_key_pem` and `public_key_file`.",
    {
      id: text("The signing API key sent in `Signature: <id> RS256-hex <hex>`, unique case-insensitively.", 128, {
        pattern: TOKEN_PATTERN,
      }),
      partner: text("Id of the partner account that owns the key.", 64),
      public_key_pem: text("The RSA public key, inline PEM.", 16 * KiB),
      public_key_file: text("Path of a PEM public key file, relative to the config file.", 4096),
    },
    ["id", "partner"],
  );
}

/** An OAuth client of the merchant API. */
function oauthClientSchema(): ConfigSchemaNode {
  return object(
    "An OAuth client added to the seeded ones.",
    {
      client_id: text("Client id (HTTP Basic user name at the token endpoint), unique.", 128),
      client_secret: text("Client secret.", 256),
      client_name: text("Name shown as the author of the client's comments.", 200),
      contacts: list(
        "E-mail addresses; the first is shown as the author of the client's comments.",
        { type: "string", format: "email", maxLength: 254, description: "An e-mail address." },
        10,
      ),
      merchant: text(
        "The merchant the client acts for (any name; the seeds use `sandbox-merchant` and `sandbox-merchant-2`): it sees only that merchant's resources, and the clients it registers act for it too. Omitted: `sandbox-merchant`, which owns the seeded transactions and disputes.",
        64,
        { pattern: TOKEN_PATTERN },
      ),
    },
    ["client_id", "client_secret"],
  );
}

/** The `gateway` section: accounts, signing keys and rule, body size, retention. */
function gatewaySectionSchema(model: ApiModel): ConfigSchemaNode {
  return object("The Gateway API sandbox.", {
    accounts: list("Accounts added to the seeded ones.", gatewayAccountSchema(model), 1000),
    signingKeys: list("Signing keys added to the seeded one.", signingKeySchema(), 100),
    signing: {
      type: "string",
      enum: ["all-posts", "methods"],
      description:
        "`all-posts` (the spec: every POST must be signed) or `methods` (only the payment methods that require signing, and an omitted `card[csc]`, need a signature; for clients written against the pre-2020 rule).",
    },
    maxBodyBytes: integer("Largest request body accepted; a larger one gets 40000.", configBounds.maxBodyBytes),
    retention: object("How many records the gateway keeps in memory (see Retention).", {
      maxTransactions: integer(
        "Authorizations and debits kept (their captures, refunds and voids are part of them), shared equally by the merchant accounts; beyond an account's share its own oldest finished ones are evicted first.",
        configBounds.retention,
      ),
    }),
  });
}

/** The `merchant` section: OAuth clients, lifetimes, quotas (per operationId of the bundled spec), sizes, retention. */
function merchantSectionSchema(): ConfigSchemaNode {
  return object("The Merchant Management API sandbox and its storage host.", {
    clients: list("OAuth clients added to the seeded ones.", oauthClientSchema(), 1000),
    tokenTtlSeconds: integer("Lifetime of an access token, on the sandbox clock.", configBounds.ttlSeconds),
    uploadUrlTtlSeconds: integer("Lifetime of a pre-signed upload link, on the sandbox clock.", configBounds.ttlSeconds),
    rateLimits: object("Per-endpoint quotas: a fixed window per operation and caller.", {
      windowSeconds: integer("Length of a quota window, on the sandbox clock.", configBounds.windowSeconds),
      default: integer("Requests per window for an operation without a quota of its own.", configBounds.quota),
      operations: {
        type: "object",
        description: "Quotas per operationId, merged into the seeded ones (0 refuses every call with 429).",
        propertyNames: { description: "an operationId of the merchant API", enum: quotaOperationIds() },
        additionalProperties: integer("Requests per window for this operation.", configBounds.operationQuota),
      },
    }),
    transactionCount: integer("Seeded transactions in the transactions collection.", configBounds.transactionCount),
    maxBodyBytes: integer("Largest request body accepted; a larger one gets a 400 problem.", configBounds.maxBodyBytes),
    maxUploadBytes: integer("Largest upload the storage host accepts; a larger one gets 403 EntityTooLarge.", configBounds.maxUploadBytes),
    retention: object("How many records the merchant API keeps in memory (see Retention).", {
      maxApplications: integer(
        "Applications kept, each with its people, files, comments and contract, shared equally by the merchants of the OAuth clients; beyond a merchant's share its own oldest finished ones are evicted first.",
        configBounds.retention,
      ),
      maxFiles: integer(
        "Files kept (metadata and content), each with its comments, shared equally by the merchants of the OAuth clients; beyond a merchant's share its own oldest finished ones are evicted first.",
        configBounds.retention,
      ),
      maxFileBytes: integer(
        "Bytes of uploaded file content kept, shared equally by the merchants; an upload past a merchant's share evicts its oldest finished files, and is refused (403 EntityTooLarge) when that frees too little.",
        configBounds.fileBytes,
      ),
      maxCommentBytes: integer(
        "Bytes of comment text kept (bodies and tags), shared equally by the merchants; a comment past a merchant's share makes it forget its oldest comments, and one larger than the whole share is refused (400 problem).",
        configBounds.commentBytes,
      ),
    }),
  });
}

function buildSchema(): ConfigSchemaNode {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Sandbox config file",
    ...object("The sandbox config file (`SANDBOX_CONFIG` / `--config`): lists are appended to the seeds, values replace them.", {
      gateway: gatewaySectionSchema(apiModel("gateway")),
      merchant: merchantSectionSchema(),
    }),
  };
}

/** The schema of the config file, built once from the bundled specs. */
export const sandboxConfigSchema: ConfigSchemaNode = buildSchema();
