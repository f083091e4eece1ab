/**
 * A result item's archive folder (`result:<resultId>`, docs/archive.md, docs/results.md): the files
 * the agency uploads for one catalogue entry of a project through the chunked upload. Whoever may see
 * the project's results reads it; the authorized agency and its assigned staff write it while the item
 * may change, in the formats of its catalogue entry; every stored file is attached to the item
 * (`attachResultFile`, in the merge's transaction: a refusal there refuses the merge).
 */
import type { ArchiveFolderKind } from '@server/modules/archive';
import { AppError } from '@shared/errors/app-error';
import { projectOfResult, resultItemsOf } from './project';
import { attachResultFile, changeableItemOf } from './submission';

const resultIdOf = (folderId: string): number | null =>
  /^\d{1,9}$/.test(folderId) ? Number(folderId) : null;

/** Whether the check passes; a refusal (404, 403, 409) is a no. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

export const resultArchiveFolder: ArchiveFolderKind = {
  kind: 'result',
  label: '测绘成果',
  async canRead({ db, user, folderId }) {
    const resultId = resultIdOf(folderId);
    return resultId !== null && passes(() => projectOfResult(db, user, resultId, 'read'));
  },
  async canWrite({ db, user, folderId }) {
    const resultId = resultIdOf(folderId);
    return resultId !== null && passes(() => changeableItemOf(db, user, resultId));
  },
  async formats({ db, user, folderId }) {
    const resultId = resultIdOf(folderId);
    if (resultId === null) return [];
    const ref = await projectOfResult(db, user, resultId, 'read');
    const [item] = await resultItemsOf(db, ref, [resultId]);
    return item?.formats ?? [];
  },
  async onStored({ db, user, folderId, file, at }) {
    const resultId = resultIdOf(folderId);
    if (resultId === null) throw new AppError('not_found', { message: '成果不存在' });
    await attachResultFile(db, resultId, file.fileId, user, at);
  },
};
