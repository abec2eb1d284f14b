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
import { arrayOf, objectOf, stringOf } from "../../src/testkit/common/json-values";
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";
import type { ApiName, OperationRecord } from "../../src/testkit/openapi-model/model-records";
import { apiModel } from "../../src/testkit/openapi-model/operation-model";
import { concretePath, encodeBody } from "../../src/testkit/openapi-model/http-from-spec";
import { listOperationExamples } from "../../src/testkit/openapi-model/examples";
import { FORM_MEDIA_TYPE } from "../../src/testkit/openapi-model/media-types";

/** Objects whose `description` Redoc renders; a mark elsewhere (on the licence, the contact) is left as is. */
function canCarryDescription(parentKey: string | undefined): boolean {
  return parentKey !== "license" && parentKey !== "contact";
}

export interface SourceNotes {
  inferred: number;
  departures: number;
}

/** Objects whose `description` Redoc shows as written, not as Markdown: a server's (in the server list). */
function takesPlainText(parentKey: string | undefined): boolean {
  return parentKey === "servers";
}

/**
 * Says in the rendered descriptions what the source description does not: `x-inferred` (this
 * project's choice, with its reason) and `x-departs-from-source` (what the source says, and why
 * the spec follows the live service instead). In bold where Redoc renders Markdown, in plain
 * words where it does not.
 */
export function markSourceNotes(doc: OpenApiDocument): SourceNotes {
  const counts: SourceNotes = { inferred: 0, departures: 0 };
  const visit = (node: unknown, parentKey?: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, parentKey));
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const notes: string[] = [];
    const plain = takesPlainText(parentKey);
    const lead = (words: string) => (plain ? words : `**${words}**`);
    const reason = record["x-inferred"];
    if (typeof reason === "string") {
      notes.push(`${lead("Inferred")} (not stated by the service's documentation): ${reason}`);
      counts.inferred += 1;
    }
    const departure = record["x-departs-from-source"] as { source?: unknown; why?: unknown } | undefined;
    if (departure && typeof departure.source === "string" && typeof departure.why === "string") {
      notes.push(`${lead("Departs from the source description")}, which says: ${departure.source} ${departure.why}`);
      counts.departures += 1;
    }
    if (notes.length > 0 && canCarryDescription(parentKey) && !("$ref" in record)) {
      record.description = [record.description, ...notes].filter(Boolean).join(plain ? " " : "\n\n");
    }
    for (const [key, value] of Object.entries(record)) if (key !== "x-inferred" && key !== "x-departs-from-source") visit(value, key);
  };
  visit(doc);
  return counts;
}

/** The server a reader should try first: the service's test environment when the spec has it (not the local sandbox, which not every reader runs). */
function tryOutServer(doc: OpenApiDocument, operation: OperationRecord): string {
  const [, template, method] = operation.at;
  const pathItem = objectOf(doc.paths[template!]);
  const servers = arrayOf(objectOf(pathItem[method!]).servers ?? pathItem.servers ?? doc.servers).map(objectOf);
  const server = servers.find((s) => s["x-environment"] === "test") ?? servers[0];
  const url = stringOf(server?.url);
  if (!server || url === undefined) return "";
  return url.replace(/\{([^}]+)\}/g, (_, name: string) => stringOf(objectOf(objectOf(server.variables)[name]).default) ?? name);
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** curl flags that carry the operation's credentials (its first security alternative), as shell variables the reader fills in. */
function credentialFlags(operation: OperationRecord): string[] {
  return (operation.security[0] ?? []).map((scheme) => {
    if (scheme.type === "http" && scheme.scheme === "basic")
      return scheme.name === "clientBasic" || /client/i.test(scheme.description ?? "")
        ? `-u "$CLIENT_ID:$CLIENT_SECRET"`
        : `-u "$API_KEY:"`;
    if (scheme.type === "apiKey")
      return scheme.signature
        ? `-H "${scheme.header}: $SIGNING_API_KEY ${scheme.signature.schemeToken} $SIGNATURE"`
        : `-H "${scheme.header}: $API_KEY"`;
    return `-H "Authorization: Bearer $ACCESS_TOKEN"`;
  });
}

