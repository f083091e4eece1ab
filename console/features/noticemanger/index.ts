/** The noticemanger route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { StatisticalPage } from './statistical-page';

export const pages = {
  statistical: StatisticalPage,
};
