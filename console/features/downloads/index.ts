/** The downLoad route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { ServicePage } from './service-page';

export const pages = {
  service: ServicePage,
};
