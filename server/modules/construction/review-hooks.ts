/**
 * What review decisions do to a construction unit's rows (server/modules/review/hooks.ts): a
 * verification's status is mirrored into construction_units.audit_status, as every registration's
 * (server/modules/review/registration.ts); an approved change request writes its copy over the unit.
 */
import { eq } from 'drizzle-orm';
import { constructionUnitChanges, constructionUnits } from '@server/db/schema';
import { registrantReview, type ChangeTable, type ReviewHookContext } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import { unitRegistration } from './registration';

export const unitChanges: ChangeTable<typeof constructionUnitChanges> = {
  subjectType: auditSubject.code.unitChange,
  table: constructionUnitChanges,
  subjectId: constructionUnitChanges.constructionId,
};

/** An approved unit change writes its copy of the fields over the unit. */
async function applyUnitChange(hook: ReviewHookContext, change: typeof constructionUnitChanges.$inferSelect) {
  await hook.tx
    .update(constructionUnits)
    .set({ ...change.data, updatedAt: hook.at })
    .where(eq(constructionUnits.constructionId, change.constructionId));
}

/** Construction units and their change requests as review items (server/db/review-items.ts) and hooks. */
export const { items: constructionReviewItems, hooks: constructionReviewHooks } = registrantReview(
  unitRegistration,
  constructionUnits.name,
  unitChanges,
  applyUnitChange,
);