/** A curl line of an operation of `doc` (the decorated copy of its API's bundle, whose model it is). */
export function curlSample(doc: OpenApiDocument, operation: OperationRecord): string {
  const { operationId } = operation;
  const url = tryOutServer(doc, operation) + concretePath(operation);
  const lines = [`curl -X ${operation.method} ${shellQuote(url)}`, ...credentialFlags(operation)];
  const example = listOperationExamples(doc).find((e) => e.operationId === operationId && e.kind === "request");
  if (example) {
    const body = encodeBody(example.mediaType!, example.value);
    if (example.mediaType !== FORM_MEDIA_TYPE) lines.push(`-H ${shellQuote(`Content-Type: ${example.mediaType}`)}`);
    lines.push(`--data ${shellQuote(body)}`);
  }
  const sample = lines.join(" \\\n  ");
  return lines.some((line) => line.includes("$SIGNATURE"))
    ? `# $SIGNATURE: RSA-SHA256 signature of the exact body bytes, lowercase hex (see Signing).\n${sample}`
    : sample;
}

/** Adds curl and, where a sample file exists, TypeScript code samples to every operation. */
export function addCodeSamples(doc: OpenApiDocument, api: ApiName, samplesDir: string): { operations: number; typescript: number } {
  let operations = 0;
  let typescript = 0;
  for (const operation of apiModel(api).operations.values()) {
    const { operationId, at } = operation;
    const samples: { lang: string; label: string; source: string }[] = [
      { lang: "Shell", label: "curl", source: curlSample(doc, operation) },
    ];
    const tsFile = join(samplesDir, api, `${operationId}.ts`);
    if (existsSync(tsFile)) {
      samples.push({ lang: "TypeScript", label: "TypeScript", source: readFileSync(tsFile, "utf8").trim() });
      typescript += 1;
    }
    // The copy's own operation object (the model reads the shared bundle, which is not changed).
    objectOf(objectOf(doc.paths[at[1]!])[at[2]!])["x-codeSamples"] = samples;
    operations += 1;
  }
  return { operations, typescript };
}

/**
 * What this project's client does for a chapter of an API (a tag), said in the docs copy only: the
 * spec describes the API to any client. The note ends with the TypeScript sample of `sample` (the
 * file the samples test runs), so its code is the checked one.
 */
const CLIENT_NOTES: readonly { api: string; tag: string; note: string; sample: string }[] = [
  {
    api: "merchant",
    tag: "Pagination",
    note:
      "**With the merchant client** (`payment-apis-toolkit/merchant`): `merchant.items(resource, rel, variables)` is an " +
      "async iterator over every item of the collection behind `rel`. It follows `next` until it is absent, page-based " +
      "and cursor-based collections alike, and refuses a `per_page` outside the bounds above before sending anything " +
      "([Clients guide](guides/clients.html)). From the sample of *List applications*:",
    sample: "listApplications",
  },
];

/** Appends CLIENT_NOTES to the descriptions of their tags; throws when a note's tag or sample is missing. Returns the tags changed. */
export function addClientNotes(doc: OpenApiDocument, api: string, samplesDir: string): string[] {
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  return CLIENT_NOTES.filter((n) => n.api === api).map(({ tag, note, sample }) => {
    const target = tags.find((t) => t.name === tag);
    if (!target) throw new Error(`docs: the client note for ${api} names the tag ${tag}, which the spec no longer has`);
    const code = readFileSync(join(samplesDir, api, `${sample}.ts`), "utf8").trim();
    target.description = [target.description, note, "```ts\n" + code + "\n```"].filter(Boolean).join("\n\n");
    return tag;
  });
}

/** Keys whose values are data (examples, defaults), never schemas: left exactly as written. */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum", "x-codeSamples"]);

/**
 * Boolean subschemas (`properties: { card: true, applepay: false }`) crash Redoc's schema view
 * (React error #520 in the console of the gateway page). For the docs copy only:
 *  - a `oneOf` whose branches only mark which of the parent's properties is present
 *    (`required: [card]`, `properties: { card: true, applepay: false, ... }`) becomes one
 *    branch per property holding that property's schema, so the reader picks "card",
 *    "applepay", ... and sees just that method;
 *  - any other boolean property schema becomes its object form (`true` → `{}`,
 *    `false` → `{ not: {} }` with a description saying the property is not allowed).
 * Returns how many boolean subschemas were rewritten.
 */
