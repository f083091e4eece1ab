/**
 * A case's archive folder (`case:<caseId>`, docs/archive.md): the files of a survey case (办件), shown
 * on /workflow/myDetials. Whoever sees the case reads them; its agency and the staff assigned to it
 * upload.
 */
import type { ArchiveFolderKind } from '@server/modules/archive';
import { canSeeCase, worksOnCase } from './case-service';

const caseIdOf = (folderId: string): number | null => (/^\d{1,9}$/.test(folderId) ? Number(folderId) : null);

export const caseArchiveFolder: ArchiveFolderKind = {
  kind: 'case',
  label: '办件档案',
  async canRead({ db, user, folderId }) {
    const caseId = caseIdOf(folderId);
    return caseId !== null && canSeeCase(db, user, caseId);
  },
  async canWrite({ db, user, folderId }) {
    const caseId = caseIdOf(folderId);
    return caseId !== null && worksOnCase(db, user, caseId);
  },
};
