/**
 * Files: metadata on the API (owned by a person, an application or a dispute), content on the
 * storage host (uploaded there through the file's pre-signed link), downloaded here.
 */
import type { SandboxResponse } from "../../http";
import { pickDeclared } from "../../validation";
import { fileOwners } from "../contexts";
import type { OperationContext, OperationId, Operations, Schemas } from "../operation";
import { problems } from "../problems";
import { requestSchema } from "../spec-facts";
import type { MerchantState } from "../state";

/** The files of one owner, as the collection the operation names. */
function fileList(ctx: OperationContext, sandbox: MerchantState, list: OperationId, kind: string, id: string): SandboxResponse {
  const { answers, files, links, reps } = sandbox;
  const owner = fileOwners.get(kind)!;
  return answers.collection(ctx, "ch:files", files.ownedBy({ kind, id }).map((f) => reps.file(f)), links.href(list, ctx.params), {
    [owner.rel]: links.link(owner.get, { [owner.param]: id }),
  });
}

function fileCreate(ctx: OperationContext, { doc, answers, files, reps }: MerchantState, kind: string, id: string): SandboxResponse {
  const fields = pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["FileCreate"];
  return answers.created(ctx, reps.file(files.create({ kind, id }, fields)));
}

/** The download's disposition: an upload declared as text/html must not render as a page of the API's origin. */
function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileHandlers: Operations = {
  listPersonFiles: (ctx, sandbox) => fileList(ctx, sandbox, "listPersonFiles", "people", ctx.params.person_id!),
  createPersonFile: (ctx, sandbox) => fileCreate(ctx, sandbox, "people", ctx.params.person_id!),
  listApplicationFiles: (ctx, sandbox) => fileList(ctx, sandbox, "listApplicationFiles", "applications", ctx.params.application_id!),
  createApplicationFile: (ctx, sandbox) => fileCreate(ctx, sandbox, "applications", ctx.params.application_id!),
  listDisputeFiles: (ctx, sandbox) => fileList(ctx, sandbox, "listDisputeFiles", "disputes", ctx.params.dispute_id!),
  createDisputeFile: (ctx, sandbox) => fileCreate(ctx, sandbox, "disputes", ctx.params.dispute_id!),

  getFile: (ctx, { answers, files, reps }) => answers.hal(ctx, 200, reps.file(files.get(ctx.params.file_id!)!)),

  updateFile: (ctx, { doc, answers, files, reps }) => {
    const file = files.get(ctx.params.file_id!)!;
    const patch = pickDeclared(doc, requestSchema(doc, ctx.route), ctx.body) as Schemas["FileUpdate"];
    if (patch.name !== undefined) file.name = patch.name;
    if (patch.content_type !== undefined) file.content_type = patch.content_type;
    if (patch.size !== undefined) file.size = patch.size;
    return answers.hal(ctx, 200, reps.file(file));
  },

  deleteFile: (ctx, { answers, files }) => {
    files.delete(ctx.params.file_id!);
    return answers.noContent(ctx);
  },

  downloadFileContent: (ctx, { files }) => {
    const file = files.get(ctx.params.file_id!)!;
    if (!file.content) return problems.notFound(ctx.problem, "No content has been uploaded for this file yet.");
    return { status: 200, headers: { ...ctx.problem.headers, "content-type": file.content_type, "content-disposition": attachment(file.name) }, body: file.content };
  },
};
