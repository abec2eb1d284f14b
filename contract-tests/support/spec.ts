/**
 * The two bundled specs as the contract suite reads them: the operation model of each API
 * (src/testkit/openapi-model/: every operation with its method, path template, parameters,
 * security and documented responses), the validator of the bundle, and the routers that tell
 * which operation a URL belongs to. Nothing here names an operation: adding one to the spec adds
 * it to the suite.
 */
import type { SpecValidator } from "../../src/testkit/openapi-model/ajv";
import type { OpenApiDocument } from "../../src/testkit/openapi-model/document";
import type { OperationRecord, ResponseRecord } from "../../src/testkit/openapi-model/model-records";
import type { SpecRouter } from "../../src/testkit/openapi-model/router";
import { apiModel, type ApiModel } from "../../src/testkit/openapi-model/operation-model";

export type ApiName = "gateway" | "merchant";
export const API_NAMES: readonly ApiName[] = ["gateway", "merchant"];

export type { Schema } from "../../src/testkit/openapi-model/schema-walk";

/** A security scheme as a request carries it: the header an API key goes in is its `name`. */
export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

/** An operation of the suite: the model's record. */
export type ContractOperation = OperationRecord;

export class ApiSpec {
  readonly model: ApiModel;
  readonly doc: OpenApiDocument;
  readonly version: string;
  /** Operations of the API's own host. */
  readonly router: SpecRouter;
  /** Operations on hosts of their own (pre-signed storage links). */
  readonly externalRouter: SpecRouter;
  readonly operations: ContractOperation[];

  /** `model`: the API's bundle as loaded (a test may hand a model of a changed copy). */
  constructor(
    readonly name: ApiName,
    model: ApiModel = apiModel(name),
  ) {
    this.model = model;
    this.doc = this.model.document;
    this.version = this.model.version;
    this.router = this.model.router;
    this.externalRouter = this.model.externalRouter;
    this.operations = [...this.router.operations.values(), ...this.externalRouter.operations.values()];
  }

  /** The bundle's validator (built on first use, shared with everything else in the process that reads the API). */
  get validator(): SpecValidator {
    return this.model.validator;
  }

  operation(operationId: string): ContractOperation {
    return this.model.operation(operationId);
  }

  /**
   * Whether `status` is the operation's creation answer: 201, or a 2xx documented by the same
   * response as its 201 (a source's "200 or 201"), so Location and read-back hold for both.
   */
  isCreation(operation: ContractOperation, status: number): boolean {
    const created = this.documentedResponse(operation, 201);
    if (created === undefined || status < 200 || status >= 300) return false;
    return status === 201 || this.documentedResponse(operation, status)?.pointer === created.pointer;
  }

  /** The documented response for a status: the exact code, its range (`4XX`), `default`, or a listed code standing for the range. */
  documentedResponse(operation: ContractOperation, status: number): ResponseRecord | undefined {
    return this.model.responseFor(operation, status);
  }

  /** Which operation a request belongs to, by method and URL path (origin decides API host or external host). */
  route(method: string, url: URL, apiOrigin: string): ContractOperation | undefined {
    const router = url.origin === apiOrigin ? this.router : this.externalRouter;
    const matched = router.match(method, url.pathname);
    return matched.kind === "match" ? matched.route : undefined;
  }

  /** The schemes of an operation's first security alternative, by name, as a request carries them. */
  requiredSchemes(operation: ContractOperation): Array<{ name: string; scheme: SecurityScheme }> {
    return (operation.security[0] ?? []).map((scheme) => ({
      name: scheme.name,
      scheme:
        scheme.type === "http"
          ? { type: scheme.type, scheme: scheme.scheme }
          : scheme.type === "apiKey"
            ? { type: scheme.type, in: "header", name: scheme.header }
            : { type: scheme.type },
    }));
  }

  /** Whether an operation needs any credentials at all. */
  isSecured(operation: ContractOperation): boolean {
    return operation.security.length > 0 && operation.security.every((alternative) => alternative.length > 0);
  }
}

const specs = new Map<ApiName, ApiSpec>();

export function apiSpec(api: ApiName): ApiSpec {
  let spec = specs.get(api);
  if (!spec) {
    spec = new ApiSpec(api);
    specs.set(api, spec);
  }
  return spec;
}
