import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isJsonObject } from "../common/json-values";

/** A bundled OpenAPI 3.1 document as JSON (generated/<api>/openapi.json). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The folder holding generated/<api>/openapi.json: the checkout's generated/, or the copy an
 * installed package carries beside its compiled code (which sits one level deeper, in dist/).
 */
function findGeneratedDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "generated");
    if (existsSync(join(candidate, "gateway", "openapi.json"))) return candidate;
    if (dirname(dir) === dir) return resolve(from, "..", "..", "generated");
  }
}

export const generatedDir = findGeneratedDir(__dirname);

const bundles = new Map<string, OpenApiDocument>();
const parses = new Map<string, number>();

/** Whether parsed JSON has the top-level shape of an OpenAPI document (checked, not assumed). */
function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  if (!isJsonObject(value) || typeof value.openapi !== "string" || !isJsonObject(value.paths)) return false;
  if (!Object.values(value.paths).every(isJsonObject)) return false;
  return value.components === undefined || (isJsonObject(value.components) && Object.values(value.components).every(isJsonObject));
}

/** Freezes every object and array of parsed JSON (iteratively: a bundle is deep). */
function deepFreeze<T>(root: T): T {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null || Object.isFrozen(node)) continue;
    Object.freeze(node);
    for (const child of Object.values(node)) pending.push(child);
  }
  return root;
}

/**
 * The committed bundle of one API (the bundle, not the split sources, is what clients see): read
 * and parsed once per process and shared by every reader, so it is frozen. A caller that derives
 * a changed document (the Prism variant, Dredd's downlevel, the docs' decorations) changes a
 * `structuredClone` of it.
 */
export function loadBundledSpec(api: string): OpenApiDocument {
  const known = bundles.get(api);
  if (known) return known;
  const file = join(generatedDir, api, "openapi.json");
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isOpenApiDocument(parsed))
    throw new Error(
      `${file} is not an OpenAPI document (no openapi version or paths): reinstall the package, or rebuild generated/ in a clone of its repository`,
    );
  parses.set(api, (parses.get(api) ?? 0) + 1);
  bundles.set(api, deepFreeze(parsed));
  return parsed;
}

/** How many times this process has parsed an API's bundle (one at most: tests hold the memo to it). */
export function bundleParseCount(api: string): number {
  return parses.get(api) ?? 0;
}

/** The methods a path item can hold operations for (OpenAPI 3.1 Path Item Object), in its order. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Each method as it appears on the wire. */
export const WIRE_METHODS: { readonly [M in HttpMethod]: Uppercase<M> } = {
  get: "GET",
  put: "PUT",
  post: "POST",
  delete: "DELETE",
  options: "OPTIONS",
  head: "HEAD",
  patch: "PATCH",
  trace: "TRACE",
};

/** Whether a key of a path item names an operation (rather than `parameters`, `servers`, `summary`...). */
export function isHttpMethod(key: string): key is HttpMethod {
  return HTTP_METHODS.some((method) => method === key);
}

/** RFC 6901 JSON Pointer from path segments. */
export function toPointer(segments: readonly string[]): string {
  return segments.map((s) => "/" + s.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Reads the value at a JSON Pointer ("" or "/a/b"), or undefined when it does not exist. */
export function getAtPointer(doc: unknown, pointer: string): unknown {
  if (pointer === "" || pointer === "/") return doc;
  let node: unknown = doc;
  for (const raw of pointer.replace(/^\//, "").split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = key in node ? node[Number(key)] : undefined;
    else if (isJsonObject(node) && key in node) node = node[key];
    else return undefined;
  }
  return node;
}

/** The `$ref` of a reference object, or undefined for anything else. */
function refOf(node: unknown): string | undefined {
  return isJsonObject(node) && typeof node.$ref === "string" ? node.$ref : undefined;
}

/**
 * Follows local `$ref`s (`#/components/...`) until a non-reference object is reached. The type
 * is the caller's reading of the schema or object found (a spec walk that knows its shape).
 */
export function deref<T = Record<string, unknown>>(doc: OpenApiDocument, node: unknown): T {
  let current = node;
  const seen = new Set<string>();
  for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
    if (!ref.startsWith("#") || seen.has(ref)) throw new Error(`Cannot follow $ref ${ref}`);
    seen.add(ref);
    current = getAtPointer(doc, ref.slice(1));
    if (current === undefined) throw new Error(`Unresolved $ref ${ref}`);
  }
  return current as T;
}
