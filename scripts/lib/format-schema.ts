/**
 * Bundles a file format's JSON Schema (openapi/sandbox-control/formats/<name>.schema.yaml) into one
 * self-contained JSON Schema and its TypeScript types. Redocly resolves the `$ref`s (the format's
 * own `$defs`, the specs' components it reuses) as it does for the APIs: the format is bundled as
 * the one schema of an otherwise empty OpenAPI document, whose components become the `$defs`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { runBinAsync } from "./exec";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface BundledFormat {
  /** The schema, every `$ref` pointing into its own `$defs`; `x-` extensions left out (they are hints, not rules). */
  schema: JsonObject;
  /** The types: `components["schemas"][<title>]`, and each `$defs` entry by its name. */
  types: string;
  /** The format's top-level `x-` extensions (facts such as its largest file), by name without `x-`. */
  facts: Record<string, Json>;
}

const COMPONENT = "#/components/schemas/";

/** A copy of `node` with `x-` keys dropped and component refs renamed by `ref`. */
function rewritten(node: Json, ref: (name: string) => string): Json {
  if (Array.isArray(node)) return node.map((item) => rewritten(item, ref));
  if (node === null || typeof node !== "object") return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("x-")) continue;
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT)
        ? ref(value.slice(COMPONENT.length))
        : rewritten(value, ref);
  }
  return out;
}

/** The bundled schema, types and facts of the format at `sourcePath`; its `title` names its type. */
export async function bundleFormat(sourcePath: string): Promise<BundledFormat> {
  const source = parse(readFileSync(sourcePath, "utf8")) as JsonObject;
  const title = source.title;
  if (typeof title !== "string") throw new Error(`${sourcePath}: a format schema needs a title (its type's name)`);
  const facts = Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => key.startsWith("x-"))
      .map(([key, value]) => [key.slice(2), value]),
  );
  const dir = mkdtempSync(join(tmpdir(), "format-schema-"));
  try {
    const wrapperPath = join(dir, "wrapper.json");
    const bundledPath = join(dir, "bundled.json");
    const wrapper = {
      openapi: "3.1.0",
      info: { title, version: "1" },
      paths: {},
      components: { schemas: { [title]: { $ref: sourcePath } } },
    };
    writeFileSync(wrapperPath, JSON.stringify(wrapper));
    await runBinAsync("redocly", ["bundle", wrapperPath, "--lint-config", "off", "--output", bundledPath]);
    const bundled = JSON.parse(readFileSync(bundledPath, "utf8")) as { components: { schemas: Record<string, JsonObject> } };
    // Redocly lifts the referenced file into a component named after it and its $defs beside it.
    const schemas = { ...bundled.components.schemas };
    const entry = schemas[title]!.$ref;
    if (typeof entry !== "string") throw new Error(`${sourcePath}: redocly did not lift the format into a component of its own`);
    const lifted = entry.slice(COMPONENT.length);
    const { $defs: _lifted, ...root } = schemas[lifted]!;
    delete schemas[lifted];
    delete schemas[title];
    const rename = (name: string) => (name === lifted ? title : name);
    // Every schema by its name, refs pointing at `prefix` + name: the format's $defs, or the components of its types.
    const named = (prefix: string) =>
      Object.fromEntries(
        Object.entries({ [title]: root, ...schemas }).map(([name, node]) => [name, rewritten(node, (n) => prefix + rename(n))]),
      );
    const { [title]: self, ...defs } = named("#/$defs/");
    const schema = { ...(self as JsonObject), $defs: defs };

    const typesDocPath = join(dir, "types.json");
    writeFileSync(typesDocPath, JSON.stringify({ ...wrapper, components: { schemas: named(COMPONENT) } }));
    const { default: openapiTS, astToString } = await import("openapi-typescript");
    const types = astToString(await openapiTS(pathToFileURL(typesDocPath), { alphabetize: false, defaultNonNullable: false }));
    return { schema, types, facts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
