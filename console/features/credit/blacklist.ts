/** The blacklist route group's pages (/blacklist). */
import { BlacklistManagementPage, BlacklistQueryPage } from './pages';

export const pages = {
  blacklistManagement: BlacklistManagementPage,
  blacklistNot: BlacklistQueryPage,
};
