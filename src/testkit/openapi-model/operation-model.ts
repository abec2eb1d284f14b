/**
 * The operation model of an API: built once per API per process from its bundle
 * (`apiModel("gateway")`), one frozen record per operation (model-records.ts) with its
 * parameters, request body, responses, security, link relation and other `x-` facts resolved,
 * and one Ajv validator for the bundle whose schemas compile on first use.
 *
 * Typing: the records are narrow interfaces of our own, filled by reading the bundle's JSON with
 * checks (bundle-reading.ts), and the load refuses what they cannot hold (an external `$ref`, a
 * parameter style or location the sandbox cannot read, a security scheme it cannot check). Not
 * openapi-types' OpenAPIV3_1: the copy in node_modules is 1.3.5 (no 3.1), a newer one would be a
 * dependency of the published testkit for types alone, and its every-member-optional,
 * `x-`-less types would still take the bundle through an unchecked cast. Not
 * @redocly/openapi-core's types: a devDependency, not shipped with the testkit.
 */
import { SpecValidator } from "./ajv";
import { isJsonObject, type JsonObject } from "../common/json-values";
import { BundleReader, componentName, extensionsOf } from "./bundle-reading";
import { HTTP_METHODS, loadBundledSpec, toPointer, WIRE_METHODS, type OpenApiDocument } from "./document";
import { FORM_MEDIA_TYPE, isJsonMediaType, mediaTypeOf } from "./media-types";
import type {
  ApiName,
  BodyDecoder,
  FirstExample,
  HeaderRecord,
  OperationRecord,
  ParameterLocation,
  ParameterRecord,
  PathSegment,
  RequestBodyRecord,
  ResponseMediaRecord,
  ResponseRecord,
  SecuritySchemeRecord,
} from "./model-records";
import { ModelSchema } from "./model-schema";
import { codePlaceOf, readReturnedFor, type ReturnedForTable } from "./returned-for";
import { SpecRouter } from "./router";
import { readSecurityRequirement, readSecuritySchemes } from "./security";

/** The style each location reads without any: the one the sandbox and the clients use. */
const DEFAULT_STYLE: Record<ParameterLocation, string> = { path: "simple", query: "form", header: "simple" };
/** Form body encodings the decoder (qs, brackets) reads. */
const FORM_ENCODING_STYLES = new Set(["form", "deepObject"]);
const RESPONSE_KEY = /^([1-5]\d\d|[1-5]XX|default)$/;

export class ApiModel {
  readonly version: string;
  readonly securitySchemes: ReadonlyMap<string, SecuritySchemeRecord>;
  /** Every operation, by operationId, in the order of the bundle's paths. */
  readonly operations: ReadonlyMap<string, OperationRecord>;
  /** The status-code table (`x-returned-for`), for an API that has one. */
  readonly returnedFor: ReturnedForTable | undefined;
  /** Where answers carry the table's code (`["status", "code"]`). */
  readonly codePath: readonly string[] | undefined;
  /** The media type a request body sent without `Content-Type` is read as (`info.x-request-media-type-when-missing`), if the API says. */
  readonly requestMediaTypeWhenMissing: string | undefined;
  #validator: SpecValidator | undefined;
  #router: SpecRouter | undefined;
  #externalRouter: SpecRouter | undefined;

  constructor(
    readonly api: ApiName,
    /** The bundle (frozen): for what the model does not hold, such as component schemas and examples. */
    readonly document: OpenApiDocument,
  ) {
    const reader = new BundleReader(api, document);
    const info = reader.object(document, "info", "");
    this.version = (info && reader.string(info, "version", "/info")) ?? reader.refuse("/info", "no info.version");
    this.requestMediaTypeWhenMissing = (info && reader.string(info, "x-request-media-type-when-missing", "/info")) ?? undefined;
    this.securitySchemes = readSecuritySchemes(reader);
    this.returnedFor = readReturnedFor(reader);
    const built = new OperationReader(reader, this, this.returnedFor);
    this.operations = built.operations;
    this.codePath = built.codePath;
  }

