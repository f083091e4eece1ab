/** The pages of the audit-users feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import {
  AcceptAuditUsersPage,
  AgencyAuditUsersPage,
  ContractAuditUsersPage,
  OfflineResultAuditUsersPage,
  ResultAuditUsersPage,
} from './audit-users-page';
import './audit-users.css';

export const pages: FeaturePages<'audit-users'> = {
  'audituser/agentorg_audit_users': AgencyAuditUsersPage,
  'audituser/contract_audit_users': ContractAuditUsersPage,
  'audituser/resultinfo_audit_users': ResultAuditUsersPage,
  'audituser/resultinfo_audit_users_offline': OfflineResultAuditUsersPage,
  'audituser/AcceptanceAndCertification': AcceptAuditUsersPage,
};
