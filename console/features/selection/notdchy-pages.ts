/** The selection's page of the /notdchy group: an invited agency quotes. */
import { AgencyDemandOptionPage } from './agency-pages';

export const pages = { DemandOption: AgencyDemandOptionPage };
