/** The audituser route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import {
  AcceptAuditUsersPage,
  AgencyAuditUsersPage,
  ContractAuditUsersPage,
  OfflineResultAuditUsersPage,
  ResultAuditUsersPage,
} from './audit-users-page';
import './audit-users.css';

export const pages = {
  agentorg_audit_users: AgencyAuditUsersPage,
  contract_audit_users: ContractAuditUsersPage,
  resultinfo_audit_users: ResultAuditUsersPage,
  resultinfo_audit_users_offline: OfflineResultAuditUsersPage,
  AcceptanceAndCertification: AcceptAuditUsersPage,
};
