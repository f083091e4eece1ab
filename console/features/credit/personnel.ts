/** The personnelblacklist route group's pages (/personnelblacklist). */
import { BlackListDetailPage, PersonnelBlacklistPage, PersonnelStaffaddPage } from './pages';

export const pages = {
  personnelblacklist: PersonnelBlacklistPage,
  blackListDetail: BlackListDetailPage,
  personnelStaffadd: PersonnelStaffaddPage,
};
