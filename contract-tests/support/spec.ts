/**
 * The two bundled specs as the contract suite reads them: every operation with its method,
 * path template, parameters, security and documented responses, a validator for any schema of
 * the bundle, and routers that tell which operation a URL belongs to. Nothing here names an
 * operation: adding one to the spec adds it to the suite.
 */
import { SpecValidator } from "../../src/spec/ajv";
import { deref, loadBundledSpec, toPointer, type OpenApiDocument } from "../../src/spec/document";
import { hasOwnServers, SpecRouter, type RoutedOperation } from "../../src/sandbox/router";

export type ApiName = "gateway" | "merchant";
export const API_NAMES: readonly ApiName[] = ["gateway", "merchant"];

export type Schema = Record<string, unknown> | boolean;

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

export interface ContractOperation extends RoutedOperation {
  api: ApiName;
  /** The operation lives on a host of its own (`servers` on the operation), such as a storage host. */
  external: boolean;
  /** The alternatives of the security requirement, each a list of scheme names (empty list: no credentials). */
  security: string[][];
  /** Request body media types with the pointer of each schema, in the spec's order. */
  requestMedia: Array<{ mediaType: string; schemaPointer: string; required: boolean }>;
}

export interface DocumentedResponse {
  /** The key it was found under (`201`, `5XX`, `default`). */
  key: string;
  /** JSON pointer of the response object (after a `$ref`). */
  base: string;
  response: { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> };
}

export class ApiSpec {
  readonly doc: OpenApiDocument;
  readonly validator: SpecValidator;
  readonly version: string;
  /** Operations of the API's own host. */
  readonly router: SpecRouter;
  /** Operations on hosts of their own (pre-signed storage links). */
  readonly externalRouter: SpecRouter;
  readonly operations: ContractOperation[];
  readonly schemes: Record<string, SecurityScheme>;

  constructor(readonly name: ApiName) {
    this.doc = loadBundledSpec(name);
    this.validator = new SpecValidator(this.doc);
    this.version = String((this.doc.info as { version?: unknown }).version ?? "");
    this.router = new SpecRouter(this.doc, { select: (op, item) => !hasOwnServers(op, item) });
    this.externalRouter = new SpecRouter(this.doc, { select: hasOwnServers });
    this.schemes = (this.doc.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
    this.operations = [...this.router.operations.values(), ...this.externalRouter.operations.values()].map((route) => this.describe(route));
  }

  private describe(route: RoutedOperation): ContractOperation {
    const external = this.externalRouter.operations.has(route.operationId);
    const requirements = (route.operation.security ?? this.doc.security ?? []) as Array<Record<string, unknown>>;
    const raw = route.operation.requestBody as { $ref?: string } | undefined;
    const requestMedia: ContractOperation["requestMedia"] = [];
    if (raw) {
      const body = deref<{ content?: Record<string, unknown>; required?: boolean }>(this.doc, raw);
      const base = raw.$ref ? raw.$ref.slice(1) : toPointer([...route.at, "requestBody"]);
      for (const mediaType of Object.keys(body.content ?? {})) {
        requestMedia.push({ mediaType, schemaPointer: `${base}${toPointer(["content", mediaType, "schema"])}`, required: body.required === true });
      }
    }
    return {
      ...route,
      api: this.name,
      external,
      security: requirements.map((r) => Object.keys(r)),
      requestMedia,
    };
  }

  operation(operationId: string): ContractOperation {
    const found = this.operations.find((o) => o.operationId === operationId);
    if (!found) throw new Error(`The ${this.name} spec has no operation ${operationId}`);
    return found;
  }

  /** The documented response for a status: the exact code, then `4XX`-style ranges, then `default`. */
  documentedResponse(operation: ContractOperation, status: number): DocumentedResponse | undefined {
    const responses = (operation.operation.responses ?? {}) as Record<string, unknown>;
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses);
    if (!key) return undefined;
    const raw = responses[key] as { $ref?: string };
    return {
      key,
      base: raw.$ref ? raw.$ref.slice(1) : toPointer([...operation.at, "responses", key]),
      response: deref(this.doc, raw),
    };
  }

  /** Which operation a request belongs to, by method and URL path (origin decides API host or external host). */
  route(method: string, url: URL, apiOrigin: string): ContractOperation | undefined {
    const router = url.origin === apiOrigin ? this.router : this.externalRouter;
    const matched = router.match(method, url.pathname);
    return matched.kind === "match" ? this.operation(matched.route.operationId) : undefined;
  }

  /** The scheme names of an operation's first security alternative, with their definitions. */
  requiredSchemes(operation: ContractOperation): Array<{ name: string; scheme: SecurityScheme }> {
    return (operation.security[0] ?? []).map((name) => {
      const scheme = this.schemes[name];
      if (!scheme) throw new Error(`${operation.operationId}: unknown security scheme ${name}`);
      return { name, scheme };
    });
  }

  /** Whether an operation needs any credentials at all. */
  isSecured(operation: ContractOperation): boolean {
    return operation.security.length > 0 && operation.security.every((alternative) => alternative.length > 0);
  }
}

const specs = new Map<ApiName, ApiSpec>();

export function apiSpec(api: ApiName): ApiSpec {
  let spec = specs.get(api);
  if (!spec) {
    spec = new ApiSpec(api);
    specs.set(api, spec);
  }
  return spec;
}

/** Every property schema an object schema declares, its combinator branches included (first wins). */
export function propertiesOf(doc: OpenApiDocument, schema: Schema, depth = 0, found = new Map<string, Schema>()): Map<string, Schema> {
  if (typeof schema === "boolean" || depth > 24) return found;
  const resolved = deref<Record<string, unknown>>(doc, schema);
  for (const [name, property] of Object.entries((resolved.properties ?? {}) as Record<string, Schema>)) {
    if (typeof property !== "boolean" && !found.has(name)) found.set(name, property);
  }
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    for (const branch of (resolved[key] ?? []) as Schema[]) propertiesOf(doc, branch, depth + 1, found);
  }
  for (const key of ["then", "else"] as const) {
    if (resolved[key] !== undefined) propertiesOf(doc, resolved[key] as Schema, depth + 1, found);
  }
  return found;
}
