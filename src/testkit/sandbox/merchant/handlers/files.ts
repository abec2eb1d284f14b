/**
 * Files: metadata on the API (owned by the resource the operation's path is under: a person, an
 * application or a dispute), content on the storage host (uploaded there through the file's
 * pre-signed link), downloaded here.
 */
import type { OpenApiDocument } from "../../../openapi-model/document";
import type { SandboxResponse } from "../../listener/messages";
import { ownerOf, type Reader } from "../http/contexts";
import { problems } from "../http/problems";
import type { FileStore } from "../records/files";
import { declaredOnly } from "./declared";
import type { AnsweringParts, OperationContext, Operations } from "./operation";

type FileList = "listPersonFiles" | "listApplicationFiles" | "listDisputeFiles";
type FileCreate = "createPersonFile" | "createApplicationFile" | "createDisputeFile";

export interface FileParts extends AnsweringParts {
  doc: OpenApiDocument;
  files: FileStore;
  /** The reader of each collection, by its path segment: the owner a file operation's path names. */
  readers: ReadonlyMap<string, Reader>;
}

/** The download's disposition: an upload declared as text/html must not render as a page of the API's origin. */
function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileHandlers({ doc, answers, files, links, readers, reps, resources }: FileParts): Operations {
  /** The files of the owner the path names, as the collection the operation names, linking back to the owner. */
  function fileList<K extends FileList>(ctx: OperationContext<K>): SandboxResponse {
    const owner = ownerOf(readers, ctx.route, ctx.params);
    return answers.collection(
      ctx,
      files.ownedBy(owner).map((f) => reps.file(f)),
      links.relatedById(owner.reader, owner.id),
    );
  }

  function fileCreate<K extends FileCreate>(ctx: OperationContext<K>): SandboxResponse {
    return answers.success(
      ctx,
      reps.file(files.create(ctx.client.merchant, ownerOf(readers, ctx.route, ctx.params), declaredOnly(doc, ctx))),
    );
  }

  return {
    listPersonFiles: fileList,
    createPersonFile: fileCreate,
    listApplicationFiles: fileList,
    createApplicationFile: fileCreate,
    listDisputeFiles: fileList,
    createDisputeFile: fileCreate,

    getFile: (ctx) => answers.success(ctx, reps.file(files.get(ctx.params.file_id)!)),

    updateFile: (ctx) => {
      const file = files.get(ctx.params.file_id)!;
      const patch = declaredOnly(doc, ctx);
      if (patch.name !== undefined) file.name = patch.name;
      if (patch.content_type !== undefined) file.content_type = patch.content_type;
      if (patch.size !== undefined) file.size = patch.size;
      return answers.success(ctx, reps.file(file));
    },

    deleteFile: (ctx) => {
      resources.deleteFile(files.get(ctx.params.file_id)!);
      return answers.success(ctx);
    },

    downloadFileContent: (ctx) => {
      const file = files.get(ctx.params.file_id)!;
      if (!file.content) return problems.notFound(ctx.problem, "No content has been uploaded for this file yet.");
      return answers.success(ctx, file.content, { "content-type": file.content_type, "content-disposition": attachment(file.name) });
    },
  };
}
