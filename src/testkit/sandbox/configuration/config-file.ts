/**
 * The sandbox config file (`SANDBOX_CONFIG`), read fail-closed: a file that cannot be read, is
 * not JSON, breaks its schema (openapi/sandbox-control/formats/config-file.schema.yaml, validated
 * as generated/ bundles it) or names what does not exist (a partner, a key file, an operation)
 * stops the start with an error naming the file and every problem's JSON path and rule.
 */
import { createPublicKey } from "node:crypto";
import { resolve } from "node:path";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020";
import { arrayOf, objectOf } from "../../common/json-values";
import { readRegularFile } from "../../common/regular-file";
import { defaultConfig, mergeConfig, type GatewayAccountConfig, type SandboxConfig, type SandboxConfigFile } from "./config";
import { didYouMean } from "../../common/did-you-mean";
import { formatValidator } from "../../openapi-model/ajv";
import { apiModel } from "../../openapi-model/operation-model";

/**
 * The default config plus the file named by `SANDBOX_CONFIG`, if any. Fails closed: a file that
 * cannot be read, is not JSON, breaks the schema or names what does not exist
 * stops the start with an error naming the file and every problem's JSON path and rule.
 */
export function configFromEnvironment(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return configFromFile(env.SANDBOX_CONFIG);
}

/** The config file's settings over the seeds, or the seeds alone without a file; refused, naming the key, when wrong. */
export function configFromFile(file: string | undefined): SandboxConfig {
  if (!file) return defaultConfig();
  const path = resolve(file);
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    throw new Error(`sandbox config ${path} cannot be read: ${messageOf(error)}`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`sandbox config ${path} is not valid JSON: ${messageOf(error)}`, { cause: error });
  }
  const directory = resolve(path, "..");
  const { file: checked, problems } = checkConfigFile(parsed, directory);
  if (checked === undefined) throw new Error(describeConfigProblems(path, problems));
  return mergeConfig(defaultConfig(), checked, directory);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One problem of a config file: where (a JSON Pointer into the file) and which rule it breaks. */
export interface ConfigProblem {
  path: string;
  rule: string;
}

/** At most this many problems are listed; a file with more is usually not a config file at all. */
export const MAX_REPORTED_PROBLEMS = 20;

function describeConfigProblems(file: string, problems: readonly ConfigProblem[]): string {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map((p) => `  ${p.path || "/"}: ${p.rule}`);
  const hidden = problems.length - shown.length;
  return [
    `sandbox config ${file} is invalid (${problems.length} ${problems.length === 1 ? "problem" : "problems"}):`,
    ...shown,
    ...(hidden > 0 ? [`  ... and ${hidden} more`] : []),
  ].join("\n");
}

/** Every problem of a parsed config file; `relativeTo` is the folder `public_key_file` paths start from. */
export function configFileProblems(value: unknown, relativeTo: string): ConfigProblem[] {
  return checkConfigFile(value, relativeTo).problems;
}

/** The parsed file when it has no problem (`file` undefined when it has some), and its problems. */
function checkConfigFile(value: unknown, relativeTo: string): { file: SandboxConfigFile | undefined; problems: ConfigProblem[] } {
  const validate = configValidator();
  if (!validate(value)) return { file: undefined, problems: schemaProblems(validate.errors ?? []) };
  // Only a file the schema accepts is looked into: the checks below rely on its types.
  const problems = referenceProblems(value, relativeTo);
  return { file: problems.length === 0 ? value : undefined, problems };
}

let compiledSchema: ValidateFunction<SandboxConfigFile> | undefined;

/** The config schema's validator: a value it accepts has the shape SandboxConfigFile gives a config file. */
function configValidator(): ValidateFunction<SandboxConfigFile> {
  return (compiledSchema ??= formatValidator<SandboxConfigFile>("config-file"));
}

