/** A file a docked project brought, downloaded by a supervisor. */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { dockedProjectFiles, dockedProjects, files } from '@server/db/schema';
import { fileResponse, fileToSendColumns, privately } from '@server/lib/file-response';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m } from '@shared/validation/docking';

/** The docked project's file of `type`, as an attachment never cached (404 when missing or deleted). */
export async function dockedFileResponse(ctx: Pick<AppContext, 'db' | 'storage'>, id: number, type: string) {
  const [file] = await ctx.db
    .select(fileToSendColumns)
    .from(dockedProjectFiles)
    .innerJoin(dockedProjects, eq(dockedProjects.pkid, dockedProjectFiles.dockedId))
    .innerJoin(files, eq(files.id, dockedProjectFiles.fileId))
    .where(
      and(
        eq(dockedProjectFiles.dockedId, id),
        eq(dockedProjectFiles.type, type),
        isNull(dockedProjects.deletedAt),
      ),
    );
  if (!file) throw new AppError('not_found', { message: m.fileNotFound });
  return privately(await fileResponse(ctx.storage, file, 'attachment'));
}
