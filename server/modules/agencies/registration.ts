/**
 * The agency application as a registration under review (server/modules/review/registration.ts): an
 * agency account registers its organization with the licence and the qualification certificate; the
 * unified social credit code belongs to one agency.
 */
import { agentOrgAttachments, agentOrganizations } from '@server/db/schema';
import { defineRegistration } from '@server/modules/review';
import { auditSubject } from '@shared/domain/statuses';
import { agencyFiles, agencyMessages as m } from '@shared/validation/agencies';

export const agencyRegistration = defineRegistration({
  subjectType: auditSubject.code.agentOrg,
  table: agentOrganizations,
  id: 'organizationId',
  attachments: { table: agentOrgAttachments, owner: 'organizationId' },
  files: agencyFiles,
  unique: { column: agentOrganizations.credential, field: 'credential', message: m.credentialTaken },
  locked: { pending: m.pendingLocked, approved: m.approvedLocked },
});
