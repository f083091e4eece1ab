/** The pages of the credit feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import {
  BlackListDetailPage,
  BlacklistManagementPage,
  BlacklistNotAddPage,
  BlacklistNotListPage,
  BlacklistQueryPage,
  LoseNotPage,
  LosePage,
  PersonnelBlacklistPage,
  PersonnelStaffaddPage,
} from './pages';
import { OrgEvaluatePage } from './score-page';

export const pages: FeaturePages<'credit'> = {
  'credit/lose': LosePage,
  'credit/loseNot': LoseNotPage,
  'blacklist/blacklistManagement': BlacklistManagementPage,
  'blacklist/blacklistNot': BlacklistQueryPage,
  'blacklist/blacklistNotAdd': BlacklistNotAddPage,
  'blacklist/blacklistNotList': BlacklistNotListPage,
  'personnelblacklist/personnelblacklist': PersonnelBlacklistPage,
  'personnelblacklist/blackListDetail': BlackListDetailPage,
  'personnelblacklist/personnelStaffadd': PersonnelStaffaddPage,
  'evaluatemanger/orgEvalute': OrgEvaluatePage,
};
