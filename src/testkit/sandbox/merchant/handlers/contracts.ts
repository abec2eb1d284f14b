/** Contracts of a submitted application: the collection, reading one, and its stamps. */
import type { Operations } from "./operation";
import { problems } from "../http/problems";
import { contractQuery } from "../records/query-languages";
import { contractStampEffect, contractStampsOffered } from "../records/stamps";

export const contractHandlers: Operations = {
  listContracts: (ctx, { answers, reps, resources }) => {
    const items = answers.queried(ctx, contractQuery, resources.contractsOf(ctx.params.application_id));
    if (!Array.isArray(items)) return items;
    return answers.collection(
      ctx,
      items.map((c) => reps.contract(c)),
    );
  },

  getContract: (ctx, { answers, reps, resources }) => answers.success(ctx, reps.contract(resources.contracts.get(ctx.params.contract_id)!)),

  addContractStamp: (ctx, { answers, resources }) => {
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
