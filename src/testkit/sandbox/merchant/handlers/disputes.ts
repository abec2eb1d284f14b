/** Disputes: the collection, reading one, and its stamps (refuting needs uploaded evidence). */
import { problems } from "../http/problems";
import type { FileStore } from "../records/files";
import { disputeQuery } from "../records/query-languages";
import { disputeStampEffect, disputeStampsOffered } from "../records/stamps";
import type { AnsweringParts, Operations } from "./operation";

export interface DisputeParts extends AnsweringParts {
  files: FileStore;
}

export function disputeHandlers({ answers, files, links, reps, resources }: DisputeParts): Operations {
  return {
    listDisputes: (ctx) => {
      return answers.queriedCollection(ctx, disputeQuery, resources.disputesOf(ctx.client.merchant), (item) => reps.dispute(item));
    },

    getDispute: (ctx) => answers.success(ctx, reps.dispute(resources.disputes.get(ctx.params.dispute_id)!)),

    addDisputeStamp: (ctx) => {
      const dispute = resources.disputes.get(ctx.params.dispute_id)!;
      const name = ctx.params.stamp_name;
      if (!disputeStampsOffered(dispute.status).includes(name)) {
        return problems.conflict(ctx.problem, `The stamp '${name}' is not offered for a dispute with status '${dispute.status}'.`);
      }
      if (name === "refuted" && !files.ownedBy({ reader: "getDispute", id: dispute.id }).some((f) => f.content !== undefined)) {
        return problems.conflict(ctx.problem, "Attach evidence before refuting the dispute.", {
          files: [`upload at least one evidence file (${links.relationOf("listDisputeFiles")}, then its upload link)`],
        });
      }
      dispute.status = disputeStampEffect.get(name) ?? dispute.status;
      return answers.success(ctx);
    },
  };
}
