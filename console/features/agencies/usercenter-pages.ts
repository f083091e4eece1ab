/** The usercenter route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ChangeApplyPage, ChangeDetailPage, OwnChangesPage } from './change-pages';
import { OwnerAgencyPage } from './review-lists';
import { AgencyReviewPage } from './review-page';
import { ApplyPage } from './apply-page';
import { OwnApplicationPage } from './own-status-page';

export const pages = {
  orgapply: ApplyPage,
  orgdone: OwnApplicationPage,
  OrgChangeApply: ChangeApplyPage,
  OrgChangeDone: OwnChangesPage,
  OrgChangeDetail: ChangeDetailPage,
  agency: OwnerAgencyPage,
  agencyDetiles: AgencyReviewPage,
};
