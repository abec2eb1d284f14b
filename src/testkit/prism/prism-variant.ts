/**
 * Derives, from a bundled spec, the variant that Prism 5 can mock correctly.
 *
 * Prism's form-body decoding has two bugs, both reproduced with Prism 5.14 (test/mock-prism.test.ts
 * sends the requests that hit them):
 *  1. It decodes a field only if the body schema's own top-level `properties` name it (and, for
 *     `card[3dsecure][v2][ares]`, each nested schema's own `properties`); fields declared only
 *     in `allOf`/`oneOf` branches are never decoded.
 *  2. It builds every object it knows of, present or not: an absent `applepay` arrives as
 *     `{payment_token: undefined, ...}` and an absent `card[3dsecure]` as
 *     `{v2: {ares: undefined, ...}}`. Such a "phantom" fails its own `required` and `oneOf`,
 *     and can never match a `false` ("must be absent") branch.
 *
 * The variant keeps every rule of the spec and changes only what "absent" means for the
 * object-valued fields of form bodies, level by level: a phantom (every leaf undefined; Ajv's
 * `required` treats undefined as missing) is accepted wherever the field is optional,
 * `required: [card]` becomes "card is not a phantom", `card: false` becomes "card is a
 * phantom", and dependencies on an object field apply only when it is real. Each object field
 * also carries its decoding view (its fields, branches included) in its own `properties`.
 * Responses and examples are left as they are, but for one addition: a JSON media type documented
 * without a schema or an example (the gateway's 401, 404 and 5xx, whose body the source does not
 * give) gets the example `{}`. Prism sends no Content-Type for a response it has nothing to
 * build from, and the media type is what such a response documents.
 */
import { FORM_MEDIA_TYPE, isJsonMediaType } from "../openapi-model/media-types";
import { deref, type OpenApiDocument } from "../openapi-model/document";
import {
  isJsonObject,
  isJsonSchema,
  objectMapOf,
  objectOf,
  schemaMapOf,
  schemasOf,
  stringsOf,
  type JsonObject,
  type JsonSchema as Schema,
} from "../common/json-values";

/** The fields Prism must decode at one level: each with its schema and, for objects, its own fields. */
type View = Map<string, { schema: Schema; children?: View }>;

export function derivePrismVariant(spec: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(spec);
  for (const pathItem of Object.values(doc.paths)) {
    for (const operation of Object.values(deref(doc, pathItem))) {
      const body = objectOf(operation).requestBody;
      if (!body) continue;
      const media = objectOf(objectOf(deref(doc, body).content)[FORM_MEDIA_TYPE]);
      if (!isJsonSchema(media.schema) || media.schema === false) continue;
      const hasDeepObject = Object.values(objectMapOf(media.encoding)).some((encoding) => encoding.style === "deepObject");
      if (!hasDeepObject) continue;
      const transformer = new PhantomTolerantSchemas(doc);
      const view = transformer.viewOf(media.schema);
      media.schema = withDecodingProperties(transformer.transformLevel(media.schema, view), view);
    }
  }
  for (const response of allResponses(doc)) {
    for (const [mediaType, media] of Object.entries(objectMapOf(response.content))) {
      if (isJsonMediaType(mediaType) && !("schema" in media) && !("example" in media) && !("examples" in media)) media.example = {};
    }
  }
  return doc;
}

/** Every response object of the document: the components' and the operations' own. */
function allResponses(doc: OpenApiDocument): JsonObject[] {
  const found = new Set<JsonObject>(Object.values(objectMapOf(doc.components?.responses)));
  for (const pathItem of Object.values(doc.paths)) {
    for (const operation of Object.values(deref(doc, pathItem))) {
      for (const response of Object.values(objectMapOf(objectOf(operation).responses))) if (!response.$ref) found.add(response);
    }
  }
  return [...found];
}

