/**
 * The HAL representations of the merchant sandbox's resources: their fields and the links a
 * client follows from them (offered stamps, selection, comments, files, owners).
 */
import type { FileStore, StoredFile } from "./files";
import { fileOwners, type CommentContext } from "./contexts";
import type { MerchantLinks } from "./links";
import type { Application, Comment, Contract, Dispute, GatewayResource, MerchantResources, Person, Transaction } from "./resources";
import { applicationStampsOffered, contractStampsOffered, disputeStampsOffered } from "./stamps";

type Json = Record<string, unknown>;

export class Representations {
  private readonly transactionSelf = new Map<string, string>();

  constructor(
    private readonly links: MerchantLinks,
    private readonly resources: MerchantResources,
    private readonly files: FileStore,
    private readonly contexts: ReadonlyMap<string, CommentContext>,
  ) {}

  application(app: Application): Json {
    const { links } = this;
    const p = { application_id: app.id };
    const self = links.href("getApplication", p);
    const offered = applicationStampsOffered(app);
    return {
      ...(app.signer ? { signer: app.signer } : {}),
      business_model: app.business_model,
      ...(app.additional_information !== undefined ? { additional_information: app.additional_information } : {}),
      metadata: { state: app.state, created_at: new Date(app.createdAt).toISOString() },
      _links: {
        self: { href: self },
        // Related resources the spec names but does not describe (not served by the sandbox).
        "ch:contact": { href: `${self}/contact` },
        "ch:company": { href: `${self}/company` },
        "ch:bank-account": { href: `${self}/bank_account` },
        "ch:websites": { href: `${self}/websites` },
        "ch:collaborators": { href: `${self}/collaborators` },
        "ch:record": links.unserved(`/records/${encodeURIComponent(app.id)}`),
        "ch:comments": links.templated("listComments", { context: "applications", context_id: app.id }),
        "ch:files": links.templated("listApplicationFiles", p),
        "ch:gateways": links.templated("listApplicationGateways", p),
        "ch:people": links.templated("listPeople", p),
        ...(this.resources.contractsOf(app.id).length ? { "ch:contracts": links.templated("listContracts", p) } : {}),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: links.href("addApplicationStamp", { ...p, stamp_name: name }) })) } : {}),
        curies: links.curies,
      },
    };
  }

  person(person: Person): Json {
    const { links } = this;
    return {
      ...person.properties,
      _links: {
        self: links.link("getPerson", { person_id: person.id }),
        "ch:application": links.link("getApplication", { application_id: person.applicationId }),
        "ch:comments": links.templated("listComments", { context: "people", context_id: person.id }),
        "ch:files": links.templated("listPersonFiles", { person_id: person.id }),
        curies: links.curies,
      },
    };
  }

  file(file: StoredFile): Json {
    const { links } = this;
    const owner = fileOwners.get(file.owner.kind)!;
    return {
      label: file.label,
      name: file.name,
      content_type: file.content_type,
      ...(file.size !== undefined ? { size: file.size } : {}),
      _links: {
        self: links.link("getFile", { file_id: file.id }),
        "ch:data": [
          { name: "upload", href: this.files.uploadUrl(file) },
          { name: "download", href: links.href("downloadFileContent", { file_id: file.id }) },
        ],
        [owner.rel]: links.link(owner.get, { [owner.param]: file.owner.id }),
        "ch:comments": links.templated("listComments", { context: "files", context_id: file.id }),
        curies: links.curies,
      },
    };
  }

  /** A gateway, seen from an application when one is given (its selection link, its comments). */
  gateway(gateway: GatewayResource, app?: Application): Json {
    const { links } = this;
    const selected = app?.selectedGateways.has(gateway.id) ?? false;
    return {
      id: gateway.id,
      name: gateway.name,
      _links: {
        self: links.link("getGateway", { gateway_id: gateway.id }),
        ...(app && !selected && app.state === "unsubmitted"
          ? { "ch:selection": links.link("selectApplicationGateway", { application_id: app.id, gateway_id: gateway.id }) }
          : {}),
        ...(selected ? { "ch:comments": links.templated("listComments", { context: "gateways", context_id: gateway.id }) } : {}),
        curies: links.curies,
      },
    };
  }

  dispute(dispute: Dispute): Json {
    const { links } = this;
    const { transactionId, ...fields } = dispute;
    const offered = disputeStampsOffered(dispute.status);
    return {
      ...fields,
      _links: {
        self: links.link("getDispute", { dispute_id: dispute.id }),
        // The spec names these relations but describes no operation behind them.
        "ch:transaction": { href: `${links.href("listTransactions")}/${encodeURIComponent(transactionId)}` },
        "ch:account": links.unserved("/accounts/sandbox"),
        "ch:files": links.templated("listDisputeFiles", { dispute_id: dispute.id }),
        "ch:comments": links.templated("listComments", { context: "disputes", context_id: dispute.id }),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: links.href("addDisputeStamp", { dispute_id: dispute.id, stamp_name: name }) })) } : {}),
        curies: links.curies,
      },
    };
  }

  contract(contract: Contract): Json {
    const { links } = this;
    const offered = contractStampsOffered(contract.state);
    return {
      state: contract.state,
      merchant_id: contract.merchant_id,
      effective_on: contract.effective_on,
      _links: {
        self: links.link("getContract", { contract_id: contract.id }),
        "ch:application": links.link("getApplication", { application_id: contract.applicationId }),
        ...(offered.length ? { "ch:stamps": offered.map((name) => ({ name, href: links.href("addContractStamp", { contract_id: contract.id, stamp_name: name }) })) } : {}),
        curies: links.curies,
      },
    };
  }

  comment(comment: Comment): Json {
    const { links } = this;
    const context = this.contexts.get(comment.context)!;
    return {
      id: comment.id,
      body: comment.body,
      created_at: new Date(comment.createdAt).toISOString(),
      ...(comment.tags ? { tags: comment.tags } : {}),
      _embedded: { author: comment.author },
      _links: {
        self: links.link("getComment", { comment_id: comment.id }),
        [context.rel]: links.link(context.get, { [context.param]: comment.contextId }),
        curies: links.curies,
      },
    };
  }

  /** A transaction; its self address is built once per transaction (a page of 50 is built often). */
  transaction(t: Transaction): Json {
    let self = this.transactionSelf.get(t.id);
    if (self === undefined) {
      self = `${this.links.href("listTransactions")}/${encodeURIComponent(t.id)}`;
      this.transactionSelf.set(t.id, self);
    }
    return { id: t.id, amount: t.amount, currency: t.currency, type: t.type, status: t.status, _links: { self: { href: self } } };
  }
}
