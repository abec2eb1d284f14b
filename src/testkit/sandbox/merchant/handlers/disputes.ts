/** Disputes: the collection, reading one, and its stamps (refuting needs uploaded evidence). */
import type { Operations } from "../operation";
import { problems } from "../problems";
import { disputeQuery } from "../resources";
import { disputeStampEffect, disputeStampsOffered } from "../stamps";

export const disputeHandlers: Operations = {
  listDisputes: (ctx, { answers, links, reps, resources }) => {
    const items = answers.queried(ctx, disputeQuery, ["due", "due_at", "opened", "opened_at"], [...resources.disputes.values()]);
    if (!Array.isArray(items)) return items;
    return answers.collection(ctx, "ch:disputes", items.map((d) => reps.dispute(d)), links.href("listDisputes"));
  },

  getDispute: (ctx, { answers, reps, resources }) => answers.hal(ctx, 200, reps.dispute(resources.disputes.get(ctx.params.dispute_id!)!)),

  addDisputeStamp: (ctx, { answers, files, resources }) => {
    const dispute = resources.disputes.get(ctx.params.dispute_id!)!;
    const name = ctx.params.stamp_name!;
    if (!disputeStampsOffered(dispute.status).includes(name)) {
      return problems.conflict(ctx.problem, `The stamp '${name}' is not offered for a dispute with status '${dispute.status}'.`);
    }
    if (name === "refuted" && !files.ownedBy({ kind: "disputes", id: dispute.id }).some((f) => f.content !== undefined)) {
      return problems.conflict(ctx.problem, "Attach evidence before refuting the dispute.", {
        files: ["upload at least one evidence file (ch:files, then its upload link)"],
      });
    }
    dispute.status = disputeStampEffect.get(name) ?? dispute.status;
    return answers.noContent(ctx);
  },
};
