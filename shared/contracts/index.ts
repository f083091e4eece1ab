/**
 * Every domain's calls, for the server's mount list test and the OpenAPI document. Browser code
 * imports the one domain file it needs instead, so a page does not carry every schema.
 */
import { agencyCalls, agencyChangeCalls } from './agencies';
import { authChangeCalls, authorizationCalls } from './authorizations';
import { auditUserCalls } from './audit-users';
import { auditOpinionCalls } from './audit-opinions';
import { casCheckCalls, casProtocolCalls, casServiceCalls } from './cas';
import { constructionExportCalls } from './construction-export';
import { constructionCalls } from './construction';
import { contractFilingCalls } from './contract-filing';
import { contractCalls, contractChangeCalls, contractFlowCalls } from './contracts';
import { creditCalls } from './credit';
import { downloadCalls } from './downloads';
import { hallCalls } from './hall';
import { jobCalls } from './jobs';
import { deadlineCalls } from './deadlines';
import { dockingCalls } from './docking';
import { satisfactionCalls } from './satisfaction';
import { casCalls, entryCalls, serviceCalls, userCalls } from './identity';
import { messageCalls } from './messages';
import { noticeCalls } from './notices';
import { caseCalls, offlineCalls } from './offline';
import { projectCalls } from './projects';
import { selectionCalls } from './selection';
import { staffCalls, staffChangeCalls, staffFileCalls } from './staff';

export const allCalls = [
  casCalls,
  casProtocolCalls,
  casCheckCalls,
  casServiceCalls,
  userCalls,
  serviceCalls,
  entryCalls,
  hallCalls,
  noticeCalls,
  downloadCalls,
  messageCalls,
  auditOpinionCalls,
  jobCalls,
  deadlineCalls,
  dockingCalls,
  satisfactionCalls,
  creditCalls,
  staffCalls,
  staffChangeCalls,
  staffFileCalls,
  agencyCalls,
  agencyChangeCalls,
  auditUserCalls,
  constructionExportCalls,
  contractCalls,
  contractFilingCalls,
  contractChangeCalls,
  contractFlowCalls,
  constructionCalls,
  selectionCalls,
  projectCalls,
  authorizationCalls,
  authChangeCalls,
  offlineCalls,
  caseCalls,
] as const;
