/**
 * The Merchant Management API's commands for fast-check's model-based runs, on an application the
 * sequence creates first: people, comments and files created, read, changed and deleted through
 * the links the answers carry; the application's listings read at any page and size, and walked
 * along `next` from the first page and along `prev` from the last; a new token. Every answer is
 * compared with the model's prediction (./model.ts), its rate-limit headers with the quota the
 * operation announced before.
 */
import fc from "fast-check";
import { pagination } from "../../../generated/merchant/constants";
import { linksOf, onlyLink } from "../../../src/testkit/common/hal-reading";
import { expandHref, type ApiSession, type Exchange } from "../../support/http";
import { merchantExample } from "../../support/merchant";
import { apiSpec } from "../../support/spec";
import { answerOf, sendAndCompare, type Real } from "../common/compare";
import { statusRuleOf } from "../common/status-rule";
import type { Expectation } from "../common/prediction";
import { MerchantModel, type Kind } from "./model";

type Command = fc.AsyncCommand<MerchantModel, MerchantReal>;

export interface MerchantReal extends Real {
  /** The application's links, as its creation answered them. */
  links: Record<string, string>;
}

const CREATE: Record<Kind, "createPerson" | "createComment" | "createApplicationFile"> = {
  people: "createPerson",
  comments: "createComment",
  files: "createApplicationFile",
};
const READ: Partial<Record<Kind, string>> = {
  people: "merchant:readback:updatePerson",
  comments: "merchant:readback:createComment",
  files: "merchant:readback:updateFile",
};
const RELATION: Record<Kind, string> = { people: "ch:people", comments: "ch:comments", files: "ch:files" };

const seconds = () => performance.now() / 1000;
const statusRule = (operationId: string, code: string) => statusRuleOf(apiSpec("merchant"), operationId, code);

/** Sends, compares (the quota too), and teaches the model the quota the answer announced. */
async function send(
  m: MerchantModel,
  real: MerchantReal,
  step: string,
  operationId: string,
  call: Parameters<ApiSession["call"]>[0],
  expectations: readonly Expectation[],
  more?: (exchange: Exchange) => readonly Expectation[],
): Promise<Exchange> {
  const exchange = await sendAndCompare(
    real,
    step,
    { operationId, ...call },
    [...expectations, ...m.quotaOf(operationId, seconds())],
    more,
  );
  m.learnQuota(operationId, answerOf(exchange), seconds());
  return exchange;
}

/** A body to create a resource of a kind: the spec's example, told apart by `n`. */
function bodyFor(kind: Kind, n: number): Record<string, unknown> {
  if (kind === "people") return { ...merchantExample("createPerson"), name: `Model Person ${n}` };
  // Every other comment a field comment on the application's trading name (a commentable property).
  if (kind === "comments") return { body: `Model comment ${n}`, ...(n % 2 === 0 && { tags: ["ch-field:business_model.trading_name"] }) };
  return { ...merchantExample("createApplicationFile"), name: `model-${n}.pdf` };
}

class Create implements Command {
  constructor(
    readonly kind: Kind,
    readonly n: number,
  ) {}
  check = (m: Readonly<MerchantModel>) => m.resources[this.kind].length < 8;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const operationId = CREATE[this.kind];
    const sent = bodyFor(this.kind, this.n);
    const exchange = await send(
      m,
      real,
      this.toString(),
      operationId,
      { url: expandHref(real.links[RELATION[this.kind]]!), body: sent },
      m.predictCreate(operationId, statusRule(operationId, "201"), sent, m.ownerOf(this.kind)),
      (answered) => m.location(answerOf(answered)),
    );
    m.learnCreated(this.kind, sent, answerOf(exchange));
  }
  toString = () => `create ${this.kind} (${this.n})`;
}