  /** The bundle's validator (Ajv, JSON Schema 2020-12, formats and the spec's keywords), made on first use. */
  get validator(): SpecValidator {
    return (this.#validator ??= new SpecValidator(this.document));
  }

  /** The operation with this operationId; a name the spec does not have is an error. */
  operation(operationId: string): OperationRecord {
    const found = this.operations.get(operationId);
    if (!found) throw new Error(`The ${this.api} spec has no operation ${operationId}`);
    return found;
  }

  /** Routes to the operations of the API's own host. */
  get router(): SpecRouter {
    return (this.#router ??= new SpecRouter([...this.operations.values()].filter((o) => !o.external)));
  }

  /** Routes to the operations on hosts of their own (the merchant API's pre-signed storage links). */
  get externalRouter(): SpecRouter {
    return (this.#externalRouter ??= new SpecRouter([...this.operations.values()].filter((o) => o.external)));
  }

  /** The documented response for a status: the exact code, its range (`4XX`), `default`, then a listed code standing for the range. */
  responseFor(operation: OperationRecord, status: number): ResponseRecord | undefined {
    const code = String(status);
    const found = operation.responses.get(code) ?? operation.responses.get(`${code[0]}XX`) ?? operation.responses.get("default");
    if (found) return found;
    for (const response of operation.responses.values()) if (response.standsForRange?.[0] === code[0]) return response;
    return undefined;
  }
}

/** Reads every operation of the bundle into records (the model's load). */
class OperationReader {
  readonly operations = new Map<string, OperationRecord>();
  codePath: readonly string[] | undefined;
  private readonly schema: (pointer: string, schema: unknown) => ModelSchema;

  constructor(
    private readonly reader: BundleReader,
    private readonly model: ApiModel,
    private readonly table: ReturnedForTable | undefined,
  ) {
    const validator = () => model.validator;
    this.schema = (pointer, schema) => {
      if (typeof schema !== "boolean" && !isJsonObject(schema)) reader.refuse(pointer, "a schema that is neither an object nor a boolean");
      return new ModelSchema(model.document, validator, pointer, schema);
    };
    const paths = reader.object(reader.doc, "paths", "") ?? {};
    for (const [template, raw] of Object.entries(paths)) this.readPath(template, raw);
  }

  private readPath(template: string, raw: unknown): void {
    const { node: item, pointer } = this.reader.resolve(raw, toPointer(["paths", template]), "a path item");
    const shared = this.parameters(item, pointer);
    const segments = segmentsOf(template);
    for (const method of HTTP_METHODS) {
      const rawOperation = item[method];
      if (rawOperation === undefined) continue;
      const at = ["paths", template, method];
      const { node, pointer: operationPointer } = this.reader.resolve(rawOperation, `${pointer}/${method}`, "an operation");
      const operationId =
        this.reader.string(node, "operationId", operationPointer) ?? this.reader.refuse(operationPointer, "no operationId");
      if (this.operations.has(operationId)) this.reader.refuse(operationPointer, `a second operation ${operationId}`);
      // An operation-level parameter overrides a path-level one of the same name and location.
      const byKey = new Map([...shared, ...this.parameters(node, operationPointer)].map((p) => [`${p.in}:${p.name}`, p]));
      const parameters = Object.freeze([...byKey.values()]);
      for (const segment of segments)
        if ("param" in segment && !parameters.some((p) => p.in === "path" && p.name === segment.param))
          this.reader.refuse(operationPointer, `no definition of the path parameter ${segment.param}`);
      const responses = this.responses(node, operationPointer);
      const { linkRelation, transactionType, extensions } = this.extensions(node, operationPointer);
      this.noteCodePath(node, operationPointer);
      const record: OperationRecord = {
        api: this.model.api,
        operationId,
        method: WIRE_METHODS[method],
        template,
        segments,
        at: Object.freeze(at),
        summary: this.reader.string(node, "summary", operationPointer),
        tags: Object.freeze([...this.reader.strings(node, "tags", operationPointer)]),
        parameters,
        requestBody: this.requestBody(node, operationPointer),
        responses,
        security: readSecurityRequirement(this.reader, node, operationPointer, this.model.securitySchemes),
        external: Array.isArray(node.servers) || Array.isArray(item.servers),
        linkRelation,
        transactionType,
        extensions,
      };
      this.operations.set(operationId, Object.freeze(record));
    }
  }

  private extensions(
    node: JsonObject,
    pointer: string,
  ): { linkRelation: string | undefined; transactionType: string | undefined; extensions: Readonly<Record<string, unknown>> } {
    const { "x-link-relation": _linkRelation, "x-transaction-type": _transactionType, ...others } = extensionsOf(node);
    return {
      linkRelation: this.reader.string(node, "x-link-relation", pointer),
      transactionType: this.reader.string(node, "x-transaction-type", pointer),
      extensions: Object.freeze(others),
    };
  }

  private parameters(owner: JsonObject, pointer: string): ParameterRecord[] {
    return this.reader.array(owner, "parameters", pointer).map((raw, index) => this.parameter(raw, `${pointer}/parameters/${index}`));
  }

  private parameter(raw: unknown, at: string): ParameterRecord {
    const { node, pointer, ref } = this.reader.resolve(raw, at, "a parameter");
    const name = this.reader.string(node, "name", pointer) ?? this.reader.refuse(pointer, "a parameter without a name");
    const location = this.reader.string(node, "in", pointer);
    if (location !== "path" && location !== "query" && location !== "header")
      return this.reader.refuse(pointer, `a parameter in ${location ?? "(nowhere)"}`);
    const style = this.reader.string(node, "style", pointer);
    if (style !== undefined && style !== DEFAULT_STYLE[location]) this.reader.refuse(pointer, `a ${location} parameter of style ${style}`);
    if (node.explode !== undefined && node.explode !== (location === "query"))
      this.reader.refuse(pointer, `a ${location} parameter with explode ${JSON.stringify(node.explode)}`);
    if (node.content !== undefined) this.reader.refuse(pointer, "a parameter described by content rather than a schema");
    if (node.schema === undefined) this.reader.refuse(pointer, "a parameter without a schema");
    return Object.freeze({
      name,
      in: location,
      required: this.reader.flag(node, "required", pointer),
      schema: this.schema(`${pointer}/schema`, node.schema),
      component: componentName(ref),
      description: this.reader.string(node, "description", pointer),
      example: this.firstExample(node, pointer),
      extensions: extensionsOf(node),
    });
  }

  private requestBody(operation: JsonObject, operationPointer: string): RequestBodyRecord | undefined {
    if (operation.requestBody === undefined) return undefined;
    const { node, pointer } = this.reader.resolve(operation.requestBody, `${operationPointer}/requestBody`, "a request body");
    const content = this.reader.object(node, "content", pointer) ?? this.reader.refuse(pointer, "a request body without content");
    const media = Object.entries(content).map(([mediaType, raw]) => {
      const at = `${pointer}${toPointer(["content", mediaType])}`;
      const { node: entry } = this.reader.resolve(raw, at, "a media type");
      const decoder = decoderOf(mediaType);
      for (const [property, encoding] of Object.entries(this.reader.object(entry, "encoding", at) ?? {})) {
        const style = isJsonObject(encoding) ? encoding.style : undefined;
        if (decoder !== "form" || (style !== undefined && (typeof style !== "string" || !FORM_ENCODING_STYLES.has(style))))
          this.reader.refuse(`${at}${toPointer(["encoding", property])}`, `an encoding of style ${String(style)} for ${mediaType}`);
      }
      return Object.freeze({
        mediaType,
        decoder,
        schema: entry.schema === undefined ? undefined : this.schema(`${at}/schema`, entry.schema),
      });
    });
    return Object.freeze({ required: this.reader.flag(node, "required", pointer), pointer, media: Object.freeze(media) });
  }

  private responses(operation: JsonObject, operationPointer: string): ReadonlyMap<string, ResponseRecord> {
    const at = `${operationPointer}/responses`;
    const responses = this.reader.object(operation, "responses", operationPointer) ?? this.reader.refuse(operationPointer, "no responses");
    const found = new Map<string, ResponseRecord>();
    for (const [key, raw] of Object.entries(responses)) {
      if (!RESPONSE_KEY.test(key)) this.reader.refuse(at, `a response key ${key}`);
      found.set(key, this.response(key, raw, `${at}/${key}`));
    }
    return found;
  }

  private response(key: string, raw: unknown, at: string): ResponseRecord {
    const { node, pointer, ref } = this.reader.resolve(raw, at, "a response");
    const headers = Object.entries(this.reader.object(node, "headers", pointer) ?? {}).map(([name, rawHeader]) =>
      this.header(name, rawHeader, `${pointer}${toPointer(["headers", name])}`),
    );
    const media = Object.entries(this.reader.object(node, "content", pointer) ?? {}).map(([mediaType, rawMedia]): ResponseMediaRecord => {
      const mediaPointer = `${pointer}${toPointer(["content", mediaType])}`;
      const { node: entry } = this.reader.resolve(rawMedia, mediaPointer, "a media type");
      return Object.freeze({
        mediaType,
        schema: entry.schema === undefined ? undefined : this.schema(`${mediaPointer}/schema`, entry.schema),
        example: this.firstExample(entry, mediaPointer),
      });
    });
    const workaround = this.reader.object(node, "x-tooling-workaround", pointer);
    const range = workaround && this.reader.string(workaround, "range", `${pointer}/x-tooling-workaround`);
    if (range !== undefined && !/^[1-5]XX$/i.test(range)) this.reader.refuse(`${pointer}/x-tooling-workaround/range`, `a range ${range}`);
    if (range !== undefined && range[0] !== key[0])
      this.reader.refuse(`${pointer}/x-tooling-workaround/range`, `a range ${range} for ${key}`);
    return Object.freeze({
      key,
      pointer,
      component: componentName(ref),
      description: this.reader.string(node, "description", pointer),
      headers: Object.freeze(headers),
      media: Object.freeze(media),
      standsForRange: range?.toUpperCase(),
      causes: this.reader.strings(node, "x-causes", pointer),
    });
  }

  private header(name: string, raw: unknown, at: string): HeaderRecord {
    const { node, pointer } = this.reader.resolve(raw, at, "a header");
    if (node.content !== undefined) this.reader.refuse(pointer, "a header described by content rather than a schema");
    return Object.freeze({
      name,
      lower: name.toLowerCase(),
      required: this.reader.flag(node, "required", pointer),
      schema: node.schema === undefined ? undefined : this.schema(`${pointer}/schema`, node.schema),
      example: this.firstExample(node, pointer),
    });
  }

  /** The first example a parameter, media type or header gives: its `example`, its first named example, else its schema's example, first example or first enum value. */
  private firstExample(holder: JsonObject, pointer: string): FirstExample {
    if (holder.example !== undefined) return { found: true, value: holder.example };
    const named = this.reader.object(holder, "examples", pointer);
    const first = named && Object.entries(named)[0];
    if (first) {
      const { node } = this.reader.resolve(first[1], `${pointer}${toPointer(["examples", first[0]])}`, "an example");
      return { found: true, value: node.value };
    }
    if (!isJsonObject(holder.schema)) return { found: false };
    const { node: schema } = this.reader.resolve(holder.schema, `${pointer}/schema`, "a schema");
    if (schema.example !== undefined) return { found: true, value: schema.example };
    for (const key of ["examples", "enum"] as const) {
      const values = schema[key];
      if (Array.isArray(values) && values.length > 0) return { found: true, value: values[0] };
    }
    return { found: false };
  }

  /** Where the operation's answers carry the status-code table's code: one place for every answer of the API. */
  private noteCodePath(operation: JsonObject, operationPointer: string): void {
    const table = this.table;
    if (!table) return;
    const responses = this.reader.object(operation, "responses", operationPointer) ?? {};
    for (const [key, raw] of Object.entries(responses)) {
      const { node, pointer } = this.reader.resolve(raw, `${operationPointer}/responses/${key}`, "a response");
      for (const [mediaType, entry] of Object.entries(this.reader.object(node, "content", pointer) ?? {})) {
        if (!isJsonObject(entry) || entry.schema === undefined) continue;
        const place = codePlaceOf(this.reader, table, entry.schema, `${pointer}${toPointer(["content", mediaType, "schema"])}`);
        if (!place) continue;
        if (this.codePath && this.codePath.join("/") !== place.path.join("/"))
          this.reader.refuse(pointer, `the status code carried at ${place.path.join(".")} besides ${this.codePath.join(".")}`);
        this.codePath ??= place.path;
      }
    }
  }
}

/** The segments of a path template: `/a/{id}` → `a`, `{id}` (the root path `/` is one empty literal). */
function segmentsOf(template: string): readonly PathSegment[] {
  return Object.freeze(
    template
      .split("/")
      .slice(1)
      .map((segment): PathSegment => {
        const param = /^\{([^{}]+)\}$/.exec(segment);
        return Object.freeze(param ? { param: param[1]! } : { literal: segment });
      }),
  );
}

function decoderOf(mediaType: string): BodyDecoder {
  const essence = mediaTypeOf(mediaType) ?? "";
  if (essence === FORM_MEDIA_TYPE) return "form";
  return isJsonMediaType(essence) ? "json" : "binary";
}

const models = new Map<ApiName, ApiModel>();

/** The operation model of an API, built on first use and shared by the whole process. */
export function apiModel(api: ApiName): ApiModel {
  let model = models.get(api);
  if (!model) {
    model = new ApiModel(api, loadBundledSpec(api));
    models.set(api, model);
  }
  return model;
}
