import { relations } from 'drizzle-orm';
import { departments, messages, modules, roleModules, roles, userRoles, users } from './accounts';
import { auditRecords } from './audit';
import { downloads, files, noticeAttachments, notices } from './content';
import { agentOrganizations, agentStaff, constructionUnits } from './parties';
import {
  contracts,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projectStageItems,
  projects,
} from './projects';
import { districts, stages, surveyItems } from './reference';

// Relations only feed Drizzle's relational queries (db.query.x.findMany({ with })); they add no SQL.

export const departmentsRelations = relations(departments, ({ one, many }) => ({
  parent: one(departments, {
    fields: [departments.parentId],
    references: [departments.pkid],
    relationName: 'departmentTree',
  }),
  children: many(departments, { relationName: 'departmentTree' }),
  district: one(districts, { fields: [departments.districtCode], references: [districts.districtCode] }),
  users: many(users),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  department: one(departments, { fields: [users.depid], references: [departments.pkid] }),
  userRoles: many(userRoles),
  messages: many(messages),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  userRoles: many(userRoles),
  roleModules: many(roleModules),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.pkid] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.roleId] }),
}));

export const modulesRelations = relations(modules, ({ one, many }) => ({
  parent: one(modules, {
    fields: [modules.parentId],
    references: [modules.pkid],
    relationName: 'moduleTree',
  }),
  children: many(modules, { relationName: 'moduleTree' }),
  roleModules: many(roleModules),
}));

export const roleModulesRelations = relations(roleModules, ({ one }) => ({
  role: one(roles, { fields: [roleModules.roleId], references: [roles.roleId] }),
  module: one(modules, { fields: [roleModules.moduleId], references: [modules.pkid] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  user: one(users, { fields: [messages.userId], references: [users.pkid] }),
}));

export const noticesRelations = relations(notices, ({ one, many }) => ({
  department: one(departments, { fields: [notices.deptId], references: [departments.pkid] }),
  attachments: many(noticeAttachments),
}));

export const noticeAttachmentsRelations = relations(noticeAttachments, ({ one }) => ({
  notice: one(notices, { fields: [noticeAttachments.noticeId], references: [notices.pkid] }),
  file: one(files, { fields: [noticeAttachments.fileId], references: [files.id] }),
}));

export const downloadsRelations = relations(downloads, ({ one }) => ({
  file: one(files, { fields: [downloads.fileId], references: [files.id] }),
}));

export const districtsRelations = relations(districts, ({ one, many }) => ({
  parent: one(districts, {
    fields: [districts.parentCode],
    references: [districts.districtCode],
    relationName: 'districtTree',
  }),
  children: many(districts, { relationName: 'districtTree' }),
}));

export const stagesRelations = relations(stages, ({ many }) => ({
  items: many(surveyItems),
}));

export const surveyItemsRelations = relations(surveyItems, ({ one }) => ({
  stage: one(stages, { fields: [surveyItems.stageId], references: [stages.stageId] }),
}));

export const agentOrganizationsRelations = relations(agentOrganizations, ({ one, many }) => ({
  user: one(users, { fields: [agentOrganizations.userId], references: [users.pkid] }),
  district: one(districts, {
    fields: [agentOrganizations.districtCode],
    references: [districts.districtCode],
  }),
  staff: many(agentStaff),
  authorizations: many(projectAuthorizations),
  contracts: many(contracts),
}));

export const agentStaffRelations = relations(agentStaff, ({ one }) => ({
  organization: one(agentOrganizations, {
    fields: [agentStaff.organizationId],
    references: [agentOrganizations.organizationId],
  }),
  user: one(users, { fields: [agentStaff.userId], references: [users.pkid] }),
}));

export const constructionUnitsRelations = relations(constructionUnits, ({ one, many }) => ({
  user: one(users, { fields: [constructionUnits.userId], references: [users.pkid] }),
  district: one(districts, {
    fields: [constructionUnits.districtCode],
    references: [districts.districtCode],
  }),
  projects: many(projects),
}));

export const projectsRelations = relations(projects, ({ one, many }) => ({
  constructionUnit: one(constructionUnits, {
    fields: [projects.constructionId],
    references: [constructionUnits.constructionId],
  }),
  district: one(districts, { fields: [projects.districtCode], references: [districts.districtCode] }),
  demands: many(projectDemands),
  stageItems: many(projectStageItems),
  authorizations: many(projectAuthorizations),
  contracts: many(contracts),
  logs: many(projectLogs),
}));

export const projectDemandsRelations = relations(projectDemands, ({ one, many }) => ({
  project: one(projects, { fields: [projectDemands.projectId], references: [projects.pkid] }),
  stage: one(stages, { fields: [projectDemands.stageId], references: [stages.stageId] }),
  items: many(projectStageItems),
  authorizations: many(projectAuthorizations),
}));

export const projectStageItemsRelations = relations(projectStageItems, ({ one }) => ({
  project: one(projects, { fields: [projectStageItems.projectId], references: [projects.pkid] }),
  demand: one(projectDemands, { fields: [projectStageItems.demandId], references: [projectDemands.pkid] }),
  item: one(surveyItems, { fields: [projectStageItems.itemId], references: [surveyItems.itemId] }),
}));

export const projectAuthorizationsRelations = relations(projectAuthorizations, ({ one }) => ({
  project: one(projects, { fields: [projectAuthorizations.projectId], references: [projects.pkid] }),
  demand: one(projectDemands, {
    fields: [projectAuthorizations.demandId],
    references: [projectDemands.pkid],
  }),
  organization: one(agentOrganizations, {
    fields: [projectAuthorizations.organizationId],
    references: [agentOrganizations.organizationId],
  }),
}));

export const contractsRelations = relations(contracts, ({ one }) => ({
  project: one(projects, { fields: [contracts.projectId], references: [projects.pkid] }),
  demand: one(projectDemands, { fields: [contracts.demandId], references: [projectDemands.pkid] }),
  organization: one(agentOrganizations, {
    fields: [contracts.organizationId],
    references: [agentOrganizations.organizationId],
  }),
  constructionUnit: one(constructionUnits, {
    fields: [contracts.constructionId],
    references: [constructionUnits.constructionId],
  }),
  file: one(files, { fields: [contracts.fileId], references: [files.id] }),
}));

export const projectLogsRelations = relations(projectLogs, ({ one }) => ({
  project: one(projects, { fields: [projectLogs.projectId], references: [projects.pkid] }),
  actor: one(users, { fields: [projectLogs.actorId], references: [users.pkid] }),
}));

export const auditRecordsRelations = relations(auditRecords, ({ one }) => ({
  auditor: one(users, { fields: [auditRecords.auditorId], references: [users.pkid] }),
}));
