/**
 * The rule inventory (contract-tests/rules/inventory.ts) finds rules by the spec's structure:
 * a rule whose keyword or extension is taken out of a copy of the bundle is gone from the
 * inventory of that copy, whatever its prose still says.
 */
import { describe, expect, it } from "vitest";
import { ruleInventory, rulesOf } from "../contract-tests/rules/inventory";
import { loadBundledSpec, type OpenApiDocument } from "../src/testkit/openapi-model/document";
import { ApiModel } from "../src/testkit/openapi-model/operation-model";
import { isJsonObject, type JsonObject } from "../src/testkit/common/json-values";

type Api = "gateway" | "merchant";

/** The inventory's ids of a copy of the API's bundle after `change`. */
function idsAfter(api: Api, change: (doc: OpenApiDocument) => void): string[] {
  const doc = structuredClone(loadBundledSpec(api));
  change(doc);
  return rulesOf(new ApiModel(api, doc), () => []).map((rule) => rule.id);
}

/** The object at a path of the copy (it must be there). */
function at(doc: OpenApiDocument, ...path: string[]): JsonObject {
  let node: unknown = doc;
  for (const key of path) node = isJsonObject(node) ? node[key] : undefined;
  if (!isJsonObject(node)) throw new Error(`nothing at ${path.join("/")}`);
  return node;
}

const unchanged = (api: Api) => idsAfter(api, () => undefined);

describe("the rule inventory reads the spec's structure", () => {
  it("reads the bundle as it is into the inventory the suite uses", () => {
    const all = ruleInventory().map((rule) => rule.id);
    expect(all).toEqual(expect.arrayContaining([...unchanged("gateway"), ...unchanged("merchant")]));
  });

  it("has a 401 rule per entry of x-causes, and none for a cause taken out of it", () => {
    expect(unchanged("gateway")).toContain("gateway:401:Unauthorized:disabled");
    const ids = idsAfter("gateway", (doc) => {
      const response = at(doc, "components", "responses", "Unauthorized");
      response["x-causes"] = ["missing", "invalid", "expired"];
    });
    expect(ids).not.toContain("gateway:401:Unauthorized:disabled");
    expect(ids).toContain("gateway:401:Unauthorized:expired");
  });

  it("has a default rule for x-default and for `default`, not for a description that says 'defaults to'", () => {
    expect(unchanged("merchant")).toEqual(
      expect.arrayContaining(["merchant:default:FileProperties.name", "merchant:default:parameter.PerPage"]),
    );
    const ids = idsAfter("merchant", (doc) => {
      const name = at(doc, "components", "schemas", "FileProperties", "properties", "name");
      expect(name.description).toMatch(/defaults to/i);
      delete name["x-default"];
      delete at(doc, "components", "parameters", "PerPage", "schema").default;
    });
    expect(ids).not.toContain("merchant:default:FileProperties.name");
    expect(ids).not.toContain("merchant:default:parameter.PerPage");
  });

  it("has the introduction's rules from info's extensions, not from its prose", () => {
    expect(unchanged("gateway")).toEqual(
      expect.arrayContaining(["gateway:guide:unknown-parameters-ignored", "gateway:guide:media-type-version"]),
    );
    const ids = idsAfter("gateway", (doc) => {
      const info = at(doc, "info");
      expect(info.description).toMatch(/Unknown parameters are accepted and ignored/);
      delete info["x-unknown-parameters"];
      info["x-response-media-type"] = "application/vnd.clearhaus-gateway.hal+json; charset=utf-8";
    });
    expect(ids.filter((id) => id.startsWith("gateway:guide:"))).toEqual([]);
  });
});
