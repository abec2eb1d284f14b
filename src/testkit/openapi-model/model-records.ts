/**
 * The records of the operation model: one per operation of a bundle, with what the sandbox, the
 * contract suite, the docs and the rule inventory read of it, resolved and checked once at load.
 * Every member is readonly and every record frozen: the model is shared by everything in the
 * process that reads the API.
 */
import type { HttpMethod } from "./document";
import type { ModelSchema } from "./model-schema";

/** The APIs whose bundles the testkit reads. */
export const API_NAMES = ["gateway", "merchant", "sandbox-control"] as const;
export type ApiName = (typeof API_NAMES)[number];

/** Whether a name (from redocly.yaml, an option) is one of those APIs. */
export function isApiName(name: string): name is ApiName {
  return API_NAMES.some((api) => api === name);
}

/** A method as it appears on the wire (`POST`). */
export type WireMethod = Uppercase<HttpMethod>;

/** A segment of a path template: literal text or a parameter's name. */
export type PathSegment = { readonly literal: string } | { readonly param: string };

/** Where a parameter is read from (cookie parameters are refused at load). */
export type ParameterLocation = "path" | "query" | "header";

/** The first example a parameter, a media type, a header or its schema gives. */
export type FirstExample = { readonly found: true; readonly value: unknown } | { readonly found: false };

export interface ParameterRecord {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  /** The parameter's schema (coercion of the string value, the validator on first use). */
  readonly schema: ModelSchema;
  /** The component it is (`Page` for `#/components/parameters/Page`), when the operation refers to one. */
  readonly component: string | undefined;
  readonly description: string | undefined;
  /** The first example it or its schema gives (what a request built from the spec sends). */
  readonly example: FirstExample;
  /** The parameter's `x-` facts (`x-query-modifiers`, `x-from-link`). */
  readonly extensions: Readonly<Record<string, unknown>>;
}

/** How a request body of a media type is read before it is validated. */
export type BodyDecoder = "form" | "json" | "binary";

export interface RequestMediaRecord {
  /** The key of the `content` map (`application/json`, `*\/*`). */
  readonly mediaType: string;
  readonly decoder: BodyDecoder;
  /** Undefined when the media type documents no schema. */
  readonly schema: ModelSchema | undefined;
}

export interface RequestBodyRecord {
  readonly required: boolean;
  /** JSON Pointer of the request body object (after a `$ref`). */
  readonly pointer: string;
  /** In the spec's order. */
  readonly media: readonly RequestMediaRecord[];
}

export interface HeaderRecord {
  /** As the spec writes it (`Location`). */
  readonly name: string;
  /** Lower-cased, as Node and fetch give header names. */
  readonly lower: string;
  readonly required: boolean;
  readonly schema: ModelSchema | undefined;
  readonly example: FirstExample;
}

export interface ResponseMediaRecord {
  /** The key of the `content` map. */
  readonly mediaType: string;
  readonly schema: ModelSchema | undefined;
  readonly example: FirstExample;
}

export interface ResponseRecord {
  /** The key it is documented under (`201`, `5XX`, `default`). */
  readonly key: string;
  /** JSON Pointer of the response object (after a `$ref`). */
  readonly pointer: string;
  /** The component it is (`NotFound`), when the operation refers to one. */
  readonly component: string | undefined;
  readonly description: string | undefined;
  readonly headers: readonly HeaderRecord[];
  /** In the spec's order. */
  readonly media: readonly ResponseMediaRecord[];
  /**
   * The range this listed code stands for (`5XX`), when the spec lists a range code by code for
   * code generators only (`x-tooling-workaround: {range: 5XX}`): every status of the range is then
   * documented by it.
   */
  readonly standsForRange: string | undefined;
  /** The causes of its status the response lists (`x-causes`: a 401's `missing`, `expired`, ...), each a rule of its own. */
  readonly causes: readonly string[];
}

interface SchemeNaming {
  /** Its name under `components.securitySchemes`. */
  readonly name: string;
  readonly description: string | undefined;
}

/**
 * A security scheme of a type the testkit can satisfy and check (any other is refused at load):
 * HTTP Basic or Bearer, an API key in a header, OAuth 2 (its bearer tokens).
 */
export type SecuritySchemeRecord =
  | (SchemeNaming & { readonly type: "http"; readonly scheme: "basic" | "bearer" })
  | (SchemeNaming & {
      readonly type: "apiKey";
      /** The header it is sent in. */
      readonly header: string;
      /**
       * A request signature rather than a key: the spec marks it with the token its header value
       * carries (`x-scheme-token`, the gateway's `Signature: <key id> RS256-hex <hex>`).
       */
      readonly signature: { readonly schemeToken: string } | undefined;
    })
  | (SchemeNaming & { readonly type: "oauth2" });

export interface OperationRecord {
  readonly api: ApiName;
  readonly operationId: string;
  readonly method: WireMethod;
  /** The path template (`/authorizations/{authorization_id}/captures`). */
  readonly template: string;
  readonly segments: readonly PathSegment[];
  /** JSON Pointer segments of the operation object (`["paths", "/debits", "post"]`). */
  readonly at: readonly string[];
  readonly summary: string | undefined;
  readonly tags: readonly string[];
  /** Path-level and operation-level parameters (the operation's win), in that order. */
  readonly parameters: readonly ParameterRecord[];
  readonly requestBody: RequestBodyRecord | undefined;
  /** By key, in the spec's order. */
  readonly responses: ReadonlyMap<string, ResponseRecord>;
  /** The alternatives of the security requirement, each the schemes it needs (an empty one: no credentials). */
  readonly security: readonly (readonly SecuritySchemeRecord[])[];
  /** The operation is served on a host of its own (`servers` on it or its path item), such as a storage host. */
  readonly external: boolean;
  /** The relation whose link leads to the operation (`x-link-relation`). */
  readonly linkRelation: string | undefined;
  /**
   * The transaction type it makes (`x-transaction-type`): its answers carry only the status codes
   * whose `x-returned-for` names it. Undefined for an operation that makes no transaction.
   */
  readonly transactionType: string | undefined;
  /** The operation's other `x-` facts, by name. */
  readonly extensions: Readonly<Record<string, unknown>>;
}
