/** People of an application: the collection, creation, reading, PATCH and deletion (with their files). */
import { randomUUID } from "node:crypto";
import { pickDeclared } from "../../validation";
import { mergePatch } from "../merge-patch";
import type { Operations, Schemas } from "../operation";
import type { Person } from "../resources";
import { requestSchema } from "../spec-facts";

export const peopleHandlers: Operations = {
  listPeople: (ctx, { answers, links, reps, resources }) =>
    answers.collection(ctx, "ch:people", resources.peopleOf(ctx.params.application_id!).map((p) => reps.person(p)), links.href("listPeople", ctx.params), {
      "ch:application": links.link("getApplication", ctx.params),
    }),

  createPerson: (ctx, { doc, answers, reps, resources }) => {
    const person: Person = {
      id: randomUUID(),
      applicationId: ctx.params.application_id!,
      properties: pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["PersonCreate"],
    };
    resources.people.set(person.id, person);
    return answers.created(ctx, reps.person(person));
  },

  getPerson: (ctx, { answers, reps, resources }) => answers.hal(ctx, 200, reps.person(resources.people.get(ctx.params.person_id!)!)),

  updatePerson: (ctx, { doc, answers, reps, resources }) => {
    const person = resources.people.get(ctx.params.person_id!)!;
    person.properties = mergePatch(person.properties, pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["PersonUpdate"]);
    return answers.hal(ctx, 200, reps.person(person));
  },

  deletePerson: (ctx, { answers, files, resources }) => {
    const id = ctx.params.person_id!;
    for (const file of files.ownedBy({ kind: "people", id })) files.delete(file.id);
    resources.people.delete(id);
    return answers.noContent(ctx);
  },
};
