/**
 * Applications: the collection, creation, reading and PATCH (which must keep the create rules),
 * and the stamps, `submitted` only once the application holds all necessary data.
 */
import type { SandboxResponse } from "../../http";
import { pickDeclared } from "../../validation";
import { errorsOf } from "../answers";
import { mergePatch } from "../merge-patch";
import type { OperationContext, Operations, Schemas } from "../operation";
import { problems, type Errors } from "../problems";
import { applicationQuery, type Application } from "../resources";
import { requestContent, requestSchema } from "../spec-facts";
import { applicationStampsOffered, removableApplicationStamps } from "../stamps";
import type { MerchantState } from "../state";

type Json = Record<string, unknown>;

/** What an application still lacks before it can be submitted, by field; empty when nothing. */
function submissionGaps(app: Application, { resources, files, personFileLabels }: MerchantState): Errors {
  const errors: Errors = {};
  const signer = app.signer ?? {};
  if (!signer.name) errors["signer.name"] = ["is required to submit the application"];
  if (!signer.email) errors["signer.email"] = ["is required to submit the application"];
  if (app.selectedGateways.size === 0) errors.gateways = ["select a gateway (ch:gateways, ch:selection)"];
  const people = resources.peopleOf(app.id);
  if (people.length === 0) errors.people = ["add at least one person (ch:people)"];
  for (const person of people) {
    const uploaded = files.ownedBy({ kind: "people", id: person.id }).filter((f) => f.content !== undefined);
    const missing = personFileLabels.filter((label) => !uploaded.some((f) => f.label === label));
    if (missing.length) errors[`people.${person.id}.files`] = missing.map((label) => `a file labelled ${label} with uploaded content is required`);
  }
  return errors;
}

/**
 * Whether an application (a merged PATCH) breaks the create rules: the create operation's own
 * request validation runs over it, so the answer is the 400 a create with that body gets.
 */
function createRulesRefusal(ctx: OperationContext, application: Json, { doc, router, requests }: MerchantState): SandboxResponse | undefined {
  const create = router.operation("createApplication");
  const mediaType = Object.keys(requestContent(doc, create))[0];
  const checked = requests.body(create, mediaType, Buffer.from(JSON.stringify(application)));
  if (checked.kind === "ok") return undefined;
  if (checked.kind === "invalid") return problems.validation(ctx.problem, errorsOf(checked.errors));
  throw new Error(`merchant sandbox: the create rules cannot be applied to a merged application (${checked.kind})`);
}

export const applicationHandlers: Operations = {
  listApplications: (ctx, { answers, links, reps, resources }) => {
    const items = answers.queried(ctx, applicationQuery, [], [...resources.applications.values()]);
    if (!Array.isArray(items)) return items;
    return answers.collection(ctx, "ch:applications", items.map((app) => reps.application(app)), links.href("listApplications"));
  },

  createApplication: (ctx, { doc, answers, reps, resources }) => {
    const fields = pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["ApplicationCreate"];
    return answers.created(ctx, reps.application(resources.createApplication(fields)));
  },

  getApplication: (ctx, { answers, reps, resources }) => answers.hal(ctx, 200, reps.application(resources.applications.get(ctx.params.application_id!)!)),

  updateApplication: (ctx, sandbox) => {
    const { doc, answers, reps, resources } = sandbox;
    const app = resources.applications.get(ctx.params.application_id!)!;
    const patch = pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["ApplicationUpdate"];
    const merged = mergePatch({ signer: app.signer, business_model: app.business_model, additional_information: app.additional_information }, patch);
    // The spec: the merged application must still satisfy the create rules. Checked before
    // anything is stored, so a refused PATCH leaves the application as it was.
    const refusal = createRulesRefusal(ctx, merged, sandbox);
    if (refusal) return refusal;
    app.signer = merged.signer as Application["signer"];
    app.business_model = merged.business_model as Application["business_model"];
    app.additional_information = merged.additional_information as Application["additional_information"];
    return answers.hal(ctx, 200, reps.application(app));
  },

  addApplicationStamp: (ctx, sandbox) => {
    const { answers, resources } = sandbox;
    const app = resources.applications.get(ctx.params.application_id!)!;
    const name = ctx.params.stamp_name!;
    if (app.stamps.has(name)) return answers.noContent(ctx); // idempotent
    if (!applicationStampsOffered(app).includes(name)) return problems.conflict(ctx.problem, `The stamp '${name}' is not offered in the application's current state.`);
    if (name === "submitted") {
      const gaps = submissionGaps(app, sandbox);
      if (Object.keys(gaps).length) return problems.conflict(ctx.problem, "The application does not hold all necessary data yet.", gaps);
      app.state = "submitted";
      resources.createContract(app.id);
    }
    app.stamps.add(name);
    return answers.noContent(ctx);
  },

  removeApplicationStamp: (ctx, { answers, resources }) => {
    const app = resources.applications.get(ctx.params.application_id!)!;
    const name = ctx.params.stamp_name!;
    if (!removableApplicationStamps.has(name)) return problems.conflict(ctx.problem, `The stamp '${name}' cannot be removed.`);
    app.stamps.delete(name);
    return answers.noContent(ctx);
  },
};
