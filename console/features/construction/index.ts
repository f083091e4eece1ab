/** The construction route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { UnitUpdatePage } from './update-page';

export const pages = { update: UnitUpdatePage };
