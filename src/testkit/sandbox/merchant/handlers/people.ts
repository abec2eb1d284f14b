/** People of an application: the collection, creation, reading, PATCH and deletion (with their files). */
import { randomUUID } from "node:crypto";
import type { OpenApiDocument } from "../../../openapi-model/document";
import { problems } from "../http/problems";
import { mergePatch } from "../records/merge-patch";
import { MAX_PEOPLE_PER_APPLICATION, type Person } from "../records/resources";
import { declaredOnly } from "./declared";
import type { AnsweringParts, Operations } from "./operation";

export interface PeopleParts extends AnsweringParts {
  doc: OpenApiDocument;
}

export function peopleHandlers({ doc, answers, links, reps, resources }: PeopleParts): Operations {
  return {
    listPeople: (ctx) =>
      answers.collection(
        ctx,
        resources.peopleOf(ctx.params.application_id).map((p) => reps.person(p)),
        links.related("getApplication", ctx.params),
      ),

    createPerson: (ctx) => {
      const person: Person = {
        id: randomUUID(),
        merchant: ctx.client.merchant,
        applicationId: ctx.params.application_id,
        properties: declaredOnly(doc, ctx),
      };
      if (!resources.addPerson(person)) {
        return problems.validation(ctx.problem, {
          people: [`an application holds at most ${MAX_PEOPLE_PER_APPLICATION} people in the sandbox; delete one first`],
        });
      }
      return answers.success(ctx, reps.person(person));
    },

    getPerson: (ctx) => answers.success(ctx, reps.person(resources.people.get(ctx.params.person_id)!)),

    updatePerson: (ctx) => {
      const person = resources.people.get(ctx.params.person_id)!;
      // PersonUpdate has the properties of PersonProperties, so the merge is one too.
      person.properties = mergePatch(person.properties, declaredOnly(doc, ctx));
      return answers.success(ctx, reps.person(person));
    },

    deletePerson: (ctx) => {
      resources.deletePerson(ctx.params.person_id);
      return answers.success(ctx);
    },
  };
}
