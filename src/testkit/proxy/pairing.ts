/**
 * The one check of an answer that Prism 5.14 cannot make: which of several `+json` forms of a
 * status goes with the Content-Type. Prism sees `application/problem+json`,
 * `application/hal+json` and `application/json` as one type (deriveProxyVariant gives it "one of
 * their schemas" for them), so the front validates such a body against the schema of exactly its
 * Content-Type, with the toolkit's own validator (the sandbox's and the contract suite's). Every
 * other answer is Prism's alone.
 */
import { asPrismSeesIt } from "../mock/prism-variant";
import { describeErrors, SpecValidator } from "../openapi-model/ajv";
import type { OpenApiDocument } from "../openapi-model/document";
import { mediaTypeMatches, mediaTypeOf } from "../openapi-model/media-types";
import { documentedResponse, responseSchemaPointer } from "../openapi-model/response-validation";
import { SpecRouter } from "../openapi-model/router";

export class SuffixBlindPairing {
  private readonly router: SpecRouter;
  private readonly validator: SpecValidator;

  constructor(private readonly doc: OpenApiDocument) {
    this.router = new SpecRouter(doc);
    this.validator = new SpecValidator(doc);
  }

  /**
   * Where the JSON body breaks the schema of its own Content-Type, one line each, when the
   * status documents other media types that Prism cannot tell from it; empty otherwise.
   */
  violations(method: string, path: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const type = mediaTypeOf(contentType);
    const routed = this.router.match(method, path);
    if (type === undefined || routed.kind !== "match") return [];
    const documented = documentedResponse(this.doc, routed.route, status);
    const keys = Object.keys(documented?.response.content ?? {});
    const key = keys.find((k) => mediaTypeMatches(k, type));
    const lookalikes = keys.filter((k) => asPrismSeesIt(k) === asPrismSeesIt(type));
    if (!documented || key === undefined || lookalikes.length < 2 || documented.response.content![key]!.schema === undefined) return [];
    const errors = this.validator.validate(responseSchemaPointer(documented.base, key), body);
    return errors.length === 0
      ? []
      : describeErrors(errors)
          .split("\n")
          .map((line) => `response.body (as ${type}) ${line}`);
  }
}
