/**
 * The Merchant Management API's commands for fast-check's model-based runs, on an application the
 * sequence creates first: people, comments and files created, read, changed and deleted through
 * the links the answers carry; the application's listings read at any page and size, and walked
 * along `next` from the first page and along `prev` from the last; a new token. Each request is
 * sent by the target's client, by a client it registered (the same merchant) or by another
 * merchant's client (where the target has one). Every answer is compared with the model's
 * prediction (./model.ts), its rate-limit headers with the quota the operation announced to that
 * client before.
 */
import fc from "fast-check";
import { pagination } from "../../../generated/merchant/constants";
import { linksOf, onlyLink } from "../../../src/testkit/common/hal-reading";
import { describeExchange, expandHref, type ApiSession, type Exchange } from "../../support/http";
import { merchantExample } from "../../support/merchant";
import { apiSpec } from "../../support/spec";
import { answerOf, sendAndCompare, type Real } from "../common/compare";
import { statusRuleOf } from "../common/status-rule";
import type { Expectation } from "../common/prediction";
import { MerchantModel, seesTheResources, type Client, type Kind, type ResourceState } from "./model";

type Command = fc.AsyncCommand<MerchantModel, MerchantReal>;

export interface MerchantReal extends Real {
  /** The application's links, as its creation answered them. */
  links: Record<string, string>;
  /** The bearer tokens of the clients other than the target's (whose token is the session's). */
  tokens: OtherTokens;
}

export type OtherTokens = Partial<Record<Exclude<Client, "own">, string>>;

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
const by = (client: Client) => (client === "own" ? "" : `, by the ${client} client`);
const statusRule = (operationId: string, code: string) => statusRuleOf(apiSpec("merchant"), operationId, code);

/** Sends as a client, compares (the client's quota too), and teaches the model the quota the answer announced. */
async function send(
  m: MerchantModel,
  real: MerchantReal,
  client: Client,
  step: string,
  operationId: string,
  call: Parameters<ApiSession["call"]>[0],
  expectations: readonly Expectation[],
  more?: (exchange: Exchange) => readonly Expectation[],
): Promise<Exchange> {
  const exchange = await sendAndCompare(
    real,
    step,
    { operationId, ...call, ...(client !== "own" && { token: real.tokens[client] }) },
    [...expectations, ...m.quotaOf(client, operationId, seconds())],
    more,
  );
  m.learnQuota(client, operationId, answerOf(exchange), seconds());
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
    readonly client: Client = "own",
  ) {}
  check = (m: Readonly<MerchantModel>) => m.resources[this.kind].length < 8;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const operationId = CREATE[this.kind];
    const sent = bodyFor(this.kind, this.n);
    const sees = seesTheResources(this.client);
    const exchange = await send(
      m,
      real,
      this.client,
      this.toString(),
      operationId,
      { url: expandHref(real.links[RELATION[this.kind]]!), body: sent },
      sees ? m.predictCreate(operationId, statusRule(operationId, "201"), sent, m.ownerOf(this.kind)) : m.hidden(),
      (answered) => (sees ? m.location(answerOf(answered)) : []),
    );
    if (sees) m.learnCreated(this.kind, sent, answerOf(exchange));
  }
  toString = () => `create ${this.kind} (${this.n})${by(this.client)}`;
}

const KINDS: readonly Kind[] = ["people", "comments", "files"];

/**
 * A command on the `pick`-th resource (modulo how many) of a kind the sequence made: the kind
 * drawn, or when the sequence made none of it, the next kind it made one of (so that short
 * sequences still reach reads, changes and deletions).
 */
abstract class OnResource implements Command {
  constructor(
    readonly drawn: Kind,
    readonly pick: number,
    readonly client: Client = "own",
  ) {}
  /** The kinds the command applies to. */
  protected kinds: readonly Kind[] = KINDS;
  private chosen?: Kind;
  /** The kind acted on, chosen by `check` (fast-check checks a command against the model right before running it). */
  get kind(): Kind {
    return this.chosen ?? this.drawn;
  }
  check = (m: Readonly<MerchantModel>) => {
    const start = KINDS.indexOf(this.drawn);
    this.chosen = [0, 1, 2].map((i) => KINDS[(start + i) % KINDS.length]!).find((k) => this.kinds.includes(k) && m.resources[k].length > 0);
    return this.chosen !== undefined;
  };
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
    const expectations = seesTheResources(this.client) ? m.predictRead(resource, READ[this.kind]!) : m.hidden();
    await send(m, real, this.client, `read ${label}`, operationId, { url: resource.self }, expectations);
  }
  toString = () => `read ${this.kind} #${this.pick}${by(this.client)}`;
}

