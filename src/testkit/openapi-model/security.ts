/**
 * Security of the operation model: the bundle's security schemes, each of a type the testkit
 * can satisfy and check (HTTP Basic or Bearer, an API key in a header, OAuth 2), and
 * an operation's requirement resolved to those schemes. The gateway's request signature is an
 * API key header that the spec marks with the token its value carries (`x-scheme-token`).
 */
import type { JsonObject } from "../common/json-values";
import type { BundleReader } from "./bundle-reading";
import { toPointer } from "./document";
import type { SecuritySchemeRecord } from "./model-records";

function readScheme(reader: BundleReader, name: string, raw: unknown): SecuritySchemeRecord {
  const { node, pointer } = reader.resolve(raw, toPointer(["components", "securitySchemes", name]), "a security scheme");
  const type = reader.string(node, "type", pointer);
  const description = reader.string(node, "description", pointer);
  switch (type) {
    case "http": {
      const scheme = reader.string(node, "scheme", pointer)?.toLowerCase();
      if (scheme !== "basic" && scheme !== "bearer") return reader.refuse(pointer, `an HTTP authentication scheme ${scheme ?? "(none)"}`);
      return Object.freeze({ name, description, type, scheme });
    }
    case "apiKey": {
      // A key in the query or a cookie is a credential the testkit neither sends nor checks.
      const location = reader.string(node, "in", pointer);
      const header = reader.string(node, "name", pointer);
      if (location !== "header" || header === undefined)
        return reader.refuse(pointer, `an API key sent in ${location ?? "(nowhere)"} under ${header ?? "no name"}`);
      const schemeToken = reader.string(node, "x-scheme-token", pointer);
      return Object.freeze({
        name,
        description,
        type,
        header,
        signature: schemeToken === undefined ? undefined : Object.freeze({ schemeToken }),
      });
    }
    case "oauth2":
      return Object.freeze({ name, description, type });
    default:
      return reader.refuse(pointer, `a security scheme of type ${type ?? "(none)"}`);
  }
}

/** The bundle's security schemes, by name. */
export function readSecuritySchemes(reader: BundleReader): ReadonlyMap<string, SecuritySchemeRecord> {
  const components = reader.object(reader.doc, "components", "");
  const schemes = components ? reader.object(components, "securitySchemes", "/components") : undefined;
  return new Map(Object.entries(schemes ?? {}).map(([name, raw]) => [name, readScheme(reader, name, raw)]));
}

/** A security requirement (the operation's, else the document's), as its alternatives of resolved schemes. */
export function readSecurityRequirement(
  reader: BundleReader,
  owner: JsonObject,
  pointer: string,
  schemes: ReadonlyMap<string, SecuritySchemeRecord>,
): readonly (readonly SecuritySchemeRecord[])[] {
  const own = owner.security !== undefined;
  const alternatives = own ? reader.array(owner, "security", pointer) : reader.array(reader.doc, "security", "");
  const at = own ? `${pointer}/security` : "/security";
  return Object.freeze(
    alternatives.map((alternative, index) => {
      const where = `${at}/${index}`;
      const { node } = reader.resolve(alternative, where, "a security requirement");
      return Object.freeze(
        Object.keys(node).map(
          (name) => schemes.get(name) ?? reader.refuse(where, `a requirement of the undefined security scheme ${name}`),
        ),
      );
    }),
  );
}