/** A command on the `pick`-th resource of a kind the sequence made (modulo how many). */
abstract class OnResource implements Command {
  constructor(
    readonly kind: Kind,
    readonly pick: number,
  ) {}
  check = (m: Readonly<MerchantModel>) => m.resources[this.kind].length > 0 && this.applies();
  protected applies(): boolean {
    return true;
  }
  protected resource(m: MerchantModel): { resource: ResourceState; label: string } {
    const all = m.resources[this.kind];
    const resource = all[all.length - 1 - (this.pick % all.length)]!;
    return { resource, label: `${this.kind} #${all.indexOf(resource) + 1}` };
  }
  abstract run(m: MerchantModel, real: MerchantReal): Promise<void>;
  abstract toString(): string;
}

class Read extends OnResource {
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const { resource, label } = this.resource(m);
    const operationId = { people: "getPerson", comments: "getComment", files: "getFile" }[this.kind];
    await send(m, real, `read ${label}`, operationId, { url: resource.self }, m.predictRead(resource, READ[this.kind]!));
  }
  toString = () => `read ${this.kind} #${this.pick}`;
}

/** A PATCH of one member: a person's city, a file's name (comments have no PATCH). */
class Update extends OnResource {
  constructor(
    kind: Kind,
    pick: number,
    readonly n: number,
  ) {
    super(kind, pick);
  }
  protected override applies = () => this.kind !== "comments";
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const { resource, label } = this.resource(m);
    const [operationId, patch] =
      this.kind === "people"
        ? (["updatePerson", { city: `Model City ${this.n}` }] as const)
        : (["updateFile", { name: `renamed-${this.n}.pdf` }] as const);
    const { expectations, apply } = m.predictUpdate(resource, patch, `merchant:echo:${operationId}`);
    await send(
      m,
      real,
      `update ${label} (${JSON.stringify(patch)})`,
      operationId,
      { url: resource.self, method: "PATCH", body: patch },
      expectations,
    );
    apply();
  }
  toString = () => `update ${this.kind} #${this.pick} (${this.n})`;
}

class Delete extends OnResource {
  protected override applies = () => this.kind !== "comments";
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const { resource, label } = this.resource(m);
    const operationId = this.kind === "people" ? "deletePerson" : "deleteFile";
    const { expectations, apply } = m.predictDelete(resource, statusRule(operationId, "204"));
    await send(m, real, `delete ${label}`, operationId, { url: resource.self, method: "DELETE" }, expectations);
    apply();
  }
  toString = () => `delete ${this.kind} #${this.pick}`;
}

const LIST: Record<Kind, string> = { people: "listPeople", comments: "listComments", files: "listApplicationFiles" };

/** One page of a listing: a size (or the default) and a page among those that exist (or the default, the first). */
class ReadPage implements Command {
  constructor(
    readonly kind: Kind,
    readonly perPage: number | undefined,
    readonly pick: number | undefined,
  ) {}
  check = () => true;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const size = this.perPage ?? pagination.perPageDefault;
    const page = this.pick === undefined ? undefined : 1 + (this.pick % m.lastPage(this.kind, size));
    const url = expandHref(real.links[RELATION[this.kind]]!, { [pagination.parameter]: this.perPage, page });
    await send(m, real, this.toString(), LIST[this.kind], { url }, m.predictPage(this.kind, this.perPage, page), (answered) =>
      m.pageItems(this.kind)(answerOf(answered)),
    );
  }
  toString = () =>
    `list ${this.kind} (per_page ${this.perPage ?? "omitted"}, page ${this.pick === undefined ? "omitted" : `#${this.pick}`})`;
}