/** A PATCH of one member: a person's city, a file's name (comments have no PATCH). */
class Update extends OnResource {
  constructor(
    kind: Kind,
    pick: number,
    readonly n: number,
    client: Client = "own",
  ) {
    super(kind, pick, client);
  }
  protected override kinds: readonly Kind[] = ["people", "files"];
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const { resource, label } = this.resource(m);
    const [operationId, patch] =
      this.kind === "people"
        ? (["updatePerson", { city: `Model City ${this.n}` }] as const)
        : (["updateFile", { name: `renamed-${this.n}.pdf` }] as const);
    const { expectations, apply } = seesTheResources(this.client)
      ? m.predictUpdate(resource, patch, `merchant:echo:${operationId}`)
      : { expectations: m.hidden(), apply: () => undefined };
    await send(
      m,
      real,
      this.client,
      `update ${label} (${JSON.stringify(patch)})`,
      operationId,
      { url: resource.self, method: "PATCH", body: patch },
      expectations,
    );
    apply();
  }
  toString = () => `update ${this.kind} #${this.pick} (${this.n})${by(this.client)}`;
}

class Delete extends OnResource {
  protected override kinds: readonly Kind[] = ["people", "files"];
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const { resource, label } = this.resource(m);
    const operationId = this.kind === "people" ? "deletePerson" : "deleteFile";
    const { expectations, apply } = seesTheResources(this.client)
      ? m.predictDelete(resource, statusRule(operationId, "204"))
      : { expectations: m.hidden(), apply: () => undefined };
    await send(m, real, this.client, `delete ${label}`, operationId, { url: resource.self, method: "DELETE" }, expectations);
    apply();
  }
  toString = () => `delete ${this.kind} #${this.pick}${by(this.client)}`;
}

const LIST: Record<Kind, string> = { people: "listPeople", comments: "listComments", files: "listApplicationFiles" };

/** One page of a listing: a size (or the default) and a page among those that exist (or the default, the first). */
class ReadPage implements Command {
  constructor(
    readonly kind: Kind,
    readonly perPage: number | undefined,
    readonly pick: number | undefined,
    readonly client: Client = "own",
  ) {}
  check = () => true;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const size = this.perPage ?? pagination.perPageDefault;
    const page = this.pick === undefined ? undefined : 1 + (this.pick % m.lastPage(this.kind, size));
    const url = expandHref(real.links[RELATION[this.kind]]!, { [pagination.parameter]: this.perPage, page });
    if (!seesTheResources(this.client)) {
      await send(m, real, this.client, this.toString(), LIST[this.kind], { url }, m.hidden());
      return;
    }
    await send(m, real, this.client, this.toString(), LIST[this.kind], { url }, m.predictPage(this.kind, this.perPage, page), (answered) =>
      m.pageItems(this.kind)(answerOf(answered)),
    );
  }
  toString = () =>
    `list ${this.kind} (per_page ${this.perPage ?? "omitted"}, page ${this.pick === undefined ? "omitted" : `#${this.pick}`})${by(this.client)}`;
}

