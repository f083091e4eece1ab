/**
 * Every domain's calls with their handlers, mounted by createApp. A domain added to
 * shared/contracts/index.ts (allCalls) must appear here too: server/modules/api-docs/api-docs.test.ts
 * fails when a declared call is not mounted or a mounted one is not declared.
 */
import type { CallModule } from './lib/contracts';
import { agencyChangeRoutes, agencyRoutes } from './modules/agencies/routes';
import { auditUserRoutes } from './modules/audit-users/routes';
import { auditOpinionRoutes } from './modules/audit-opinions/routes';
import { casCheckRoutes, casProtocolRoutes, casServiceRoutes } from './modules/cas/routes';
import { constructionExportRoutes } from './modules/construction-export/routes';
import { constructionRoutes } from './modules/construction/routes';
import { contractFilingRoutes } from './modules/contracts/filing-routes';
import { contractChangeRoutes, contractFlowRoutes } from './modules/contracts/change-routes';
import { contractRoutes } from './modules/contracts/routes';
import { creditRoutes } from './modules/credit/routes';
import { downloadRoutes } from './modules/downloads/routes';
import { hallRoutes } from './modules/hall/routes';
import { casRoutes, entryRoutes, serviceRoutes, userRoutes } from './modules/identity/routes';
import { jobRoutes } from './modules/jobs/routes';
import { deadlineRoutes } from './modules/deadlines/routes';
import { dockingRoutes } from './modules/docking/routes';
import { satisfactionRoutes } from './modules/satisfaction/routes';
import { messageRoutes } from './modules/messages/routes';
import { noticeRoutes } from './modules/notices/routes';
import { caseRoutes, offlineRoutes } from './modules/offline/routes';
import { authChangeRoutes, authorizationRoutes } from './modules/projects/authorization-routes';
import { projectRoutes } from './modules/projects/routes';
import { selectionRoutes } from './modules/selection/routes';
import { staffChangeRoutes, staffFileRoutes, staffRoutes } from './modules/staff/routes';

export const callModules: readonly CallModule[] = [
  casRoutes,
  casProtocolRoutes,
  casCheckRoutes,
  casServiceRoutes,
  userRoutes,
  serviceRoutes,
  entryRoutes,
  hallRoutes,
  noticeRoutes,
  downloadRoutes,
  messageRoutes,
  auditOpinionRoutes,
  jobRoutes,
  deadlineRoutes,
  satisfactionRoutes,
  creditRoutes,
  staffRoutes,
  staffChangeRoutes,
  staffFileRoutes,
  agencyRoutes,
  agencyChangeRoutes,
  contractRoutes,
  contractFilingRoutes,
  contractChangeRoutes,
  contractFlowRoutes,
  auditUserRoutes,
  constructionExportRoutes,
  constructionRoutes,
  selectionRoutes,
  projectRoutes,
  authorizationRoutes,
  authChangeRoutes,
  dockingRoutes,
  offlineRoutes,
  caseRoutes,
];
