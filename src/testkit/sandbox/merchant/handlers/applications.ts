/**
 * Applications: the collection, creation, reading and PATCH (which must keep the create rules),
 * and the stamps, `submitted` only once the application holds all necessary data.
 */
import { checkBody } from "../../../openapi-model/check-request";
import type { ApiModel } from "../../../openapi-model/operation-model";
import type { SandboxResponse } from "../../listener/messages";
import { errorsOf } from "../http/answers";
import { problems, type Errors } from "../http/problems";
import { isSchemaRef, mergedMustSatisfy } from "../http/spec-facts";
import type { FileStore } from "../records/files";
import { mergePatch } from "../records/merge-patch";
import { applicationQuery } from "../records/query-languages";
import type { Application, ApplicationFields } from "../records/resources";
import { applicationStampsOffered, removableApplicationStamps } from "../records/stamps";
import { declaredOnly } from "./declared";
import type { AnsweringParts, OperationContext, Operations } from "./operation";

export interface ApplicationParts extends AnsweringParts {
  model: ApiModel;
  files: FileStore;
  /** The labels of the files each person needs before an application is submitted. */
  personFileLabels: readonly string[];
}

/** What an application still lacks before it can be submitted, by field; empty when nothing. */
function submissionGaps(
  app: Application,
  { links, resources, files, personFileLabels }: Pick<ApplicationParts, "links" | "resources" | "files" | "personFileLabels">,
): Errors {
  const errors: Errors = {};
  const signer = app.signer ?? {};
  if (!signer.name) errors["signer.name"] = ["is required to submit the application"];
  if (!signer.email) errors["signer.email"] = ["is required to submit the application"];
  if (app.selectedGateways.size === 0)
    errors.gateways = [
      `select a gateway (${links.relationOf("listApplicationGateways")}, ${links.relationOf("selectApplicationGateway")})`,
    ];
  const people = resources.peopleOf(app.id);
  if (people.length === 0) errors.people = [`add at least one person (${links.relationOf("listPeople")})`];
  for (const person of people) {
    const uploaded = files.ownedBy({ reader: "getPerson", id: person.id }).filter((f) => f.content !== undefined);
    const missing = personFileLabels.filter((label) => !uploaded.some((f) => f.label === label));
    if (missing.length)
      errors[`people.${person.id}.files`] = missing.map((label) => `a file labelled ${label} with uploaded content is required`);
  }
  return errors;
}

/**
 * The merged application held to the schema the update's `x-merged-must-satisfy` names: the
 * request validation of the operation whose body is that schema runs over it, so a refusal is
 * the 400 a create with that body gets.
 */
function mergedUnderCreateRules(
  model: ApiModel,
  ctx: OperationContext<"updateApplication">,
  merged: unknown,
): { ok: true; value: ApplicationFields } | { ok: false; refusal: SandboxResponse } {
  const schemaName = mergedMustSatisfy(model.document, ctx.route);
  const create = model.router.operation("createApplication");
  const mediaType = create.requestBody?.media.find((media) => isSchemaRef(media.schema?.schema, schemaName))?.mediaType;
  if (mediaType === undefined) throw new Error(`merchant spec: createApplication takes no ${schemaName} body`);
  const checked = checkBody(model, create, mediaType, Buffer.from(JSON.stringify(merged)));
  // Valid against the create schema, so of its generated type.
  if (checked.kind === "ok") return { ok: true, value: checked.value as ApplicationFields };
  if (checked.kind === "invalid") return { ok: false, refusal: problems.validation(ctx.problem, errorsOf(checked.errors)) };
  throw new Error(`merchant sandbox: the create rules cannot be applied to a merged application (${checked.kind})`);
}

export function applicationHandlers(parts: ApplicationParts): Operations {
  const { model, answers, reps, resources } = parts;
  const doc = model.document;
  return {
    listApplications: (ctx) => {
      return answers.queriedCollection(ctx, applicationQuery, resources.applicationsOf(ctx.client.merchant), (item) =>
        reps.application(item),
      );
    },

    createApplication: (ctx) =>
      answers.success(ctx, reps.application(resources.createApplication(ctx.client.merchant, declaredOnly(doc, ctx)))),

    getApplication: (ctx) => answers.success(ctx, reps.application(resources.applications.get(ctx.params.application_id)!)),

    updateApplication: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id)!;
      const merged = mergePatch(
        { signer: app.signer, business_model: app.business_model, additional_information: app.additional_information },
        declaredOnly(doc, ctx),
      );
      // The spec: the merged application must still satisfy the create rules. Checked before
      // anything is stored, so a refused PATCH leaves the application as it was.
      const checked = mergedUnderCreateRules(model, ctx, merged);
      if (!checked.ok) return checked.refusal;
      app.signer = checked.value.signer;
      app.business_model = checked.value.business_model;
      app.additional_information = checked.value.additional_information;
      return answers.success(ctx, reps.application(app));
    },

    addApplicationStamp: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id)!;
      const name = ctx.params.stamp_name;
      if (app.stamps.has(name)) return answers.success(ctx); // idempotent
      if (!applicationStampsOffered(app).includes(name))
        return problems.conflict(ctx.problem, `The stamp '${name}' is not offered in the application's current state.`);
      if (name === "submitted") {
        const gaps = submissionGaps(app, parts);
        if (Object.keys(gaps).length) return problems.conflict(ctx.problem, "The application does not hold all necessary data yet.", gaps);
        app.state = "submitted";
        resources.createContract(app);
      }
      app.stamps.add(name);
      return answers.success(ctx);
    },

    removeApplicationStamp: (ctx) => {
      const app = resources.applications.get(ctx.params.application_id)!;
      const name = ctx.params.stamp_name;
      if (!removableApplicationStamps.has(name)) return problems.conflict(ctx.problem, `The stamp '${name}' cannot be removed.`);
      app.stamps.delete(name);
      return answers.success(ctx);
    },
  };
}
