/** demandFile: an attachment of a demand, for whoever may see the demand. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { files, projectDemandFiles } from '@server/db/schema';
import { fileToSendColumns, type FileToSend } from '@server/lib/file-response';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m } from '@shared/validation/projects';
import { visibleDemand } from './demand-rows';

/** A demand's attachment for a user who may see the demand (404 otherwise). */
export async function demandFile(
  db: Queryable,
  user: SessionUser,
  demandId: number,
  fileId: string,
): Promise<FileToSend> {
  await visibleDemand(db, user, demandId);
  const [file] = await db
    .select(fileToSendColumns)
    .from(projectDemandFiles)
    .innerJoin(files, eq(files.id, projectDemandFiles.fileId))
    .where(and(eq(projectDemandFiles.demandId, demandId), eq(projectDemandFiles.fileId, fileId)));
  if (!file) throw new AppError('not_found', { message: m.fileNotFound });
  return file;
}
