/** The blacklist route group's pages (/blacklist). */
import {
  BlacklistManagementPage,
  BlacklistNotAddPage,
  BlacklistNotListPage,
  BlacklistQueryPage,
} from './pages';

export const pages = {
  blacklistManagement: BlacklistManagementPage,
  blacklistNot: BlacklistQueryPage,
  blacklistNotAdd: BlacklistNotAddPage,
  blacklistNotList: BlacklistNotListPage,
};
