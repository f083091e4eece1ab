/** The usercenter route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ChangeApplyPage, ChangeDetailPage, OwnChangesPage } from '@console/features/agencies/change-pages';
import { OwnerAgencyPage } from '@console/features/agencies/review-lists';
import { AgencyReviewPage } from '@console/features/agencies/review-page';
import { ApplyPage } from '@console/features/agencies/apply-page';
import { OwnApplicationPage } from '@console/features/agencies/own-status-page';

export const pages = {
  orgapply: ApplyPage,
  orgdone: OwnApplicationPage,
  OrgChangeApply: ChangeApplyPage,
  OrgChangeDone: OwnChangesPage,
  OrgChangeDetail: ChangeDetailPage,
  agency: OwnerAgencyPage,
  agencyDetiles: AgencyReviewPage,
};
