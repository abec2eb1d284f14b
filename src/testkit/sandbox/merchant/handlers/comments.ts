/**
 * Comments on a resource (a comment context): the collection, reading one, and posting one,
 * whose field-comment tag must name a commentable property of the resource.
 */
import { randomUUID } from "node:crypto";
import { checkFieldTags } from "../records/comments";
import type { Operations } from "./operation";
import { problems } from "../http/problems";
import type { Comment } from "../records/resources";

export const commentHandlers: Operations = {
  listComments: (ctx, { answers, contexts, links, reps, resources }) => {
    const { context, context_id } = ctx.params;
    const info = contexts.get(context)!;
    return answers.collection(
      ctx,
      resources.commentsOn(ctx.client.merchant, info.get, context_id).map((c) => reps.comment(c)),
      links.relatedById(info.get, context_id),
    );
  },

  createComment: (ctx, { answers, clock, contexts, fieldTagPrefix, reps, resources }) => {
    const { context, context_id } = ctx.params;
    const { body } = ctx;
    const info = contexts.get(context)!;
    const refusal = checkFieldTags(body.tags, fieldTagPrefix, info.commentable, info.name);
    if (refusal) return problems.validation(ctx.problem, { tags: [refusal] }, "The comment's tags are not acceptable.");
    const comment: Comment = {
      id: randomUUID(),
      merchant: ctx.client.merchant,
      context: info.get,
      contextId: context_id,
      body: body.body,
      ...(body.tags ? { tags: body.tags } : {}),
      createdAt: clock.now(),
      author: {
        ...(ctx.client.client_name ? { name: ctx.client.client_name } : {}),
        ...(ctx.client.contacts?.[0] ? { email: ctx.client.contacts[0] } : {}),
      },
    };
    resources.addComment(comment);
    return answers.success(ctx, reps.comment(comment));
  },

  getComment: (ctx, { answers, reps, resources }) => answers.success(ctx, reps.comment(resources.comments.get(ctx.params.comment_id)!)),
};
