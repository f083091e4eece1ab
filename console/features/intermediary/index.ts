/** The intermediary route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ChangeDetailPage, ChangeTodoPage } from '@console/features/agencies/change-pages';
import { DishonestPage } from '@console/features/agencies/dishonest-page';
import { ApplyPage } from '@console/features/agencies/apply-page';
import { AgencyReviewPage } from '@console/features/agencies/review-page';
import { AgencyDonePage, AgencyQueryPage, AgencyTodoPage } from '@console/features/agencies/review-lists';

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
};