/** A listing walked along `next` from the first page, or along `prev` from the last, each page as predicted and every item once. */
class Walk implements Command {
  constructor(
    readonly kind: Kind,
    readonly perPage: number,
    readonly forward: boolean,
    readonly client: Client = "own",
  ) {}
  check = () => true;
  async run(m: MerchantModel, real: MerchantReal): Promise<void> {
    const last = m.lastPage(this.kind, this.perPage);
    let page = this.forward ? 1 : last;
    let url: string | undefined = expandHref(real.links[RELATION[this.kind]]!, { [pagination.parameter]: this.perPage, page });
    if (!seesTheResources(this.client)) {
      await send(m, real, this.client, `${this.toString()}, page ${page}`, LIST[this.kind], { url }, m.hidden());
      return;
    }
    const seen = new Set<string>();
    for (let n = 0; url !== undefined && n < last; n++) {
      const exchange = await send(
        m,
        real,
        this.client,
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
  toString = () =>
    `walk ${this.kind} ${this.forward ? "forward along next" : "back along prev"} (per_page ${this.perPage})${by(this.client)}`;
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
      "own",
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

/**
 * The other clients' tokens, once per scenario: a client the target's client registers (the same
 * merchant) and, where the target has its credentials, another merchant's client.
 */
export async function otherClients(session: ApiSession): Promise<OtherTokens> {
  const tokenOf = async (client: { id: string; secret: string }, who: string) => {
    const answer = await session.call({
      operationId: "createToken",
      body: { grant_type: "client_credentials", audience: session.target.merchant.audience },
      client,
    });
    const token: unknown = answer.json?.access_token;
    if (typeof token !== "string") throw new Error(`the token endpoint gave ${who} no token: ${describeExchange(answer)}`);
    return token;
  };
  const registered = await session.call({ operationId: "registerClient", body: merchantExample("registerClient") });
  const { client_id: id, client_secret: secret } = (registered.json ?? {}) as { client_id?: unknown; client_secret?: unknown };
  if (typeof id !== "string" || typeof secret !== "string")
    throw new Error(`registering a second client of the merchant failed: ${describeExchange(registered)}`);
  const other = session.target.merchant.otherClient;
  return {
    sibling: await tokenOf({ id, secret }, "the registered client"),
    ...(other && { stranger: await tokenOf(other, "the other merchant's client (MERCHANT_OTHER_CLIENT_ID)") }),
  };
}

/** A sequence's start: a session of its own (its own token) and an application of its own, made through the entry point's link. */
export async function merchantSetup(session: ApiSession, tokens: OtherTokens): Promise<{ model: MerchantModel; real: MerchantReal }> {
  const model = new MerchantModel();
  const real: MerchantReal = { session, trail: [], links: {}, tokens };
  const root = await send(model, real, "own", "read the entry point", "getRoot", {}, model.predictRoot(session.baseUrl));
  model.learnRoot(answerOf(root));
  const sent = merchantExample("createApplication");
  const application = await send(
    model,
    real,
    "own",
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

/** The commands, each sent by one of `clients` (the target's own most often). */
export function merchantCommands(clients: readonly Client[]): Array<fc.Arbitrary<Command>> {
  const kind = fc.constantFrom<Kind>("people", "comments", "files");
  const size = fc.integer({ min: pagination.perPageMinimum, max: 4 });
  const client = fc.oneof(
    { arbitrary: fc.constant<Client>("own"), weight: 3 },
    ...clients.filter((c) => c !== "own").map((c) => fc.constant(c)),
  );
  const create = fc.tuple(kind, fc.nat(999), client).map(([k, n, c]) => new Create(k, n, c));
  // fast-check picks among the arbitraries alike: creations, reads, changes, deletions and pages are listed twice to come more often.
  const remove = fc.tuple(kind, fc.nat(20), client).map(([k, pick, c]) => new Delete(k, pick, c));
  const read = fc.tuple(kind, fc.nat(20), client).map(([k, pick, c]) => new Read(k, pick, c));
  const update = fc.tuple(kind, fc.nat(20), fc.nat(999), client).map(([k, pick, n, c]) => new Update(k, pick, n, c));
  // A page's size and number each omitted half the time (their defaults).
  const page = fc
    .tuple(kind, fc.option(size, { nil: undefined, freq: 2 }), fc.option(fc.nat(20), { nil: undefined, freq: 2 }), client)
    .map(([k, s, p, c]) => new ReadPage(k, s, p, c));
  return [
    create,
    create,
    remove,
    read,
    read,
    update,
    update,
    remove,
    page,
    page,
    fc.tuple(kind, size, fc.boolean(), client).map(([k, s, f, c]) => new Walk(k, s, f, c)),
    fc.constant(new NewToken()),
  ];
}
