/**
 * Comments on a resource (a comment context): the collection, reading one, and posting one,
 * whose field-comment tag must name a commentable property of the resource.
 */
import { randomUUID } from "node:crypto";
import type { SandboxClock } from "../../cross-api/clock";
import type { CommentContext, CommentContextName } from "../http/contexts";
import { problems } from "../http/problems";
import { checkFieldTags } from "../records/comments";
import type { Comment } from "../records/resources";
import type { AnsweringParts, Operations } from "./operation";

export interface CommentParts extends AnsweringParts {
  clock: SandboxClock;
  /** The comment contexts the sandbox models, by the `context` path segment. */
  contexts: ReadonlyMap<CommentContextName, CommentContext>;
  /** The prefix of a field-comment tag (`ch-field:`). */
  fieldTagPrefix: string;
}

export function commentHandlers({ answers, clock, contexts, fieldTagPrefix, links, reps, resources }: CommentParts): Operations {
  return {
    listComments: (ctx) => {
      const { context, context_id } = ctx.params;
      const info = contexts.get(context)!;
      return answers.collection(
        ctx,
        resources.commentsOn(ctx.client.merchant, info.get, context_id).map((c) => reps.comment(c)),
        links.relatedById(info.get, context_id),
      );
    },

    createComment: (ctx) => {
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
      const tooLarge = resources.addComment(comment);
      if (tooLarge) return problems.validation(ctx.problem, { body: [tooLarge] }, "The comment is larger than the sandbox keeps.");
      return answers.success(ctx, reps.comment(comment));
    },

    getComment: (ctx) => answers.success(ctx, reps.comment(resources.comments.get(ctx.params.comment_id)!)),
  };
}
