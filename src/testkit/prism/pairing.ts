/**
 * The one check of an answer that Prism 5.14 cannot make: which of several `+json` forms of a
 * status goes with the Content-Type. Prism sees `application/problem+json`,
 * `application/hal+json` and `application/json` as one type (deriveProxyVariant gives it "one of
 * their schemas" for them), so the front validates such a body against the schema of exactly its
 * Content-Type, with the operation model's validators (the sandbox's and the contract suite's).
 * Every other answer is Prism's alone.
 */
import { asPrismSeesIt } from "./prism-variant";
import { mediaTypeMatches, mediaTypeOf } from "../openapi-model/media-types";
import { API_NAMES, isApiName } from "../openapi-model/model-records";
import { apiModel, type ApiModel } from "../openapi-model/operation-model";
import { describeValidationErrors, violationLines } from "../openapi-model/validation-errors";

export class SuffixBlindPairing {
  private readonly model: ApiModel;

  constructor(api: string) {
    if (!isApiName(api)) throw new Error(`proxy: no API ${api}; the testkit's APIs are ${API_NAMES.join(", ")}`);
    this.model = apiModel(api);
  }

  /**
   * Where the JSON body breaks the schema of its own Content-Type, one line each, when the
   * status documents other media types that Prism cannot tell from it; empty otherwise.
   */
  violations(method: string, path: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const type = mediaTypeOf(contentType);
    const routed = this.model.router.match(method, path);
    if (type === undefined || routed.kind !== "match") return [];
    const media = this.model.responseFor(routed.route, status)?.media ?? [];
    const own = media.find((m) => mediaTypeMatches(m.mediaType, type));
    const lookalikes = media.filter((m) => asPrismSeesIt(m.mediaType) === asPrismSeesIt(type));
    if (!own?.schema || lookalikes.length < 2) return [];
    const errors = own.schema.errors(body);
    return violationLines(describeValidationErrors(this.model.document, errors)).map((line) => `response.body (as ${type}) ${line}`);
  }
}
