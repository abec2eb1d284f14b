/**
 * The merchant spec's generated types by the names the sandbox uses: operationIds (the records
 * name a resource by the operation that reads it), the schemas, and each operation's path
 * parameters, query and body. Types only: every layer of the sandbox reads them, so they live in
 * the lowest.
 */
import type { components, operations } from "../../../../../generated/merchant/schema";

/** An operationId of the merchant spec. */
export type OperationId = keyof operations;

/** The spec's schemas, for the bodies handlers read. */
export type Schemas = components["schemas"];

/** `never` (an operation without that part) as an empty object. */
type Present<T> = [T] extends [never] ? Record<never, never> : T;

type ParametersOf<K extends OperationId> = operations[K]["parameters"];
/** The path parameters of an operation. */
export type PathOf<K extends OperationId> = Present<NonNullable<ParametersOf<K>["path"]>>;
/** The query parameters of an operation, as the pipeline validated and coerced them. */
export type QueryOf<K extends OperationId> = Present<NonNullable<ParametersOf<K>["query"]>>;

type RequestBodyOf<K extends OperationId> = NonNullable<operations[K]["requestBody"]>;
type ContentOf<K extends OperationId> = RequestBodyOf<K> extends { content: infer C } ? C[keyof C] : never;
/** The decoded request body of an operation: undefined when it takes none, or when it is optional and absent. */
export type BodyOf<K extends OperationId> = [RequestBodyOf<K>] extends [never]
  ? undefined
  : undefined extends operations[K]["requestBody"]
    ? ContentOf<K> | undefined
    : ContentOf<K>;
