/**
 * Status tables of DOMAIN.md. Each table lists { value, key, label, tone } once; the database CHECK
 * constraints, the seed, the server's transitions and the UI's tags and filters all derive from here.
 * `value` is what the database and the wire carry, `key` names it in code, `label` is the zh-CN text,
 * `tone` picks the tag colour.
 */

import { defineStatusTable } from './status-table';

export { defineStatusTable, type StatusEntry, type StatusTable, type StatusTone } from './status-table';

/**
 * Audit status of agencies, staff, construction units, organization changes, contract filings and
 * authorization changes: 0 → submit → 1 → approve 2 | reject 3 → edit and resubmit → 1.
 */
export const auditStatus = defineStatusTable([
  { value: 0, key: 'draft', label: '草稿', tone: 'neutral' },
  { value: 1, key: 'pending', label: '待审核', tone: 'warning' },
  { value: 2, key: 'approved', label: '审核通过', tone: 'success' },
  { value: 3, key: 'rejected', label: '审核不通过', tone: 'danger' },
]);
export type AuditStatus = (typeof auditStatus.values)[number];

/**
 * What an audit record says happened. The first three equal the audit status they lead to, so a
 * record's decision can be compared with the subject's status; 4 is a transfer to another auditor.
 */
export const auditDecision = defineStatusTable([
  { value: 1, key: 'submitted', label: '提交审核', tone: 'info' },
  { value: 2, key: 'approved', label: '审核通过', tone: 'success' },
  { value: 3, key: 'rejected', label: '审核不通过', tone: 'danger' },
  { value: 4, key: 'transferred', label: '转办', tone: 'neutral' },
  // Notice state changes (issue 5): the trail of drafts, publishing, withdrawing and deleting.
  { value: 5, key: 'saved', label: '保存草稿', tone: 'neutral' },
  { value: 6, key: 'published', label: '发布', tone: 'success' },
  { value: 7, key: 'withdrawn', label: '撤回', tone: 'warning' },
  { value: 8, key: 'deleted', label: '删除', tone: 'danger' },
  // Credit decisions (server/modules/credit/timeline.ts): in the timeline of the agency or the staff.
  { value: 9, key: 'creditFlagged', label: '信用认定', tone: 'danger' },
  { value: 10, key: 'creditEnded', label: '信用记录撤销', tone: 'success' },
  { value: 11, key: 'creditExpired', label: '信用记录到期', tone: 'neutral' },
  // Certificates (issue 22, server/modules/certificates): issued on acceptance, revoked by the authority.
  { value: 12, key: 'certificateIssued', label: '发证', tone: 'success' },
  { value: 13, key: 'certificateRevoked', label: '撤销证书', tone: 'danger' },
  // The electronic archive (issue 23, server/modules/electronics): the authority sets a case's level.
  { value: 14, key: 'archiveClassified', label: '调整密级', tone: 'warning' },
  // Random inspections (issue 24, server/modules/inspections): the trail of a round.
  { value: 15, key: 'inspectionOpened', label: '开启检查轮次', tone: 'info' },
  { value: 16, key: 'inspectionDrawn', label: '抽取', tone: 'info' },
  { value: 17, key: 'inspectionRecorded', label: '录入检查结果', tone: 'neutral' },
  { value: 18, key: 'inspectionPublished', label: '公开检查结果', tone: 'success' },
  // Evaluations (issue 24, server/modules/evaluations/timeline.ts): on the evaluated party's timeline.
  { value: 19, key: 'evaluated', label: '评价', tone: 'info' },
  { value: 20, key: 'evaluationWithdrawn', label: '评价撤销', tone: 'warning' },
]);
export type AuditDecision = (typeof auditDecision.values)[number];

