/** People of an application: the collection, creation, reading, PATCH and deletion (with their files). */
import { randomUUID } from "node:crypto";
import { declaredOnly } from "./declared";
import { mergePatch } from "../records/merge-patch";
import type { Operations } from "./operation";
import { problems } from "../http/problems";
import { MAX_PEOPLE_PER_APPLICATION, type Person } from "../records/resources";

export const peopleHandlers: Operations = {
  listPeople: (ctx, { answers, links, reps, resources }) =>
    answers.collection(
      ctx,
      resources.peopleOf(ctx.params.application_id).map((p) => reps.person(p)),
      links.related("getApplication", ctx.params),
    ),

  createPerson: (ctx, sandbox) => {
    const { answers, reps, resources } = sandbox;
    const person: Person = {
      id: randomUUID(),
      merchant: ctx.client.merchant,
      applicationId: ctx.params.application_id,
      properties: declaredOnly(sandbox, ctx),
    };
    if (!resources.addPerson(person)) {
      return problems.validation(ctx.problem, {
        people: [`an application holds at most ${MAX_PEOPLE_PER_APPLICATION} people in the sandbox; delete one first`],
      });
    }
    return answers.success(ctx, reps.person(person));
  },

  getPerson: (ctx, { answers, reps, resources }) => answers.success(ctx, reps.person(resources.people.get(ctx.params.person_id)!)),

  updatePerson: (ctx, sandbox) => {
    const { answers, reps, resources } = sandbox;
    const person = resources.people.get(ctx.params.person_id)!;
    // PersonUpdate has the properties of PersonProperties, so the merge is one too.
    person.properties = mergePatch(person.properties, declaredOnly(sandbox, ctx));
    return answers.success(ctx, reps.person(person));
  },

  deletePerson: (ctx, { answers, resources }) => {
    resources.deletePerson(ctx.params.person_id);
    return answers.success(ctx);
  },
};
