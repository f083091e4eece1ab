/** The personnelblacklist route group's pages (/personnelblacklist). */
import { PersonnelBlacklistPage } from './pages';

export const pages = {
  personnelblacklist: PersonnelBlacklistPage,
};