export function replaceBooleanSchemas(doc: OpenApiDocument): number {
  let rewritten = 0;
  const isPresenceBranch = (branch: unknown): branch is { properties: Record<string, boolean> } =>
    !!branch &&
    typeof branch === "object" &&
    !("$ref" in branch) &&
    !!(branch as { properties?: unknown }).properties &&
    Object.values((branch as { properties: Record<string, unknown> }).properties).every((v) => typeof v === "boolean");
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const properties = record.properties as Record<string, unknown> | undefined;
    if (
      properties &&
      typeof properties === "object" &&
      Array.isArray(record.oneOf) &&
      record.oneOf.length > 0 &&
      record.oneOf.every(isPresenceBranch)
    ) {
      const branches = record.oneOf as { properties: Record<string, unknown> }[];
      const present = branches.map((b) => Object.keys(b.properties).filter((k) => b.properties[k] === true));
      if (present.every((keys) => keys.length > 0 && keys.every((k) => k in properties))) {
        branches.forEach((branch, i) => {
          rewritten += Object.keys(branch.properties).length;
          branch.properties = Object.fromEntries(present[i]!.map((k) => [k, properties[k]]));
        });
        for (const key of new Set(present.flat())) delete properties[key];
      }
    }
    for (const key of ["properties", "patternProperties"]) {
      const map = record[key] as Record<string, unknown> | undefined;
      if (!map || typeof map !== "object" || Array.isArray(map)) continue;
      for (const [name, value] of Object.entries(map)) {
        if (value === true) map[name] = {};
        else if (value === false) map[name] = { not: {}, description: "Not allowed here." };
        else continue;
        rewritten += 1;
      }
    }
    for (const [key, value] of Object.entries(record)) if (!DATA_KEYS.has(key)) visit(value);
  };
  visit(doc);
  return rewritten;
}

/**
 * Redoc lists every Markdown heading of `info.description` in the sidebar next to the tags (at
 * any level), so a heading named like a tag (the gateway's "## Signing" summary beside its
 * "Signing" chapter) shows up twice. Such a heading becomes a bold lead-in paragraph: its text
 * stays, the sidebar entry goes. Returns the headings changed.
 */
export function demoteHeadingsNamedLikeTags(doc: OpenApiDocument): string[] {
  const info = doc.info as { description?: string } | undefined;
  if (!info?.description) return [];
  const tagNames = new Set(
    ((doc.tags ?? []) as { name: string; "x-displayName"?: string }[])
      .flatMap((t) => [t.name, t["x-displayName"] ?? t.name])
      .map((n) => n.trim().toLowerCase()),
  );
  const demoted: string[] = [];
  let inFence = false;
  info.description = info.description
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      const heading = !inFence && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading || !tagNames.has(heading[2]!.toLowerCase())) return line;
      demoted.push(heading[2]!);
      return `**${heading[2]}**`;
    })
    .join("\n");
  return demoted;
}

/**
 * Redoc options for the pages (the `openapi:` section of the config given to build-docs).
 * Redoc shows only the languages of `codeSamples.languages` (by default curl, JavaScript, ...,
 * Payload): TypeScript has to be listed, or its samples are built but never shown.
 */
export const redocOptions = {
  codeSamples: { languages: [{ lang: "curl" }, { lang: "TypeScript" }, { lang: "Payload" }] },
};

/** A text-only stand-in for the Redocly logo the badge would fetch from cdn.redoc.ly. */
const LOCAL_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="52" height="12" viewBox="0 0 52 12"><text x="0" y="10" font-family="system-ui,sans-serif" font-size="11" font-weight="600" fill="#1f7cff">Redocly</text></svg>`,
  );

/**
 * CSS added to every Redoc page: code samples and code blocks of the descriptions (the signing
 * test vector) wrap their long lines instead of running out of view; a section with nothing in its right panel (a chapter such as Status codes or Signing)
 * gives its middle panel the whole width, so a wide table is shown whole instead of scrolling in
 * half the page beside an empty half.
 */
const PAGE_CSS = `
  .panel-request-samples pre, .panel-request-samples pre code,
  [data-component-name="Markdown/Markdown"] pre, [data-component-name="Markdown/Markdown"] pre code {
    white-space: pre-wrap !important;
    overflow-wrap: anywhere;
    word-break: break-word;
  }
  [data-testid="middle-panel"]:has(+ [data-testid="right-panel"]:empty) {
    width: 100% !important;
    max-width: none !important;
  }
  [data-testid="middle-panel"] + [data-testid="right-panel"]:empty {
    display: none !important;
  }
`;

/**
 * Adjusts a page built by build-docs so it needs nothing from outside the page: the attribution
 * badge's logo (cdn.redoc.ly) becomes an inline image, the browser's `/favicon.ico` request (a
 * 404 in the console) is answered by an empty inline icon, and PAGE_CSS is added. Throws when
 * the page no longer has the expected shape.
 */
export function postProcessRedocPage(html: string): string {
  const logo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
  if (!/<\/head>/i.test(html)) throw new Error("build-docs output has no </head>");
  return html
    .replace(logo, LOCAL_LOGO)
    .replace(/<\/head>/i, `  <link rel="icon" href="data:,">\n  <style id="docs-decorations">${PAGE_CSS}</style>\n</head>`);
}
