/** The pages of the agencies feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { ContractDownPage } from './contract-down-page';
import { ChangeApplyPage, ChangeDetailPage, ChangeTodoPage, OwnChangesPage } from './change-pages';
import { DishonestPage } from './dishonest-page';
import { ContactPage, OrgConnectPage, PassRatePage } from './org-hub-pages';
import { ApplyPage } from './apply-page';
import { AgencyReviewPage } from './review-page';
import { AgencyDonePage, AgencyQueryPage, AgencyTodoPage, OwnerAgencyPage } from './review-lists';
import { OwnApplicationPage } from './own-status-page';

export const pages: FeaturePages<'agencies'> = {
  'intermediary/orglist': AgencyTodoPage,
  'intermediary/informationReviewShow': AgencyReviewPage,
  'intermediary/orgManageDetail': AgencyReviewPage,
  'intermediary/orgdetail': AgencyReviewPage,
  'intermediary/orgdonelist': AgencyDonePage,
  'intermediary/orgquery': AgencyQueryPage,
  'intermediary/orgupdate': ApplyPage,
  'intermediary/OrgChange': ChangeTodoPage,
  'intermediary/OrgChangeInfo': ChangeDetailPage,
  'intermediary/dishonest': DishonestPage,
  'intermediary/orgpassrate': PassRatePage,
  'intermediary/contactManageDetail': ContactPage,
  'intermediary/OrgListConnect': OrgConnectPage,
  'intermediary/contractDownList': ContractDownPage,
  'usercenter/orgapply': ApplyPage,
  'usercenter/orgdone': OwnApplicationPage,
  'usercenter/OrgChangeApply': ChangeApplyPage,
  'usercenter/OrgChangeDone': OwnChangesPage,
  'usercenter/OrgChangeDetail': ChangeDetailPage,
  'usercenter/agency': OwnerAgencyPage,
  'usercenter/agencyDetiles': AgencyReviewPage,
};
