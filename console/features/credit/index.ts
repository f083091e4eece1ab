/** The pages of the credit feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'credit'> = {
  'credit/lose': () => import('./pages').then((module) => module.LosePage),
  'credit/loseNot': () => import('./pages').then((module) => module.LoseNotPage),
  'blacklist/blacklistManagement': () => import('./pages').then((module) => module.BlacklistManagementPage),
  'blacklist/blacklistNot': () => import('./pages').then((module) => module.BlacklistQueryPage),
  'blacklist/blacklistNotAdd': () => import('./pages').then((module) => module.BlacklistNotAddPage),
  'blacklist/blacklistNotList': () => import('./pages').then((module) => module.BlacklistNotListPage),
  'personnelblacklist/personnelblacklist': () =>
    import('./pages').then((module) => module.PersonnelBlacklistPage),
  'personnelblacklist/blackListDetail': () => import('./pages').then((module) => module.BlackListDetailPage),
  'personnelblacklist/personnelStaffadd': () =>
    import('./pages').then((module) => module.PersonnelStaffaddPage),
  'evaluatemanger/orgEvalute': () => import('./score-page').then((module) => module.OrgEvaluatePage),
};
