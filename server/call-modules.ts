/**
 * Every domain's calls with their handlers: the one list of call modules (decision 0009). createApp
 * mounts it, the OpenAPI document (`/api-docs`) and the call walk read it. A new domain's calls
 * (shared/calls/<domain>.ts, implemented in server/modules/<domain>/routes.ts) are added here and
 * their operations to server/modules/api-docs/operations.txt.
 */
import type { CallModule } from './lib/calls';
import { agencyChangeRoutes, agencyRoutes } from '@server/modules/agencies';
import { archiveRoutes } from '@server/modules/archive';
import { auditUserRoutes } from '@server/modules/audit-users';
import { auditOpinionRoutes } from '@server/modules/audit-opinions';
import {
  casCheckRoutes,
  casProtocolRoutes,
  casServiceRoutes,
  casRoutes,
  entryRoutes,
  serviceRoutes,
  userRoutes,
} from '@server/modules/identity';
import { constructionExportRoutes, constructionRoutes } from '@server/modules/construction';
import {
  contractFilingRoutes,
  contractChangeRoutes,
  contractFlowRoutes,
  contractRoutes,
} from '@server/modules/contracts';
import { creditRoutes } from '@server/modules/credit';
import { downloadRoutes } from '@server/modules/downloads';
import { electronicsRoutes } from '@server/modules/electronics';
import { hallRoutes } from '@server/modules/hall';
import { inspectionRoutes } from '@server/modules/inspections';
import { interfaceRoutes } from '@server/modules/interfaces';
import { jobRoutes } from '@server/modules/jobs';
import { deadlineRoutes } from '@server/modules/deadlines';
import { dockingRoutes } from '@server/modules/docking';
import { satisfactionRoutes } from '@server/modules/satisfaction';
import { evaluationRoutes } from '@server/modules/evaluations';
import { feedbackRoutes } from '@server/modules/feedback';
import { messageRoutes } from '@server/modules/messages';
import { noticeRoutes } from '@server/modules/notices';
import { caseRoutes, offlineRoutes } from '@server/modules/offline';
import { certificateRoutes } from '@server/modules/certificates';
import { authChangeRoutes, authorizationRoutes } from '@server/modules/authorizations';
import { projectRoutes } from '@server/modules/projects';
import { queryRoutes } from '@server/modules/queries';
import { reportingRoutes } from '@server/modules/reporting';
import { oversightRoutes, reviewRoutes } from '@server/modules/review';
import {
  acceptanceRoutes,
  catalogueRoutes,
  districtResultRoutes,
  projectHistoryRoutes,
  resultRoutes,
  workflowRoutes,
} from '@server/modules/results';
import { selectionRoutes } from '@server/modules/selection';
import { sharingRoutes } from '@server/modules/sharing';
import { staffChangeRoutes, staffFileRoutes, staffRoutes } from '@server/modules/staff';
import { workbenchRoutes } from '@server/modules/workbench';
import { archiveFolders } from './archive-folders';
import { reviewItemSources } from './review-hooks';
import { workSources } from './work-sources';

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
  evaluationRoutes,
  feedbackRoutes,
  creditRoutes,
  inspectionRoutes,
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
  interfaceRoutes,
  offlineRoutes,
  caseRoutes,
  catalogueRoutes,
  resultRoutes,
  acceptanceRoutes,
  projectHistoryRoutes,
  districtResultRoutes,
  workflowRoutes,
  certificateRoutes,
  electronicsRoutes,
  sharingRoutes,
  queryRoutes,
  reviewRoutes,
  archiveRoutes(archiveFolders),
  workbenchRoutes(workSources),
  oversightRoutes(reviewItemSources),
  reportingRoutes,
];

/** The declared calls of every module, by domain (the OpenAPI document's input). */
export const declaredCalls = callModules.map((module) => module.calls);
