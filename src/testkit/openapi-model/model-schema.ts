/**
 * A schema of the operation model: where it is in the bundle, the coercion of string values
 * (form fields, query parameters, headers) to its types, and its Ajv validator, compiled on first
 * use (a test process starts many sandboxes and calls few operations; a serving process compiles
 * them all at start with `compile()`).
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020";
import type { SpecValidator } from "./ajv";
import { deref, type OpenApiDocument } from "./document";
import { coerceToSchema, type Schema } from "./schema-walk";

export class ModelSchema {
  #compiled: ValidateFunction | undefined;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly validator: () => SpecValidator,
    /** JSON Pointer of the schema in the bundle. */
    readonly pointer: string,
    /** The schema as written (its `$ref`s not followed). */
    readonly schema: Schema,
  ) {}

  /** The compiled validator (compiled now if it was not yet). */
  compile(): ValidateFunction {
    return (this.#compiled ??= this.validator().validatorAt(this.pointer));
  }

  /** Whether a value is valid. */
  accepts(value: unknown): boolean {
    return this.compile()(value);
  }

  /** The errors of a value; empty when it is valid. */
  errors(value: unknown): readonly ErrorObject[] {
    const validate = this.compile();
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** The schema after its `$ref`s (an empty one for a boolean schema): for its annotations (`default`, `format`). */
  resolved(): Record<string, unknown> {
    return typeof this.schema === "boolean" ? {} : deref(this.doc, this.schema);
  }

  /** A string value (or the string leaves of a decoded form) as the types the schema declares: `"97"` to 97 for an integer. */
  coerce(value: unknown): unknown {
    return coerceToSchema(this.doc, this.schema, value);
  }
}
