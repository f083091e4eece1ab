/** The demands' page of the /notdchy group: the owner's 需求发布 (release with the selection method). */
import { DemandReleasePage } from './demand-release-page';

export const pages = { DemandRelease: DemandReleasePage };
