/** removeFile: the owner takes an attachment off its draft demand. */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { projectDemandFiles } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { projectMessages as m } from '@shared/validation/projects';
import { ownDraftDemand } from './demand-rows';

/** The attachment leaves the draft demand (404 when it has no such file). */
export async function removeDemandFile(
  ctx: Pick<AppContext, 'db'>,
  user: SessionUser,
  input: { demandId: number; fileId: string },
) {
  await ownDraftDemand(ctx.db, user, input.demandId);
  const removed = await ctx.db
    .delete(projectDemandFiles)
    .where(and(eq(projectDemandFiles.demandId, input.demandId), eq(projectDemandFiles.fileId, input.fileId)))
    .returning({ pkid: projectDemandFiles.pkid });
  if (removed.length === 0) throw new AppError('not_found', { message: m.fileNotFound });
  return null;
}
