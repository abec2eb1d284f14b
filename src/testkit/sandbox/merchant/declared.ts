/** A request body kept to what its schema declares, still of its operation's generated type. */
import { pickDeclared } from "../validation";
import type { BodyOf, OperationContext, OperationId } from "./operation";
import { requestSchema } from "./spec-facts";
import type { MerchantState } from "./state";

/**
 * The body without the properties its schema does not declare (the APIs ignore unknown
 * parameters; the sandbox neither stores nor echoes them). Removing undeclared properties
 * keeps a valid body valid, so it keeps its generated type.
 */
export function declaredOnly<K extends OperationId>({ doc }: MerchantState, ctx: OperationContext<K>): NonNullable<BodyOf<K>> {
  return pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as NonNullable<BodyOf<K>>;
}
