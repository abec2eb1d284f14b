/**
 * Reading a bundle's raw JSON for the operation model: every value is checked as it is read,
 * local `$ref`s are followed, and a construct the model does not understand is refused at load
 * with one line naming its JSON Pointer (as stripe-mock refuses a spec it cannot serve), so that
 * nothing after the load reads the bundle through a cast.
 */
import { isJsonObject, type JsonObject } from "../common/json-values";
import { getAtPointer } from "./document";

/** The operation model met a construct it cannot read: the message names the API, the pointer and the construct. */
export class ModelLoadError extends Error {
  override readonly name = "ModelLoadError";
}

/** An object of the bundle, after its `$ref`s: where it was found and, when it was referenced, the reference. */
export interface Located {
  readonly node: JsonObject;
  /** JSON Pointer of the object itself (the target of a `$ref`). */
  readonly pointer: string;
  /** The `$ref` that led to it (`#/components/parameters/Page`), when there was one. */
  readonly ref: string | undefined;
}

export class BundleReader {
  constructor(
    readonly api: string,
    readonly doc: JsonObject,
  ) {}

  /** Refuses the bundle: one line naming where and what, and where the model is read. */
  refuse(pointer: string, what: string): never {
    throw new ModelLoadError(
      `${this.api} spec at #${pointer}: ${what}, which the testkit's operation model (src/testkit/openapi-model/) cannot read`,
    );
  }

  /** The object at `pointer` (already read as `node`), following local `$ref`s; an external or dangling one is refused. */
  resolve(node: unknown, pointer: string, what: string): Located {
    let current = node;
    let at = pointer;
    let first: string | undefined;
    const seen = new Set<string>();
    while (isJsonObject(current) && typeof current.$ref === "string") {
      const ref = current.$ref;
      if (!ref.startsWith("#/")) this.refuse(at, `an external $ref (${ref})`);
      if (seen.has(ref)) this.refuse(at, `a $ref cycle through ${ref}`);
      seen.add(ref);
      first ??= ref;
      at = ref.slice(1);
      current = getAtPointer(this.doc, at);
      if (current === undefined) this.refuse(pointer, `a $ref to nothing (${ref})`);
    }
    if (!isJsonObject(current)) this.refuse(at, `${what} that is not an object`);
    return { node: current, pointer: at, ref: first };
  }

  /** An optional member that must be an object. */
  object(owner: JsonObject, key: string, pointer: string): JsonObject | undefined {
    const value = owner[key];
    if (value === undefined) return undefined;
    if (!isJsonObject(value)) this.refuse(`${pointer}/${key}`, `${key} that is not an object`);
    return value;
  }

  /** An optional member that must be text. */
  string(owner: JsonObject, key: string, pointer: string): string | undefined {
    const value = owner[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") this.refuse(`${pointer}/${key}`, `${key} that is not a string`);
    return value;
  }

  /** An optional member that must be true or false (absent: false). */
  flag(owner: JsonObject, key: string, pointer: string): boolean {
    const value = owner[key];
    if (value === undefined) return false;
    if (typeof value !== "boolean") this.refuse(`${pointer}/${key}`, `${key} that is not a boolean`);
    return value;
  }

  /** An optional member that must be an array. */
  array(owner: JsonObject, key: string, pointer: string): readonly unknown[] {
    const value = owner[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.refuse(`${pointer}/${key}`, `${key} that is not an array`);
    return value;
  }

  /** An optional member that must be a list of strings. */
  strings(owner: JsonObject, key: string, pointer: string): readonly string[] {
    const values = this.array(owner, key, pointer);
    if (!values.every((value) => typeof value === "string")) this.refuse(`${pointer}/${key}`, `${key} that is not a list of strings`);
    return values;
  }
}

/** The `x-` members of an object (the facts the spec adds to OpenAPI), by name. */
export function extensionsOf(node: JsonObject): Readonly<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key.startsWith("x-")) found[key] = value;
  return Object.freeze(found);
}

/** The name a `$ref` gives its target in `components` (`#/components/responses/NotFound` → `NotFound`). */
export function componentName(ref: string | undefined): string | undefined {
  return ref?.startsWith("#/components/") ? decodeURIComponent(ref.split("/").pop()!).replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
}
