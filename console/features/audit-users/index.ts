/** The pages of the audit-users feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'audit-users'> = {
  'audituser/agentorg_audit_users': () =>
    import('./audit-users-page').then((module) => module.AgencyAuditUsersPage),
  'audituser/contract_audit_users': () =>
    import('./audit-users-page').then((module) => module.ContractAuditUsersPage),
  'audituser/resultinfo_audit_users': () =>
    import('./audit-users-page').then((module) => module.ResultAuditUsersPage),
  'audituser/resultinfo_audit_users_offline': () =>
    import('./audit-users-page').then((module) => module.OfflineResultAuditUsersPage),
  'audituser/AcceptanceAndCertification': () =>
    import('./audit-users-page').then((module) => module.AcceptAuditUsersPage),
};
