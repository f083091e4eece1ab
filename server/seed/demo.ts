/**
 * The deterministic demo data set of the fictional city of 云州市. Pure: it only builds rows (no
 * database, no clock: `now` is given), so two runs with the same options give identical rows. The
 * small tables come at once (`base`); projects and everything hanging off them come in batches, so a
 * benchmark volume (100,000 projects) never sits in memory at once. One part per domain: districts,
 * parties (agencies, staff, units), accounts, notices and downloads, projects, messages
 * (demo-*.ts); demo-digest.test.ts guards that the rows stay what they are.
 */
import type * as schema from '@server/db/schema';
import type { DemoDocument } from './documents';
import { departmentRows, moduleRows, roleRows, stageRows, surveyItemRows } from './reference';
import {
  createAuditTrail,
  createDemoContext,
  demoDistricts,
  type DemoOptions,
  type Insert,
} from './demo-context';
import { demoUsers } from './demo-accounts';
import { demoAgencyApplications } from './demo-agencies';
import { demoStaffAttachments, demoStaffChanges } from './demo-staff-changes';
import { demoConstructionUnits } from './demo-construction';
import { demoMessages } from './demo-messages';
import { demoContent } from './demo-notices';
import { demoFeedback } from './demo-feedback';
import { demoParties } from './demo-parties';
import { demoCreditEntries } from './demo-credit';
import { demoContractTemplates, demoGovDocuments } from './demo-contracts';
import { demoProjects } from './demo-projects';

export {
  chinaDate,
  DEMO_PASSWORD,
  DEMO_SEED,
  demoAccounts,
  GUEST_LOGINNAME,
  type DemoLoginName,
  type DemoOptions,
} from './demo-context';

/** A user row before hashing: `passwordMd5` null means the account cannot log in with a password. */
export type DemoUser = Omit<Insert<typeof schema.users>, 'loginpwd'> & { passwordMd5: string | null };

export interface DemoFile extends DemoDocument {
  id: string;
  createdAt: Date;
}

export interface DemoBase {
  districts: Insert<typeof schema.districts>[];
  departments: Insert<typeof schema.departments>[];
  roles: Insert<typeof schema.roles>[];
  users: DemoUser[];
  userRoles: Insert<typeof schema.userRoles>[];
  modules: Insert<typeof schema.modules>[];
  roleModules: Insert<typeof schema.roleModules>[];
  stages: Insert<typeof schema.stages>[];
  surveyItems: Insert<typeof schema.surveyItems>[];
  agentOrganizations: Insert<typeof schema.agentOrganizations>[];
  agentStaff: Insert<typeof schema.agentStaff>[];
  constructionUnits: Insert<typeof schema.constructionUnits>[];
  auditRecords: Insert<typeof schema.auditRecords>[];
  creditEntries: Insert<typeof schema.creditEntries>[];
  files: DemoFile[];
  notices: Insert<typeof schema.notices>[];
  noticeAttachments: Insert<typeof schema.noticeAttachments>[];
  downloads: Insert<typeof schema.downloads>[];
  agentOrgAttachments: Insert<typeof schema.agentOrgAttachments>[];
  agentOrgChanges: Insert<typeof schema.agentOrgChanges>[];
  agentStaffChanges: Insert<typeof schema.agentStaffChanges>[];
  agentStaffAttachments: Insert<typeof schema.agentStaffAttachments>[];
  constructionUnitAttachments: Insert<typeof schema.constructionUnitAttachments>[];
  contractTemplates: Insert<typeof schema.contractTemplates>[];
  constructionUnitChanges: Insert<typeof schema.constructionUnitChanges>[];
  feedback: Insert<typeof schema.feedback>[];
}

export interface ProjectBatch {
  projects: Insert<typeof schema.projects>[];
  projectDemands: Insert<typeof schema.projectDemands>[];
  projectStageItems: Insert<typeof schema.projectStageItems>[];
  projectAuthorizations: Insert<typeof schema.projectAuthorizations>[];
  contracts: Insert<typeof schema.contracts>[];
  contractGovAttachments: Insert<typeof schema.contractGovAttachments>[];
  projectLogs: Insert<typeof schema.projectLogs>[];
  auditRecords: Insert<typeof schema.auditRecords>[];
  projectDemandAmendments: Insert<typeof schema.projectDemandAmendments>[];
  projectAuthChanges: Insert<typeof schema.projectAuthChanges>[];
}

export interface DemoData {
  base: DemoBase;
  /** Projects 1..N with their demands, items, authorizations, contracts, logs and audit records. */
  projectBatches(batchSize?: number): Generator<ProjectBatch>;
  /** A few read and unread messages for every demo account; call after the batches were consumed. */
  messages(): Insert<typeof schema.messages>[];
}

export function createDemoData(options: DemoOptions): DemoData {
  const c = createDemoContext(options);
  const geo = demoDistricts(c);
  const trail = createAuditTrail();
  const parties = demoParties(c, geo, trail);
  const applications = demoAgencyApplications(c, parties);
  // Before the base is built: an applied change and a deletion edit the staff rows.
  const staffChanges = demoStaffChanges(c, parties);
  const staffFiles = demoStaffAttachments(c, parties);
  const owners = demoConstructionUnits(c, parties);
  const { users, userRoles } = demoUsers(c, parties, trail);
  const content = demoContent(c, geo);
  const govDocuments = demoGovDocuments(c);
  const menu = moduleRows();
  const base: DemoBase = {
    districts: geo.districtRows,
    departments: departmentRows({ code: geo.seat.code, name: geo.seat.name }),
    roles: roleRows(),
    users: [...users, ...applications.users, ...owners.users],
    userRoles: [...userRoles, ...applications.userRoles, ...owners.userRoles],
    modules: menu.modules,
    roleModules: menu.roleModules,
    stages: stageRows(),
    surveyItems: surveyItemRows(),
    agentOrganizations: parties.agentOrganizations,
    agentStaff: parties.agentStaff,
    constructionUnits: parties.constructionUnits,
    auditRecords: parties.auditRecords,
    creditEntries: demoCreditEntries(c, parties),
    files: [
      ...content.files,
      ...applications.files,
      ...owners.files,
      ...govDocuments.files,
      ...staffFiles.files,
    ],
    notices: content.notices,
    noticeAttachments: content.noticeAttachments,
    downloads: content.downloads,
    agentOrgAttachments: applications.agentOrgAttachments,
    agentOrgChanges: applications.agentOrgChanges,
    agentStaffChanges: staffChanges,
    agentStaffAttachments: staffFiles.attachments,
    constructionUnitAttachments: owners.constructionUnitAttachments,
    contractTemplates: demoContractTemplates(c),
    constructionUnitChanges: owners.constructionUnitChanges,
    feedback: demoFeedback(c.now),
  };

  const projects = demoProjects(c, geo, parties, trail, govDocuments);
  return {
    base,
    projectBatches: projects.projectBatches,
    messages: () => demoMessages(c, geo, parties, projects),
  };
}
