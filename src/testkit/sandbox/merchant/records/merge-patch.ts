/** How a PATCH body merges into a resource's stored properties. */

type Json = Record<string, unknown>;

/** JSON merge of a patch into a copy of the target; nested objects merge property by property. */
export function mergePatch(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    const merged =
      value && typeof value === "object" && !Array.isArray(value) && current && typeof current === "object"
        ? mergePatch(current as Json, value as Json)
        : value;
    // Defined, not assigned: a key named `__proto__` must not replace the copy's prototype.
    Object.defineProperty(out, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
