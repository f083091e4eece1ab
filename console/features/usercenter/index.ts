/** The usercenter route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ApplyPage } from '@console/features/agencies/apply-page';
import { OwnApplicationPage } from '@console/features/agencies/own-status-page';

export const pages = {
  orgapply: ApplyPage,
  orgdone: OwnApplicationPage,
};
