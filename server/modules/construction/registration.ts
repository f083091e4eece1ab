/**
 * A construction unit's verification as a registration under review
 * (server/modules/review/registration.ts): an owner account registers its unit with the business
 * licence; the unified social credit code belongs to one unit; a new unit changes the hall home's
 * count of construction units.
 */
import { constructionUnitAttachments, constructionUnits } from '@server/db/schema';
import { defineRegistration } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import { constructionFiles, constructionMessages as m } from '@shared/validation/construction';

export const unitRegistration = defineRegistration({
  subjectType: auditSubject.code.constructionUnit,
  table: constructionUnits,
  id: 'constructionId',
  attachments: { table: constructionUnitAttachments, owner: 'constructionId' },
  files: constructionFiles,
  unique: { column: constructionUnits.creditCode, field: 'creditCode', message: m.creditCodeTaken },
  locked: { pending: m.pendingLocked, approved: m.approvedLocked },
  pagesOnCreate: ['statistics'],
});
