/**
 * Comments on a resource (a comment context): the collection, reading one, and posting one,
 * whose field-comment tag must name a commentable property of the resource.
 */
import { randomUUID } from "node:crypto";
import { checkFieldTags } from "../comments";
import type { Operations, Schemas } from "../operation";
import { problems } from "../problems";
import type { Comment } from "../resources";

export const commentHandlers: Operations = {
  listComments: (ctx, { answers, contexts, links, reps, resources }) => {
    const { context, context_id } = ctx.params as { context: string; context_id: string };
    const info = contexts.get(context)!;
    return answers.collection(ctx, "ch:comments", resources.commentsOn(context, context_id).map((c) => reps.comment(c)), links.href("listComments", ctx.params), {
      [info.rel]: links.link(info.get, { [info.param]: context_id }),
    });
  },

  createComment: (ctx, { answers, clock, contexts, reps, resources }) => {
    const { context, context_id } = ctx.params as { context: string; context_id: string };
    const body = ctx.body as Schemas["CommentCreate"];
    const info = contexts.get(context)!;
    const refusal = checkFieldTags(body.tags, info.commentable, info.name);
    if (refusal) return problems.validation(ctx.problem, { tags: [refusal] }, "The comment's tags are not acceptable.");
    const comment: Comment = {
      id: randomUUID(),
      context,
      contextId: context_id,
      body: body.body,
      ...(body.tags ? { tags: body.tags } : {}),
      createdAt: clock.now(),
      author: { ...(ctx.client?.client_name ? { name: ctx.client.client_name } : {}), ...(ctx.client?.contacts?.[0] ? { email: ctx.client.contacts[0] } : {}) },
    };
    resources.comments.set(comment.id, comment);
    return answers.created(ctx, reps.comment(comment));
  },

  getComment: (ctx, { answers, reps, resources }) => answers.hal(ctx, 200, reps.comment(resources.comments.get(ctx.params.comment_id!)!)),
};