/** A listing walked along `next` from the first page, or along `prev` from the last, each page as predicted and every item once. */
class Walk implements Command {
  constructor(
    readonly kind: Kind,
    readonly perPage: number,
    readonly forward: boolean,
  ) {}
  check = () => true;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const last = m.lastPage(this.kind, this.perPage);
    let page = this.forward ? 1 : last;
    let url: string | undefined = expandHref(real.links[RELATION[this.kind]]!, { [pagination.parameter]: this.perPage, page });
    const seen = new Set<string>();
    for (let n = 0; url !== undefined && n < last; n++) {
      const exchange = await send(
        m,
        real,
        `${this.toString()}, page ${page}`,
        LIST[this.kind],
        { url },
        m.predictPage(this.kind, this.perPage, page),
        (answered) => m.pageItems(this.kind)(answerOf(answered)),
      );
      for (const item of linksOfItems(exchange, RELATION[this.kind])) {
        if (seen.has(item))
          throw new Error(
            `${this.toString()}: ${item} listed twice along the walk (merchant:query:CollectionLinks.${this.forward ? "next" : "prev"})`,
          );
        seen.add(item);
      }
      url = onlyLink(exchange.json, this.forward ? "next" : "prev")?.href;
      page += this.forward ? 1 : -1;
    }
  }
  toString = () => `walk ${this.kind} ${this.forward ? "forward along next" : "back along prev"} (per_page ${this.perPage})`;
}

function linksOfItems(exchange: Exchange, relation: string): string[] {
  const items: unknown = exchange.json?._embedded?.[relation];
  return Array.isArray(items) ? items.map((item) => String(onlyLink(item, "self")?.href)) : [];
}

/** A new token: what the token endpoint answers, and the sequence goes on with it. */
class NewToken implements Command {
  check = () => true;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const exchange = await send(
      m,
      real,
      this.toString(),
      "createToken",
      { body: { grant_type: "client_credentials", audience: real.session.target.merchant.audience } },
      m.predictToken(),
    );
    const token = exchange.json?.access_token;
    if (typeof token === "string") real.session.useToken(token);
  }
  toString = () => "new token";
}

/** A sequence's start: a session of its own (its own token) and an application of its own, made through the entry point's link. */
export async function merchantSetup(session: ApiSession): Promise<{ model: MerchantModel; real: MerchantReal }> {
  const model = new MerchantModel();
  const real: MerchantReal = { session, trail: [], links: {} };
  const root = await send(model, real, "read the entry point", "getRoot", {}, model.predictRoot(session.baseUrl));
  model.learnRoot(answerOf(root));
  const sent = merchantExample("createApplication");
  const application = await send(
    model,
    real,
    "create the application",
    "createApplication",
    { url: expandHref(String(onlyLink(root.json, "ch:applications")?.href)), body: sent },
    model.predictCreate("createApplication", statusRule("createApplication", "201"), sent, undefined),
    (answered) => model.location(answerOf(answered)),
  );
  model.learnCreated("application", sent, answerOf(application));
  for (const rel of Object.values(RELATION)) {
    const href = linksOf(application.json, rel)[0]?.href;
    if (href !== undefined) real.links[rel] = href;
  }
  return { model, real };
}

export function merchantCommands(): Array<fc.Arbitrary<Command>> {
  const kind = fc.constantFrom<Kind>("people", "comments", "files");
  const size = fc.integer({ min: pagination.perPageMinimum, max: 4 });
  const create = fc.tuple(kind, fc.nat(999)).map(([k, n]) => new Create(k, n));
  // fast-check picks among the arbitraries alike: creations, reads and deletions are listed twice to come more often.
  const remove = fc.tuple(kind, fc.nat(20)).map(([k, pick]) => new Delete(k, pick));
  const read = fc.tuple(kind, fc.nat(20)).map(([k, pick]) => new Read(k, pick));
  return [
    create,
    create,
    remove,
    read,
    read,
    fc.tuple(kind, fc.nat(20), fc.nat(999)).map(([k, pick, n]) => new Update(k, pick, n)),
    remove,
    fc
      .tuple(kind, fc.option(size, { nil: undefined }), fc.option(fc.nat(20), { nil: undefined }))
      .map(([k, s, p]) => new ReadPage(k, s, p)),
    fc.tuple(kind, size, fc.boolean()).map(([k, s, f]) => new Walk(k, s, f)),
    fc.constant(new NewToken()),
  ];
}
