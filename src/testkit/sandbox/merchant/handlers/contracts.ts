/** Contracts of a submitted application: the collection, reading one, and its stamps. */
import { problems } from "../http/problems";
import { contractQuery } from "../records/query-languages";
import { contractStampEffect, contractStampsOffered } from "../records/stamps";
import type { AnsweringParts, Operations } from "./operation";

export function contractHandlers({ answers, reps, resources }: AnsweringParts): Operations {
  return {
    listContracts: (ctx) => {
      return answers.queriedCollection(ctx, contractQuery, resources.contractsOf(ctx.params.application_id), (item) => reps.contract(item));
    },

    getContract: (ctx) => answers.success(ctx, reps.contract(resources.contracts.get(ctx.params.contract_id)!)),

    addContractStamp: (ctx) => {
      const contract = resources.contracts.get(ctx.params.contract_id)!;
      const name = ctx.params.stamp_name;
      if (!contractStampsOffered(contract.state).includes(name)) {
        return problems.conflict(ctx.problem, `The stamp '${name}' is not offered in the contract's state '${contract.state}'.`);
      }
      const note = ctx.body?.note;
      if (note) contract.notes.push(note);
      contract.state = contractStampEffect.get(name) ?? contract.state;
      return answers.success(ctx);
    },
  };
}