/** What an audit record is about (audit_records.subject_type). */
export const auditSubject = defineStatusTable([
  { value: 'agent_org', key: 'agentOrg', label: '中介机构', tone: 'neutral' },
  { value: 'agent_staff', key: 'agentStaff', label: '从业人员', tone: 'neutral' },
  { value: 'construction_unit', key: 'constructionUnit', label: '建设单位', tone: 'neutral' },
  { value: 'org_change', key: 'orgChange', label: '机构变更', tone: 'neutral' },
  { value: 'contract', key: 'contract', label: '合同备案', tone: 'neutral' },
  { value: 'contract_change', key: 'contractChange', label: '合同备案变更', tone: 'neutral' },
  { value: 'auth_change', key: 'authChange', label: '委托变更', tone: 'neutral' },
  { value: 'staff_change', key: 'staffChange', label: '人员变更', tone: 'neutral' },
  { value: 'unit_change', key: 'unitChange', label: '建设单位变更', tone: 'neutral' },
  { value: 'project', key: 'project', label: '项目', tone: 'neutral' },
  { value: 'demand_amend', key: 'demandAmend', label: '需求追加', tone: 'neutral' },
  { value: 'result', key: 'result', label: '测绘成果', tone: 'neutral' },
  { value: 'notice', key: 'notice', label: '通知公告', tone: 'neutral' },
  // Ours (issue 13, offline projects): projects surveyed outside the system, recorded by their agency.
  { value: 'project_offline', key: 'projectOffline', label: '线下项目', tone: 'neutral' },
  // Issue 22: the certificate of a completed project (issued, revoked).
  { value: 'certificate', key: 'certificate', label: '验收证书', tone: 'neutral' },
  // Ours (issue 22, sharing): a result-sharing application, reviewed first by the project's owner,
  // then by the authority (server/modules/sharing).
  { value: 'share_owner', key: 'shareOwner', label: '成果共享（建设单位审核）', tone: 'neutral' },
  { value: 'share_authority', key: 'shareAuthority', label: '成果共享（主管部门审核）', tone: 'neutral' },
  // Issue 23: an archive case of the electronic archive (its level).
  { value: 'archive_case', key: 'archiveCase', label: '办件档案', tone: 'neutral' },
  // Issue 24: an appeal against an evaluation, decided by the authority; the evaluation's id is the
  // subject (one appeal per evaluation; shared/domain/evaluations.ts).
  { value: 'smo_appeal', key: 'smoAppeal', label: '评价申诉（建设单位评价）', tone: 'neutral' },
  { value: 'smd_appeal', key: 'smdAppeal', label: '评价申诉（主管部门考核）', tone: 'neutral' },
  { value: 'con_appeal', key: 'conAppeal', label: '评价申诉（测绘单位评价）', tone: 'neutral' },
  // Issue 24: a random inspection round (双随机、一公开): opened, drawn, results recorded and published.
  { value: 'inspection_round', key: 'inspectionRound', label: '双随机抽查', tone: 'neutral' },
]);
export type AuditSubject = (typeof auditSubject.values)[number];

/**
 * Project status: 0 → 1 → 2 → 3 → 4 → 5 → 6 → 7; 9 (terminated, with a reason) from any state
 * before 6. Every change writes a project log line.
 */
export const projectStatus = defineStatusTable([
  { value: 0, key: 'draft', label: '待发布', tone: 'neutral' },
  { value: 1, key: 'published', label: '已发布', tone: 'info' },
  { value: 2, key: 'commissioned', label: '已委托', tone: 'info' },
  { value: 3, key: 'contractFiled', label: '合同已备案', tone: 'progress' },
  { value: 4, key: 'surveying', label: '测绘中', tone: 'progress' },
  { value: 5, key: 'resultSubmitted', label: '成果已提交', tone: 'warning' },
  { value: 6, key: 'accepted', label: '已验收', tone: 'success' },
  { value: 7, key: 'completed', label: '已办结', tone: 'success' },
  { value: 9, key: 'terminated', label: '已终止', tone: 'danger' },
]);
export type ProjectStatus = (typeof projectStatus.values)[number];

/** The forward path of a project, in order (termination is separate). */
export const projectStatusPath: readonly ProjectStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** Allowed project-status moves: the next state on the path, and 9 from any state before 6. */
export function canMoveProject(from: ProjectStatus, to: ProjectStatus): boolean {
  if (to === 9) return from < 6;
  const index = projectStatusPath.indexOf(from);
  return index >= 0 && projectStatusPath[index + 1] === to;
}

/** Acceptance of a submitted result: 1 → adopt 2 | reject 3 → resubmit 1. */
export const resultAcceptance = defineStatusTable([
  { value: 0, key: 'notSubmitted', label: '未提交', tone: 'neutral' },
  { value: 1, key: 'submitted', label: '已提交', tone: 'warning' },
  { value: 2, key: 'adopted', label: '已采纳', tone: 'success' },
  { value: 3, key: 'rejected', label: '已退回', tone: 'danger' },
]);
export type ResultAcceptance = (typeof resultAcceptance.values)[number];

/** An agency's answer to an owner's authorization of a demand. */
export const authorizationState = defineStatusTable([
  { value: 0, key: 'pending', label: '待接受', tone: 'warning' },
  { value: 1, key: 'accepted', label: '已接受', tone: 'success' },
  { value: 2, key: 'declined', label: '已拒绝', tone: 'danger' },
  { value: 3, key: 'revoked', label: '已变更', tone: 'neutral' },
]);
export type AuthorizationState = (typeof authorizationState.values)[number];

