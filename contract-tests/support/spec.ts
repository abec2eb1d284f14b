/**
 * The two bundled specs as the contract suite reads them: every operation with its method,
 * path template, parameters, security and documented responses, a validator for any schema of
 * the bundle, and routers that tell which operation a URL belongs to. Nothing here names an
 * operation: adding one to the spec adds it to the suite.
 */
import { SpecValidator } from "../../src/testkit/openapi-model/ajv";
import { deref, loadBundledSpec, toPointer, type OpenApiDocument } from "../../src/testkit/openapi-model/document";
import { documentedResponse, type DocumentedResponse } from "../../src/testkit/openapi-model/response-validation";
import { hasOwnServers, SpecRouter, type RoutedOperation } from "../../src/testkit/openapi-model/router";

export type ApiName = "gateway" | "merchant";
export const API_NAMES: readonly ApiName[] = ["gateway", "merchant"];

export type { Schema } from "../../src/testkit/openapi-model/schema-walk";
export type { DocumentedResponse };

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
    const version = (this.doc.info as { version?: unknown }).version ?? "";
    this.version = typeof version === "string" ? version : JSON.stringify(version);
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
        requestMedia.push({
          mediaType,
          schemaPointer: `${base}${toPointer(["content", mediaType, "schema"])}`,
          required: body.required === true,
        });
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
    return documentedResponse(this.doc, operation, status);
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
