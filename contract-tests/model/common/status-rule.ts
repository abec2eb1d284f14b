/**
 * The rule id of a documented status of an operation, as the rule inventory names it
 * (contract-tests/rules/inventory.ts): its shared response (`merchant:status:PersonCreated`), or
 * the operation and code (`merchant:status:createToken:200`).
 */
import type { ApiSpec } from "../../support/spec";

export function statusRuleOf(spec: ApiSpec, operationId: string, key: string): string {
  const response = spec.operation(operationId).responses.get(key);
  return response?.component ? `${spec.name}:status:${response.component}` : `${spec.name}:status:${operationId}:${key}`;
}