/**
 * A contract's own life: drafted by the agency from a template, confirmed by the owner, filed with the
 * authority (the filing itself is audited through contracts.audit_status).
 */
export const contractStatus = defineStatusTable([
  { value: 0, key: 'draft', label: '草稿', tone: 'neutral' },
  { value: 1, key: 'awaitingConfirmation', label: '待确认', tone: 'warning' },
  { value: 2, key: 'confirmed', label: '已确认', tone: 'info' },
  { value: 3, key: 'filed', label: '已备案', tone: 'success' },
  { value: 9, key: 'terminated', label: '已终止', tone: 'danger' },
]);
export type ContractStatus = (typeof contractStatus.values)[number];

/** Notice state: drafts and withdrawn notices are visible to maintainers only. */
export const noticeState = defineStatusTable([
  { value: 0, key: 'draft', label: '草稿', tone: 'neutral' },
  { value: 1, key: 'published', label: '已发布', tone: 'success' },
  { value: 2, key: 'withdrawn', label: '已撤回', tone: 'warning' },
]);
export type NoticeState = (typeof noticeState.values)[number];

/** Notice type; /guide/message/0 lists type 0, the update-log dialog lists type 3. */
export const noticeType = defineStatusTable([
  { value: 0, key: 'announcement', label: '通知公告', tone: 'info' },
  { value: 1, key: 'policy', label: '政策法规', tone: 'neutral' },
  { value: 2, key: 'news', label: '行业动态', tone: 'neutral' },
  { value: 3, key: 'updateLog', label: '更新日志', tone: 'neutral' },
]);
export type NoticeType = (typeof noticeType.values)[number];

/**
 * Credit flags of an agency (columns is_lost_credit, is_unqualified, is_blacklisted). A flagged agency
 * cannot be selected for new demands; the public directory shows the flag.
 */
export const creditFlag = defineStatusTable([
  { value: 'lostCredit', key: 'lostCredit', label: '失信', tone: 'danger' },
  { value: 'unqualified', key: 'unqualified', label: '不合格', tone: 'warning' },
  { value: 'blacklisted', key: 'blacklisted', label: '黑名单', tone: 'danger' },
]);
export type CreditFlag = (typeof creditFlag.values)[number];

/** The credit flags an agency row carries, in table order. */
export function creditFlagsOf(org: {
  isLostCredit: boolean;
  isUnqualified: boolean;
  isBlacklisted: boolean;
}): CreditFlag[] {
  const flags: CreditFlag[] = [];
  if (org.isLostCredit) flags.push('lostCredit');
  if (org.isUnqualified) flags.push('unqualified');
  if (org.isBlacklisted) flags.push('blacklisted');
  return flags;
}

/** Qualification grade of a surveying agency (测绘资质等级). */
export const qualificationGrade = defineStatusTable([
  { value: 1, key: 'gradeA', label: '甲级', tone: 'neutral' },
  { value: 2, key: 'gradeB', label: '乙级', tone: 'neutral' },
]);
export type QualificationGrade = (typeof qualificationGrade.values)[number];

/** users.userstate: registration sets 1. */
export const userState = defineStatusTable([
  { value: 0, key: 'disabled', label: '停用', tone: 'neutral' },
  { value: 1, key: 'active', label: '正常', tone: 'success' },
]);
export type UserState = (typeof userState.values)[number];

/**
 * Kind of a department (departments.kind). Registration puts agencies and owners into the default
 * department of their kind.
 */
export const departmentKind = defineStatusTable([
  { value: 'admin', key: 'admin', label: '系统管理', tone: 'neutral' },
  { value: 'authority', key: 'authority', label: '行业主管部门', tone: 'neutral' },
  { value: 'district', key: 'district', label: '区县分局', tone: 'neutral' },
  { value: 'sharing', key: 'sharing', label: '成果共享单位', tone: 'neutral' },
  { value: 'agency', key: 'agency', label: '测绘中介机构', tone: 'neutral' },
  { value: 'construction', key: 'construction', label: '建设单位', tone: 'neutral' },
]);
export type DepartmentKind = (typeof departmentKind.values)[number];

/** Menu node type (modules.type): a first-level group or a second-level page. */
export const moduleType = defineStatusTable([
  { value: 0, key: 'group', label: '目录', tone: 'neutral' },
  { value: 1, key: 'page', label: '菜单', tone: 'neutral' },
]);
export type ModuleType = (typeof moduleType.values)[number];

/** Gender of a person record (agent staff). */
export const gender = defineStatusTable([
  { value: 1, key: 'male', label: '男', tone: 'neutral' },
  { value: 2, key: 'female', label: '女', tone: 'neutral' },
]);
