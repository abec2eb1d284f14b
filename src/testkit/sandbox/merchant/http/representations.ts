/**
 * The HAL representations of the merchant sandbox's resources: their fields and the links a
 * client follows from them (offered stamps, selection, comments, files, owners).
 */
import type { FileStore, StoredFile } from "../records/files";
import type { CommentContext, CommentContextName } from "./contexts";
import type { MerchantLinks } from "./links";
import type { OperationId, Schemas } from "../records/spec-types";
import type {
  Application,
  Comment,
  Contract,
  Dispute,
  GatewayResource,
  MerchantResources,
  Person,
  Transaction,
} from "../records/resources";
import { applicationStampsOffered, contractStampsOffered, disputeStampsOffered } from "../records/stamps";

type Json = Record<string, unknown>;

export class Representations {
  constructor(
    private readonly links: MerchantLinks,
    private readonly resources: MerchantResources,
    private readonly files: FileStore,
    private readonly contexts: ReadonlyMap<CommentContextName, CommentContext>,
  ) {}

  /** The named links of the stamps offered, under the stamp operation's relation. */
  private stamps(
    operationId: "addApplicationStamp" | "addDisputeStamp" | "addContractStamp",
    offered: string[],
    params: Record<string, string>,
  ): Json {
    if (offered.length === 0) return {};
    const { links } = this;
    const stampParam = links.pathParameters(operationId).at(-1)!; // the stamp's name is the last segment of its link
    const route = { operationId };
    return {
      [links.relationOf(operationId)]: offered.map((name) => ({
        name,
        href: links.addressOf({ route, params: { ...params, [stampParam]: name } }),
      })),
    };
  }

  /** The comments link of a resource, by the operation that reads it (its collection is the comment context). */
  private comments(reader: OperationId, id: string): Json {
    const context = [...this.contexts.entries()].find(([, c]) => c.get === reader)?.[0];
    if (context === undefined) throw new Error(`merchant sandbox: ${reader} reads no comment context`);
    return this.links.relatedTemplate("listComments", { context, context_id: id });
  }

  application(app: Application): Json {
    const { links } = this;
    const p = { application_id: app.id };
    const self = links.href("getApplication", p);
    const offered = applicationStampsOffered(app);
    // Related resources the spec names but describes no operation for (not served by the sandbox);
    // typed, so that a relation the spec does not name does not compile.
    const unserved = {
      "ch:contact": { href: `${self}/contact` },
      "ch:company": { href: `${self}/company` },
      "ch:bank-account": { href: `${self}/bank_account` },
      // Collections, so templated with per_page like every paginated collection's link.
      "ch:websites": { href: `${self}/websites{?page,per_page}`, templated: true },
      "ch:collaborators": { href: `${self}/collaborators{?page,per_page}`, templated: true },
      "ch:record": links.unserved(`/records/${encodeURIComponent(app.id)}`),
    } satisfies Partial<Schemas["Application"]["_links"]>;
    return {
      ...(app.signer ? { signer: app.signer } : {}),
      business_model: app.business_model,
      ...(app.additional_information !== undefined ? { additional_information: app.additional_information } : {}),
      metadata: { state: app.state, created_at: new Date(app.createdAt).toISOString() } satisfies Schemas["ApplicationMetadata"],
      _links: {
        self: { href: self },
        ...unserved,
        ...this.comments("getApplication", app.id),
        ...links.relatedTemplate("listApplicationFiles", p),
        ...links.relatedTemplate("listApplicationGateways", p),
        ...links.relatedTemplate("listPeople", p),
        ...(this.resources.contractsOf(app.id).length ? links.relatedTemplate("listContracts", p) : {}),
        ...this.stamps("addApplicationStamp", offered, p),
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
        ...links.related("getApplication", { application_id: person.applicationId }),
        ...this.comments("getPerson", person.id),
        ...links.relatedTemplate("listPersonFiles", { person_id: person.id }),
        curies: links.curies,
      },
    };
  }

  file(file: StoredFile): Json {
    const { links } = this;
    return {
      label: file.label,
      name: file.name,
      content_type: file.content_type,
      ...(file.size !== undefined ? { size: file.size } : {}),
      _links: {
        self: links.link("getFile", { file_id: file.id }),
        [links.relationOf("downloadFileContent")]: [
          { name: "upload", href: this.files.uploadUrl(file) },
          { name: "download", href: links.href("downloadFileContent", { file_id: file.id }) },
        ] satisfies Schemas["FileDataLink"][],
        ...this.links.relatedById(file.owner.reader, file.owner.id),
        ...this.comments("getFile", file.id),
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
          ? links.related("selectApplicationGateway", { application_id: app.id, gateway_id: gateway.id })
          : {}),
        ...(selected ? this.comments("getGateway", gateway.id) : {}),
        curies: links.curies,
      },
    };
  }

  dispute(dispute: Dispute): Json {
    const { links } = this;
    const { transactionId, merchant, ...fields } = dispute;
    void merchant; // the sandbox's bookkeeping, not a field of the representation
    const offered = disputeStampsOffered(dispute.status);
    return {
      ...fields,
      _links: {
        self: links.link("getDispute", { dispute_id: dispute.id }),
        // The spec names these relations but describes no operation behind them.
        ...({
          "ch:transaction": { href: `${links.href("listTransactions")}/${encodeURIComponent(transactionId)}` },
          "ch:account": links.unserved(`/accounts/${encodeURIComponent(dispute.merchant)}`),
        } satisfies Partial<Schemas["Dispute"]["_links"]>),
        ...links.relatedTemplate("listDisputeFiles", { dispute_id: dispute.id }),
        ...this.comments("getDispute", dispute.id),
        ...this.stamps("addDisputeStamp", offered, { dispute_id: dispute.id }),
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
        ...links.related("getApplication", { application_id: contract.applicationId }),
        ...this.stamps("addContractStamp", offered, { contract_id: contract.id }),
        curies: links.curies,
      },
    };
  }

  comment(comment: Comment): Json {
    const { links } = this;
    return {
      id: comment.id,
      body: comment.body,
      created_at: new Date(comment.createdAt).toISOString(),
      ...(comment.tags ? { tags: comment.tags } : {}),
      _embedded: { author: comment.author },
      _links: {
        self: links.link("getComment", { comment_id: comment.id }),
        ...this.links.relatedById(comment.context, comment.contextId),
        curies: links.curies,
      },
    };
  }

  transaction(t: Transaction): Json {
    const self = `${this.links.href("listTransactions")}/${encodeURIComponent(t.id)}`;
    return { id: t.id, amount: t.amount, currency: t.currency, type: t.type, status: t.status, _links: { self: { href: self } } };
  }
}
