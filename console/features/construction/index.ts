/** The pages of the construction feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'construction'> = {
  'construction/update': () => import('./update-page').then((module) => module.UnitUpdatePage),
  'usercenter/jsdwVerifyInfo': () => import('./verify-pages').then((module) => module.UnitInfoPage),
  'usercenter/jsdwVerify': () => import('./verify-pages').then((module) => module.UnitTodoPage),
  'usercenter/jsdwVerifyDone': () => import('./verify-pages').then((module) => module.UnitDonePage),
};
