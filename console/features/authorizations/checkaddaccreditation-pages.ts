/** The checkaddaccreditation route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { AllAuthorizationsPage } from './authorization-pages';
import { CheckPage } from './change-pages';

export const pages = { check: CheckPage, DemandList: AllAuthorizationsPage };
