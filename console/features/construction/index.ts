/** The pages of the construction feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { UnitUpdatePage } from './update-page';
import { UnitDonePage, UnitInfoPage, UnitTodoPage } from './verify-pages';

export const pages: FeaturePages<'construction'> = {
  'construction/update': UnitUpdatePage,
  'usercenter/jsdwVerifyInfo': UnitInfoPage,
  'usercenter/jsdwVerify': UnitTodoPage,
  'usercenter/jsdwVerifyDone': UnitDonePage,
};
