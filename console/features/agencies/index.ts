/** The pages of the agencies feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'agencies'> = {
  'intermediary/orglist': () => import('./review-lists').then((module) => module.AgencyTodoPage),
  'intermediary/informationReviewShow': () =>
    import('./review-page').then((module) => module.AgencyReviewPage),
  'intermediary/orgManageDetail': () => import('./review-page').then((module) => module.AgencyReviewPage),
  'intermediary/orgdetail': () => import('./review-page').then((module) => module.AgencyReviewPage),
  'intermediary/orgdonelist': () => import('./review-lists').then((module) => module.AgencyDonePage),
  'intermediary/orgquery': () => import('./review-lists').then((module) => module.AgencyQueryPage),
  'intermediary/orgupdate': () => import('./apply-page').then((module) => module.ApplyPage),
  'intermediary/OrgChange': () => import('./change-pages').then((module) => module.ChangeTodoPage),
  'intermediary/OrgChangeInfo': () => import('./change-pages').then((module) => module.ChangeDetailPage),
  'intermediary/dishonest': () => import('./dishonest-page').then((module) => module.DishonestPage),
  'intermediary/orgpassrate': () => import('./org-hub-pages').then((module) => module.PassRatePage),
  'intermediary/contactManageDetail': () => import('./org-hub-pages').then((module) => module.ContactPage),
  'intermediary/OrgListConnect': () => import('./org-hub-pages').then((module) => module.OrgConnectPage),
  'intermediary/contractDownList': () =>
    import('./contract-down-page').then((module) => module.ContractDownPage),
  'usercenter/orgapply': () => import('./apply-page').then((module) => module.ApplyPage),
  'usercenter/orgdone': () => import('./own-status-page').then((module) => module.OwnApplicationPage),
  'usercenter/OrgChangeApply': () => import('./change-pages').then((module) => module.ChangeApplyPage),
  'usercenter/OrgChangeDone': () => import('./change-pages').then((module) => module.OwnChangesPage),
  'usercenter/OrgChangeDetail': () => import('./change-pages').then((module) => module.ChangeDetailPage),
  'usercenter/agency': () => import('./review-lists').then((module) => module.OwnerAgencyPage),
  'usercenter/agencyDetiles': () => import('./review-page').then((module) => module.AgencyReviewPage),
};
