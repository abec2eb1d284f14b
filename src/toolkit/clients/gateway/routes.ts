/**
 * The gateway's operations by operationId, as the generated table has them (method and path
 * from the spec), checked against the generated types and prepared once for sending: the flow
 * helpers name an operationId and nothing else.
 */
import { operations as table } from "../../../../generated/gateway/constants";
import type { operations, paths } from "../../../../generated/gateway/schema";

type Table = typeof table;
export type OperationId = keyof Table;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The path and method of `paths` whose operation has the types of `Op`. */
type RouteOf<Op extends keyof operations> = {
  [P in keyof paths]: {
    [M in keyof paths[P]]-?: Same<paths[P][M], operations[Op]> extends true ? { readonly method: M; readonly path: P } : never;
  }[keyof paths[P]];
}[keyof paths];

/**
 * Fails to compile when the generated table and the generated types disagree (an operation
 * missing, or named at another path or method), so that `client.request(method, path)` with a
 * route of the table is typed by openapi-fetch as that operation.
 */
const checked: { readonly [Op in keyof operations]: RouteOf<Op> } = table;

export interface Route {
  /** Upper case, as sent. */
  method: string;
  /** Lower case, as openapi-fetch's `request(method, ...)` takes it. */
  specMethod: Table[OperationId]["method"];
  path: Table[OperationId]["path"];
  /** `POST /authorizations/{authorization_id}/captures`: names the operation in errors and logs (no ids). */
  label: string;
  /** The path split at its parameters: literal, name, literal, ... */
  parts: string[];
}

const routes = new Map<OperationId, Route>(
  (Object.keys(checked) as OperationId[]).map((id) => {
    const { method, path } = checked[id];
    return [
      id,
      {
        method: method.toUpperCase(),
        specMethod: method,
        path,
        label: `${method.toUpperCase()} ${path}`,
        parts: path.split(/\{([^{}]+)\}/),
      },
    ];
  }),
);

export function routeOf(id: OperationId): Route {
  return routes.get(id)!;
}

/** The path parameters in the order the path names them, as openapi-fetch's `params.path`. */
export function pathParams(route: Route, values: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 1; i < route.parts.length; i += 2) params[route.parts[i]!] = values[(i - 1) / 2]!;
  return params;
}
