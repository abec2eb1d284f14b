/**
 * Routing from the bundled spec: every path template of the document becomes a matcher, and a
 * request is matched to an operation by its path and method. Nothing here knows a path of
 * either API; literal segments win over template segments, as OpenAPI requires.
 */
import { deref, HTTP_METHODS, toPointer, type OpenApiDocument } from "./document";

export interface RoutedOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/authorizations/{authorization_id}/captures`. */
  template: string;
  operation: Record<string, unknown>;
  /** JSON Pointer segments of the operation object in the bundle. */
  at: string[];
  /** Path-level and operation-level parameters, dereferenced, each with the pointer of its schema. */
  parameters: RouteParameter[];
}

export interface RouteParameter {
  name: string;
  in: string;
  required: boolean;
  schemaPointer: string;
  schema: Record<string, unknown>;
}

interface CompiledPath {
  template: string;
  segments: Array<{ literal: string } | { param: string }>;
  literalCount: number;
  operations: Map<string, RoutedOperation>;
}

export type RouteResult =
  | { kind: "match"; route: RoutedOperation; params: Record<string, string> }
  | { kind: "method-not-allowed"; template: string; allow: string[]; params: Record<string, string> }
  | { kind: "not-found" };

export interface RouterOptions {
  /**
   * Which operations this router serves: operations with their own `servers` (another host,
   * such as a storage host) belong to a different listener than the API's own.
   */
  select?: (operation: Record<string, unknown>, pathItem: Record<string, unknown>) => boolean;
}

/** True when the operation (or its path item) names servers of its own, i.e. lives on another host. */
export function hasOwnServers(operation: Record<string, unknown>, pathItem: Record<string, unknown>): boolean {
  return Array.isArray(operation.servers) || Array.isArray(pathItem.servers);
}

export class SpecRouter {
  private readonly paths: CompiledPath[] = [];
  /** Templates without parameters, by their exact text: most requests are answered by one lookup. */
  private readonly literalPaths = new Map<string, CompiledPath>();
  readonly operations = new Map<string, RoutedOperation>();

  constructor(
    readonly doc: OpenApiDocument,
    options: RouterOptions = {},
  ) {
    for (const [template, rawItem] of Object.entries(doc.paths)) {
      const pathItem = deref<Record<string, unknown>>(doc, rawItem);
      const operations = new Map<string, RoutedOperation>();
      const pathParameters = (pathItem.parameters as unknown[] | undefined) ?? [];
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        if (options.select && !options.select(operation, pathItem)) continue;
        const at = ["paths", template, method];
        const parameters = [
          ...pathParameters.map((p, i) => this.parameter(p, ["paths", template, "parameters", String(i)])),
          ...((operation.parameters as unknown[] | undefined) ?? []).map((p, i) => this.parameter(p, [...at, "parameters", String(i)])),
        ];
        // An operation-level parameter overrides a path-level one of the same name and location.
        const byKey = new Map(parameters.map((p) => [`${p.in}:${p.name}`, p]));
        const route: RoutedOperation = {
          operationId: typeof operation.operationId === "string" ? operation.operationId : `${method} ${template}`,
          method: method.toUpperCase(),
          template,
          operation,
          at,
          parameters: [...byKey.values()],
        };
        operations.set(route.method, route);
        this.operations.set(route.operationId, route);
      }
      if (operations.size === 0) continue;
      const segments = template
        .split("/")
        .slice(1)
        .map((segment) => {
          const param = /^\{([^{}]+)\}$/.exec(segment);
          return param ? { param: param[1]! } : { literal: segment };
        });
      const compiled = { template, segments, literalCount: segments.filter((s) => "literal" in s).length, operations };
      this.paths.push(compiled);
      if (compiled.literalCount === segments.length && !template.includes("%")) this.literalPaths.set(template, compiled);
    }
    // Concrete paths before templated ones (OpenAPI 3.1 "Path Templating Matching").
    this.paths.sort((a, b) => b.literalCount - a.literalCount || b.segments.length - a.segments.length);
  }

  private parameter(raw: unknown, at: string[]): RouteParameter {
    const ref = (raw as { $ref?: string }).$ref;
    const parameter = deref<Record<string, unknown>>(this.doc, raw);
    const base = ref ? ref.slice(1) : toPointer(at);
    return {
      name: String(parameter.name),
      in: String(parameter.in),
      required: parameter.required === true,
      schemaPointer: `${base}/schema`,
      schema: deref<Record<string, unknown>>(this.doc, parameter.schema ?? {}),
    };
  }

  /** Matches a request path (without query string) and method. */
  match(method: string, pathname: string): RouteResult {
    // An all-literal template outranks every templated one; without the method, the slow path decides.
    const exact = this.literalPaths.get(pathname)?.operations.get(method.toUpperCase());
    if (exact) return { kind: "match", route: exact, params: {} };
    if (!pathname.startsWith("/")) return { kind: "not-found" };
    const parts = pathname.split("/").slice(1);
    let decoded: string[];
    try {
      decoded = parts.map((p) => (p.includes("%") ? decodeURIComponent(p) : p));
    } catch {
      return { kind: "not-found" };
    }
    let allowed: { template: string; allow: string[]; params: Record<string, string> } | undefined;
    for (const compiled of this.paths) {
      const params = matchSegments(compiled, parts, decoded);
      if (!params) continue;
      const route = compiled.operations.get(method.toUpperCase());
      if (route) return { kind: "match", route, params };
      allowed ??= { template: compiled.template, allow: [...compiled.operations.keys()], params };
    }
    return allowed ? { kind: "method-not-allowed", ...allowed } : { kind: "not-found" };
  }

  /** Methods the spec declares for a path template (for `Allow`). */
  methodsOf(template: string): string[] {
    return [...(this.paths.find((p) => p.template === template)?.operations.keys() ?? [])];
  }

  operation(operationId: string): RoutedOperation {
    const route = this.operations.get(operationId);
    if (!route) throw new Error(`The spec has no operation ${operationId}`);
    return route;
  }
}

function matchSegments(compiled: CompiledPath, raw: string[], decoded: string[]): Record<string, string> | undefined {
  // The root path "/" is one empty segment.
  const { segments } = compiled;
  if (segments.length !== raw.length) return undefined;
  // Literals first: most templates fail on them, before any parameter object is made.
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if ("literal" in segment ? segment.literal !== raw[i] : !raw[i]) return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if ("param" in segment) params[segment.param] = decoded[i]!;
  }
  return params;
}
