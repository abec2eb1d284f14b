/**
 * Where the merchant client's links lead: the href of a relation of a resource (selected by
 * name, expanded with variables), with the curies of the latest top-level answer remembered
 * for embedded items that omit theirs.
 */
import type { components } from "../../../../generated/merchant/schema";
import { curiesOf, expandLink, linksOf, selectLink, type HalResource, type TemplateVariables } from "./hal";

type S = components["schemas"];

/** How a relation's link is chosen and expanded. */
export interface LinkChoice {
  /** Variables of a templated link; `per_page` is checked against the spec's bounds. */
  variables?: TemplateVariables;
  /** The link's `name` in a relation that holds several (`ch:data`, `ch:stamps`). */
  name?: string;
}

export class HalNavigator {
  /** Curies of the latest top-level answer: embedded items may omit theirs. */
  curies: S["Curie"][] = [];

  /** The JSON of an answer; remembers its curies. */
  parse<T>(text: string): T | undefined {
    if (!text) return undefined;
    const json = JSON.parse(text) as T;
    const curies = curiesOf(json as HalResource);
    if (curies.length) this.curies = curies;
    return json;
  }

  /** The address of the relation `rel` of `resource`. */
  addressOf(resource: HalResource, rel: string, choice: LinkChoice = {}): string {
    const own = curiesOf(resource);
    const curies = own.length ? own : this.curies;
    return expandLink(selectLink(linksOf(resource, rel, curies, this.curies), rel, choice.name), rel, choice.variables);
  }
}