/**
 * The variant `payment-apis proxy` gives Prism: the mock's, plus two changes for what Prism 5.14
 * gets wrong only when it checks someone else's traffic. Both keep every rule the proxy can check.
 *  1. No `security` requirement. Prism checks it before forwarding and, with errors on, answers a
 *     request without credentials itself (a 401 without the spec's `oauth2-token` hint) instead
 *     of passing it on; with errors off it prints a violation for it. Such a request breaks no
 *     rule: the spec documents the upstream's 401 for it, and that answer is validated.
 *  2. Prism matches media types without their structured-syntax suffix (its
 *     wildcardMediaTypeMatch keeps only what follows the `+`), so `application/problem+json`,
 *     `application/hal+json` and `application/json` are one type to it, and a body is validated
 *     against the first of them a status documents: the token endpoint's RFC 6749 error
 *     (`application/json`) against the problem schema. Where a status documents several types
 *     Prism cannot tell apart, each gets the schema "one of their schemas"; Prism still checks
 *     the Content-Type against the documented list, and the proxy's front checks which of those
 *     forms goes with it (src/testkit/prism/pairing.ts).
 */
export function deriveProxyVariant(spec: OpenApiDocument): OpenApiDocument {
  const doc = derivePrismVariant(spec);
  delete doc.security;
  const responses = new Set<JsonObject>(Object.values(objectMapOf(doc.components?.responses)));
  for (const pathItem of Object.values(doc.paths)) {
    for (const operation of Object.values(deref(doc, pathItem))) {
      if (!isJsonObject(operation) || !("responses" in operation)) continue;
      operation.security = [];
      for (const response of Object.values(objectMapOf(operation.responses))) {
        if (!("$ref" in response)) responses.add(response);
      }
    }
  }
  for (const response of responses) mergeSuffixBlindContents(response);
  return doc;
}

/** A media type as Prism 5.14 compares them: `type/subtype` with the `+suffix` form reduced to the suffix. */
export function asPrismSeesIt(mediaType: string): string {
  const [type = "", subtype = ""] = mediaType.split(";")[0]!.trim().toLowerCase().split("/");
  return `${type}/${subtype.slice(subtype.lastIndexOf("+") + 1)}`;
}

function mergeSuffixBlindContents(response: JsonObject): void {
  const groups = new Map<string, JsonObject[]>();
  for (const [mediaType, media] of Object.entries(objectMapOf(response.content))) {
    const key = asPrismSeesIt(mediaType);
    groups.set(key, [...(groups.get(key) ?? []), media]);
  }
  for (const group of groups.values()) {
    const schemas = group.flatMap((media) => (media.schema === undefined ? [] : [media.schema]));
    if (group.length < 2 || schemas.length < group.length) continue;
    for (const media of group) media.schema = { anyOf: schemas };
  }
}

class PhantomTolerantSchemas {
  constructor(private readonly doc: OpenApiDocument) {}

  /** The fields of an object schema, its combinator branches included (first declaration wins). */
  viewOf(schema: Schema, seen = new Set<unknown>()): View {
    const view: View = new Map();
    const visit = (node: Schema) => {
      if (typeof node === "boolean" || seen.has(node)) return;
      seen.add(node);
      const resolved = deref(this.doc, node);
      for (const [name, property] of Object.entries(schemaMapOf(resolved.properties))) {
        if (typeof property === "boolean" || view.has(name)) continue;
        const children = this.viewOf(property, seen);
        view.set(name, children.size > 0 ? { schema: property, children } : { schema: property });
      }
      for (const key of ["allOf", "anyOf", "oneOf"] as const) {
        for (const branch of schemasOf(resolved[key])) visit(branch);
      }
      // `seen` guards against cycles only: a component shared by sibling fields (ThreeDSecure
      // under every payment method) must be viewed again under each of them.
      seen.delete(node);
    };
    visit(schema);
    return view;
  }

