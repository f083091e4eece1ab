/** submitFile: the owner attaches a file to its draft demand. */
import type { AppContext } from '@server/app-context';
import { projectDemandFiles } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { storeUploadedFile } from '@server/storage/uploads';
import { documentExtensions } from '@shared/validation/upload';
import { ownDraftDemand } from './demand-rows';

/** One attachment of a draft demand, under the upload rules (documents and images). */
export async function addDemandFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: SessionUser,
  input: { demandId: number; file: File },
) {
  await ownDraftDemand(ctx.db, user, input.demandId);
  const stored = await storeUploadedFile(ctx, input.file, documentExtensions, user.pkid, {
    field: 'file',
    contentMustMatch: true,
  });
  await ctx.db.insert(projectDemandFiles).values({ demandId: input.demandId, fileId: stored.fileId });
  return stored;
}
