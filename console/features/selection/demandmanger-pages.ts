/** The selection's page of the /demandmanger group (the group's other pages are the projects'). */
import { DemandOptionPage } from './owner-pages';

export const pages = { demandOption: DemandOptionPage };