function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function schemaProblems(errors: readonly ErrorObject[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  const add = (path: string, rule: string) => {
    if (seen.has(`${path}\u0000${rule}`)) return;
    seen.add(`${path}\u0000${rule}`);
    problems.push({ path, rule });
  };
  for (const error of errors) {
    // A key name's own checks are reported once, by their propertyNames error.
    if (error.propertyName !== undefined) continue;
    const params: Record<string, unknown> = error.params;
    switch (error.keyword) {
      case "additionalProperties":
      case "unevaluatedProperties": {
        const key = String(params.additionalProperty ?? params.unevaluatedProperty);
        const known = knownKeys(error.parentSchema);
        add(
          `${error.instancePath}/${pointerSegment(key)}`,
          `unknown key "${key}"${didYouMean(key, known)}; known keys: ${known.join(", ")}`,
        );
        break;
      }
      case "propertyNames": {
        const key = String(params.propertyName);
        add(`${error.instancePath}/${pointerSegment(key)}`, unknownOperation(key));
        break;
      }
      case "enum":
        add(error.instancePath, `must be one of ${arrayOf(params.allowedValues).join(", ")}`);
        break;
      case "required":
        add(error.instancePath, `missing required key "${String(params.missingProperty)}"`);
        break;
      default:
        add(error.instancePath, error.message ?? error.keyword);
    }
  }
  return problems;
}

/** The keys a schema node names: its own properties and those of the schema it refers to (the spec's Account). */
function knownKeys(node: unknown): string[] {
  const schema = objectOf(node);
  const defs = objectOf(objectOf(configValidator().schema).$defs);
  const referenced = typeof schema.$ref === "string" ? objectOf(defs[schema.$ref.replace("#/$defs/", "")]) : {};
  return [...new Set([...Object.keys(objectOf(referenced.properties)), ...Object.keys(objectOf(schema.properties))])];
}

/**
 * What the schema cannot express: partners named must be partner accounts, ids and keys unique
 * (the seeded ones included), and a signing key's public key present and an RSA public key.
 */
function referenceProblems(file: SandboxConfigFile, relativeTo: string): ConfigProblem[] {
  const seeds = defaultConfig();
  const problems: ConfigProblem[] = [];
  const accounts = file.gateway?.accounts ?? [];

  // Accounts and API keys: ids unique, keys unique across all accounts (authentication ignores case).
  const accountTypes = new Map<string, GatewayAccountConfig["type"]>(seeds.gateway.accounts.map((a) => [a.id, a.type]));
  const keyOwners = new Map<string, string>();
  for (const account of seeds.gateway.accounts) for (const key of account.keys) keyOwners.set(key.key.toLowerCase(), account.id);
  accounts.forEach((account, i) => {
    const at = `/gateway/accounts/${i}`;
    if (accountTypes.has(account.id)) problems.push({ path: `${at}/id`, rule: `duplicate account id "${account.id}"` });
    else accountTypes.set(account.id, account.type);
    account.keys.forEach((key, k) => {
      const owner = keyOwners.get(key.key.toLowerCase());
      if (owner !== undefined)
        problems.push({ path: `${at}/keys/${k}/key`, rule: `duplicate API key: already a key of account "${owner}"` });
      else keyOwners.set(key.key.toLowerCase(), account.id);
    });
  });
  const partnerProblem = (partner: string): string | undefined => {
    const type = accountTypes.get(partner);
    if (type === "partner") return undefined;
    return `must name a partner account; "${partner}" is ${type === undefined ? "not an account" : `a ${type} account`}`;
  };
  accounts.forEach((account, i) => {
    const at = `/gateway/accounts/${i}`;
    if (account.partner !== undefined) {
      const problem = account.type === "merchant" ? partnerProblem(account.partner) : "only merchant accounts name a partner";
      if (problem) problems.push({ path: `${at}/partner`, rule: problem });
    }
    if (account.account !== undefined && account.type !== "merchant")
      problems.push({ path: `${at}/account`, rule: "only merchant accounts have an account resource" });
  });

  // Signing keys: unique ids, owned by a partner, exactly one public key that parses.
  const signingKeyIds = new Set(seeds.gateway.signingKeys.map((k) => k.id.toLowerCase()));
  (file.gateway?.signingKeys ?? []).forEach((key, i) => {
    const at = `/gateway/signingKeys/${i}`;
    if (signingKeyIds.has(key.id.toLowerCase())) problems.push({ path: `${at}/id`, rule: `duplicate signing key id "${key.id}"` });
    signingKeyIds.add(key.id.toLowerCase());
    const partner = partnerProblem(key.partner);
    if (partner) problems.push({ path: `${at}/partner`, rule: partner });
    if ((key.public_key_pem === undefined) === (key.public_key_file === undefined)) {
      problems.push({ path: at, rule: "give exactly one of public_key_pem and public_key_file" });
    } else if (key.public_key_pem !== undefined) {
      const problem = publicKeyProblem(key.public_key_pem);
      if (problem) problems.push({ path: `${at}/public_key_pem`, rule: problem });
    } else {
      const keyFile = resolve(relativeTo, key.public_key_file!);
      let pem: string | undefined;
      try {
        pem = readRegularFile(keyFile);
      } catch (error) {
        const reason = error instanceof Error && "code" in error && error.code === "ENOENT" ? "no such file" : messageOf(error);
        problems.push({ path: `${at}/public_key_file`, rule: `cannot read ${keyFile}: ${reason}` });
      }
      const problem = pem === undefined ? undefined : publicKeyProblem(pem);
      if (problem) problems.push({ path: `${at}/public_key_file`, rule: `${keyFile} ${problem}` });
    }
  });

  // Quotas: only for operations of the merchant API's own listener.
  for (const name of Object.keys(file.merchant?.rateLimits?.operations ?? {})) {
    if (!quotaOperationIds().includes(name))
      problems.push({ path: `/merchant/rateLimits/operations/${pointerSegment(name)}`, rule: unknownOperation(name) });
  }

  // OAuth clients: unique ids.
  const clientIds = new Set(seeds.merchant.clients.map((c) => c.client_id));
  (file.merchant?.clients ?? []).forEach((client, i) => {
    if (clientIds.has(client.client_id))
      problems.push({ path: `/merchant/clients/${i}/client_id`, rule: `duplicate client_id "${client.client_id}"` });
    clientIds.add(client.client_id);
  });
  return problems;
}

/**
 * operationIds the merchant API listener serves, from the bundled spec. Operations on a host of
 * their own (the storage host's upload) carry no quota, so a quota for them is refused.
 */
export function quotaOperationIds(): string[] {
  return [...apiModel("merchant").router.operations.keys()].sort();
}

function unknownOperation(name: string): string {
  return `unknown key "${name}": not an operationId of the merchant API${didYouMean(name, quotaOperationIds())}`;
}

/** Why a PEM cannot verify `RS256-hex` signatures, or undefined when it can. */
function publicKeyProblem(pem: string): string | undefined {
  // createPublicKey would accept a private key too (deriving its public half): refuse to hold one.
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) return "holds a private key: register only the public key";
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === "rsa" ? undefined : `must be an RSA public key (RS256), not ${key.asymmetricKeyType}`;
  } catch (error) {
    return `is not a PEM public key (${messageOf(error)})`;
  }
}
