/**
 * Turns a bundle into the document the Redoc pages are built from. Only the docs get these
 * additions; generated/<api>/ stays the plain bundle that codegen consumes.
 *  - What the spec marks `x-inferred` or `x-departs-from-source` is said in the rendered
 *    description, so readers can tell documented behaviour from this project's choices and
 *    from where it follows the live service against the source description.
 *  - Every operation gets `x-codeSamples`: curl generated from its first request example,
 *    and the TypeScript sample file of this project's client when there is one.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deref, findOperation, type OpenApiDocument } from "../../src/spec/document";
import { concretePath, encodeBody } from "../../src/spec/http-from-spec";
import { listOperationExamples } from "../../src/spec/examples";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Objects whose `description` Redoc renders; `x-inferred` elsewhere (e.g. on the licence) is left as is. */
function canCarryDescription(parentKey: string | undefined): boolean {
  return parentKey !== "license" && parentKey !== "contact" && parentKey !== "info";
}

export interface SourceNotes {
  inferred: number;
  departures: number;
}

/**
 * Says in the rendered descriptions what the source description does not: `x-inferred` (this
 * project's choice, with its reason) and `x-departs-from-source` (what the source says, and why
 * the spec follows the live service instead).
 */
export function markSourceNotes(doc: OpenApiDocument): SourceNotes {
  const counts: SourceNotes = { inferred: 0, departures: 0 };
  const visit = (node: unknown, parentKey?: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, parentKey));
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const notes: string[] = [];
    const reason = record["x-inferred"];
    if (typeof reason === "string") {
      notes.push(`**Inferred** (not stated by the service's documentation): ${reason}`);
      counts.inferred += 1;
    }
    const departure = record["x-departs-from-source"] as { source?: unknown; why?: unknown } | undefined;
    if (departure && typeof departure.source === "string" && typeof departure.why === "string") {
      notes.push(`**Departs from the source description**, which says: ${departure.source} ${departure.why}`);
      counts.departures += 1;
    }
    if (notes.length > 0 && canCarryDescription(parentKey) && !("$ref" in record)) {
      record.description = [record.description, ...notes].filter(Boolean).join("\n\n");
    }
    for (const [key, value] of Object.entries(record)) if (key !== "x-inferred" && key !== "x-departs-from-source") visit(value, key);
  };
  visit(doc);
  return counts;
}

/** The server a reader should try first: the test or sandbox one when the spec has it. */
function tryOutServer(doc: OpenApiDocument, operation: Record<string, unknown>, pathItem: Record<string, unknown>): string {
  const servers = ((operation.servers ?? pathItem.servers ?? doc.servers ?? []) as { url: string; description?: string; variables?: Record<string, { default: string }> }[]);
  const server = servers.find((s) => /test|sandbox/i.test(`${s.url} ${s.description ?? ""}`)) ?? servers[0];
  if (!server) return "";
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** curl flags that carry the operation's credentials, as shell variables the reader fills in. */
function credentialFlags(doc: OpenApiDocument, operation: Record<string, unknown>): string[] {
  const requirement = ((operation.security ?? doc.security ?? []) as Record<string, string[]>[])[0] ?? {};
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, Record<string, string>>;
  return Object.keys(requirement).flatMap((name) => {
    const scheme = schemes[name] ?? {};
    if (scheme.type === "http" && scheme.scheme === "basic") {
      return name === "clientBasic" || /client/i.test(scheme.description ?? "") ? [`-u "$CLIENT_ID:$CLIENT_SECRET"`] : [`-u "$API_KEY:"`];
    }
    if ((scheme.type === "http" && scheme.scheme === "bearer") || scheme.type === "oauth2") return [`-H "Authorization: Bearer $ACCESS_TOKEN"`];
    if (scheme.type === "apiKey" && scheme.in === "header") return [`-H "${scheme.name}: $SIGNING_API_KEY RS256-hex $SIGNATURE"`];
    return [];
  });
}

export function curlSample(doc: OpenApiDocument, operationId: string): string {
  const { path, method, operation } = findOperation(doc, operationId);
  const pathItem = deref<Record<string, unknown>>(doc, doc.paths[path]);
  const url = tryOutServer(doc, operation, pathItem) + concretePath(doc, operationId);
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(url)}`, ...credentialFlags(doc, operation)];
  const example = listOperationExamples(doc).find((e) => e.operationId === operationId && e.kind === "request");
  if (example) {
    const body = encodeBody(example.mediaType!, example.value);
    if (example.mediaType !== "application/x-www-form-urlencoded") lines.push(`-H ${shellQuote(`Content-Type: ${example.mediaType}`)}`);
    lines.push(`--data ${shellQuote(body)}`);
  }
  const sample = lines.join(" \\\n  ");
  return lines.some((line) => line.includes("$SIGNATURE"))
    ? `# $SIGNATURE: RSA-SHA256 signature of the exact body bytes, lowercase hex (see Signing).\n${sample}`
    : sample;
}

/** Adds curl and, where a sample file exists, TypeScript code samples to every operation. */
export function addCodeSamples(doc: OpenApiDocument, api: string, samplesDir: string): { operations: number; typescript: number } {
  let operations = 0;
  let typescript = 0;
  for (const pathItem of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(deref<Record<string, Record<string, unknown>>>(doc, pathItem))) {
      if (!HTTP_METHODS.includes(method)) continue;
      const operationId = String(operation.operationId);
      const samples: { lang: string; label: string; source: string }[] = [{ lang: "Shell", label: "curl", source: curlSample(doc, operationId) }];
      const tsFile = join(samplesDir, api, `${operationId}.ts`);
      if (existsSync(tsFile)) {
        samples.push({ lang: "TypeScript", label: "TypeScript", source: readFileSync(tsFile, "utf8").trim() });
        typescript += 1;
      }
      operation["x-codeSamples"] = samples;
      operations += 1;
    }
  }
  return { operations, typescript };
}
