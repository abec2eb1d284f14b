/**
 * Files: metadata on the API (owned by the resource the operation's path is under: a person, an
 * application or a dispute), content on the storage host (uploaded there through the file's
 * pre-signed link), downloaded here.
 */
import type { SandboxResponse } from "../../listener/http";
import { ownerOf } from "../http/contexts";
import { declaredOnly } from "./declared";
import type { OperationContext, Operations } from "./operation";
import { problems } from "../http/problems";
import type { MerchantState } from "../state";

type FileList = "listPersonFiles" | "listApplicationFiles" | "listDisputeFiles";
type FileCreate = "createPersonFile" | "createApplicationFile" | "createDisputeFile";

/** The files of the owner the path names, as the collection the operation names, linking back to the owner. */
function fileList<K extends FileList>(ctx: OperationContext<K>, sandbox: MerchantState): SandboxResponse {
  const { answers, files, links, readers, reps } = sandbox;
  const owner = ownerOf(readers, ctx.route, ctx.params);
  return answers.collection(
    ctx,
    files.ownedBy(owner).map((f) => reps.file(f)),
    links.relatedById(owner.reader, owner.id),
  );
}

function fileCreate<K extends FileCreate>(ctx: OperationContext<K>, sandbox: MerchantState): SandboxResponse {
  const { answers, files, readers, reps } = sandbox;
  return answers.success(
    ctx,
    reps.file(files.create(ctx.client.merchant, ownerOf(readers, ctx.route, ctx.params), declaredOnly(sandbox, ctx))),
  );
}

/** The download's disposition: an upload declared as text/html must not render as a page of the API's origin. */
function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileHandlers: Operations = {
  listPersonFiles: fileList,
  createPersonFile: fileCreate,
  listApplicationFiles: fileList,
  createApplicationFile: fileCreate,
  listDisputeFiles: fileList,
  createDisputeFile: fileCreate,

  getFile: (ctx, { answers, files, reps }) => answers.success(ctx, reps.file(files.get(ctx.params.file_id)!)),

  updateFile: (ctx, sandbox) => {
    const { answers, files, reps } = sandbox;
    const file = files.get(ctx.params.file_id)!;
    const patch = declaredOnly(sandbox, ctx);
    if (patch.name !== undefined) file.name = patch.name;
    if (patch.content_type !== undefined) file.content_type = patch.content_type;
    if (patch.size !== undefined) file.size = patch.size;
    return answers.success(ctx, reps.file(file));
  },

  deleteFile: (ctx, { answers, files, resources }) => {
    resources.deleteFile(files.get(ctx.params.file_id)!);
    return answers.success(ctx);
  },

  downloadFileContent: (ctx, { answers, files }) => {
    const file = files.get(ctx.params.file_id)!;
    if (!file.content) return problems.notFound(ctx.problem, "No content has been uploaded for this file yet.");
    return answers.success(ctx, file.content, { "content-type": file.content_type, "content-disposition": attachment(file.name) });
  },
};
