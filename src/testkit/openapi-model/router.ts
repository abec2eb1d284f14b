/**
 * Routing to the operation model's records: every path template becomes a matcher, and a
 * request is matched to an operation by its path and method. Nothing here knows a path of
 * either API; literal segments win over template segments, as OpenAPI requires. The model
 * builds one router for the API's own host and one for the hosts of operations with servers of
 * their own (`apiModel(api).router`, `.externalRouter`).
 */
import type { OperationRecord, PathSegment } from "./model-records";

interface CompiledPath {
  template: string;
  segments: readonly PathSegment[];
  literalCount: number;
  operations: Map<string, OperationRecord>;
}

export type RouteResult =
  | { kind: "match"; route: OperationRecord; params: Record<string, string> }
  | { kind: "method-not-allowed"; template: string; allow: string[]; params: Record<string, string> }
  | { kind: "not-found" };

export class SpecRouter {
  private readonly paths: CompiledPath[] = [];
  /** Templates without parameters, by their exact text: most requests are answered by one lookup. */
  private readonly literalPaths = new Map<string, CompiledPath>();
  /** The operations routed to, by operationId. */
  readonly operations = new Map<string, OperationRecord>();

  constructor(operations: Iterable<OperationRecord>) {
    const byTemplate = new Map<string, CompiledPath>();
    for (const operation of operations) {
      this.operations.set(operation.operationId, operation);
      let compiled = byTemplate.get(operation.template);
      if (!compiled) {
        const { template, segments } = operation;
        compiled = { template, segments, literalCount: segments.filter((s) => "literal" in s).length, operations: new Map() };
        byTemplate.set(template, compiled);
        this.paths.push(compiled);
        if (compiled.literalCount === segments.length && !template.includes("%")) this.literalPaths.set(template, compiled);
      }
      compiled.operations.set(operation.method, operation);
    }
    // Concrete paths before templated ones (OpenAPI 3.1 "Path Templating Matching").
    this.paths.sort((a, b) => b.literalCount - a.literalCount || b.segments.length - a.segments.length);
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

  operation(operationId: string): OperationRecord {
    const route = this.operations.get(operationId);
    if (!route) throw new Error(`The spec has no operation ${operationId} on this host`);
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