  /**
   * Rewrites one object level (a schema and its combinator branches, which share the level's
   * fields) so that phantom object fields count as absent.
   */
  transformLevel(input: Schema, view: View): Schema {
    if (typeof input === "boolean") return input;
    // `$ref`s are inlined: a shared component may need different rewriting in different places.
    const node = deref(this.doc, input);
    const out: JsonObject = { ...node };
    const isObjectField = (name: string) => view.get(name)?.children !== undefined;

    for (const key of ["allOf", "anyOf", "oneOf"] as const) {
      if (Array.isArray(node[key])) out[key] = schemasOf(node[key]).map((branch) => this.transformLevel(branch, view));
    }
    for (const key of ["not", "if", "then", "else"] as const) {
      const subschema = node[key];
      if (isJsonSchema(subschema)) out[key] = this.transformLevel(subschema, view);
    }

    const properties: Record<string, Schema> = {};
    for (const [name, schema] of Object.entries(schemaMapOf(node.properties))) {
      const field = view.get(name);
      properties[name] = field?.children ? this.rewriteObjectField(schema, field.children) : schema;
    }
    const required = stringsOf(node.required);
    for (const name of required.filter(isObjectField)) {
      const real = { not: phantom(view.get(name)!.children!) };
      properties[name] = name in properties ? { allOf: [real, properties[name]] } : real;
    }
    const keptRequired = required.filter((name) => !isObjectField(name));
    setOrDelete(out, "properties", properties);
    if (keptRequired.length > 0) out.required = keptRequired;
    else delete out.required;

    // A dependency on an object field applies only when the field is real.
    const conditions: Schema[] = [];
    const dependentSchemas = schemaMapOf(node.dependentSchemas);
    for (const [name, dependent] of Object.entries(dependentSchemas)) {
      const then = this.transformLevel(dependent, view);
      if (isObjectField(name)) {
        conditions.push({ if: presence(name, view), then });
        delete dependentSchemas[name];
      } else dependentSchemas[name] = then;
    }
    const dependentRequired = Object.fromEntries(
      Object.entries(objectOf(node.dependentRequired)).map(([name, needed]) => [name, stringsOf(needed)]),
    );
    for (const [name, needed] of Object.entries(dependentRequired)) {
      if (!isObjectField(name) && !needed.some(isObjectField)) continue;
      conditions.push({ if: presence(name, view), then: this.transformLevel({ required: needed }, view) });
      delete dependentRequired[name];
    }
    setOrDelete(out, "dependentSchemas", dependentSchemas);
    setOrDelete(out, "dependentRequired", dependentRequired);
    if (conditions.length > 0) out.allOf = [...schemasOf(out.allOf), ...conditions];
    return out;
  }

  /** An object field: `false` means phantom, a schema also accepts a phantom. */
  private rewriteObjectField(schema: Schema, children: View): Schema {
    if (schema === false) return phantom(children);
    if (schema === true) return { type: "object" };
    return withDecodingProperties({ anyOf: [phantom(children), this.transformLevel(schema, children)] }, children);
  }
}

/** "Every leaf of this object is undefined": what Prism builds for an object that was not sent. */
function phantom(view: View): Schema {
  const leaves = [...view].filter(([, field]) => !field.children).map(([name]) => ({ required: [name] }));
  const objects = Object.fromEntries(
    [...view].filter(([, field]) => field.children).map(([name, field]) => [name, phantom(field.children!)]),
  );
  return {
    type: "object",
    ...(Object.keys(objects).length > 0 ? { properties: objects } : {}),
    ...(leaves.length > 0 ? { not: { anyOf: leaves } } : {}),
  };
}

/** The `if` of "field `name` was really sent". */
function presence(name: string, view: View): Schema {
  const children = view.get(name)?.children;
  return children ? { required: [name], properties: { [name]: { not: phantom(children) } } } : { required: [name] };
}

/**
 * Adds the level's fields to the schema's own `properties` so that Prism decodes them. Object
 * fields get only their own decoding view there (no rule); leaves keep their schema, which is
 * what tells Prism to coerce `amount=5` to an integer.
 */
function withDecodingProperties(schema: Schema, view: View): Schema {
  if (typeof schema === "boolean") return schema;
  const own = schemaMapOf(schema.properties);
  const decoding: Record<string, Schema> = {};
  for (const [name, field] of view) {
    if (name in own) continue;
    decoding[name] = field.children ? withDecodingProperties({ type: "object" }, field.children) : field.schema;
  }
  return { type: "object", ...schema, properties: { ...decoding, ...own } };
}

function setOrDelete(target: JsonObject, key: string, value: JsonObject): void {
  if (Object.keys(value).length > 0) target[key] = value;
  else delete target[key];
}
