/** The credit route group's pages (/credit). */
import { LoseNotPage, LosePage } from './pages';

export const pages = {
  lose: LosePage,
  loseNot: LoseNotPage,
};
