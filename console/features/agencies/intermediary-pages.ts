/** The intermediary route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ContractDownPage } from './contract-down-page';
import { ChangeDetailPage, ChangeTodoPage } from './change-pages';
import { DishonestPage } from './dishonest-page';
import { ContactPage, OrgConnectPage, PassRatePage } from './org-hub-pages';
import { ApplyPage } from './apply-page';
import { AgencyReviewPage } from './review-page';
import { AgencyDonePage, AgencyQueryPage, AgencyTodoPage } from './review-lists';

export const pages = {
  orglist: AgencyTodoPage,
  informationReviewShow: AgencyReviewPage,
  orgManageDetail: AgencyReviewPage,
  orgdetail: AgencyReviewPage,
  orgdonelist: AgencyDonePage,
  orgquery: AgencyQueryPage,
  orgupdate: ApplyPage,
  OrgChange: ChangeTodoPage,
  OrgChangeInfo: ChangeDetailPage,
  dishonest: DishonestPage,
  orgpassrate: PassRatePage,
  contactManageDetail: ContactPage,
  OrgListConnect: OrgConnectPage,
  contractDownList: ContractDownPage,
};
