/**
 * Credit entries (信用记录): lost credit, unqualified with violation projects, organization and person
 * blacklists, red list. Lists read credit_entries; adding or ending an entry updates the derived
 * flags at once (server/modules/credit/flags.ts). Calls the spec does not name (the organization
 * blacklist, ending an entry, the person blacklist list, evidence files) follow its naming.
 */
import { z } from 'zod';
import { creditEntryKinds, creditEntryStatuses } from '@shared/domain/credit';
import { creditEventKinds, creditGrades } from '@shared/domain/credit-score';
import {
  breakProjectListSchema,
  creditEndSchema,
  creditListSchema,
  creditManagerRoles,
  creditScoreListSchema,
  creditScoreQuerySchema,
  orgCreditAddSchema,
  personBlacklistAddSchema,
  redListSchema,
  reportProjectListSchema,
  unqualifiedAddSchema,
} from '@shared/validation/credit';
import { fileIdSchema, idSchema } from '@shared/validation/lists';
import { roles } from '@shared/domain/roles';
import { defineCalls, type Access, type HttpMethod } from './define';
import { dateTime, id } from './wire';

const day = z.string().describe('日期 YYYY-MM-DD');

export const creditEntryRowSchema = z.object({
  pkid: id,
  kind: z.enum(creditEntryKinds),
  organizationId: id.nullable(),
  orgName: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  personName: z.string().nullable(),
  idCardNo: z.string().nullable(),
  reason: z.string(),
  projectIds: z.array(id),
  /** The violation projects of an unqualified entry (empty for the other kinds). */
  projects: z.array(z.object({ projectId: id, projectName: z.string(), projectNo: z.string() })),
  evidence: z.array(z.object({ fileId: z.uuid(), fileName: z.string() })),
  startDate: day,
  endDate: day.nullable(),
  status: z.enum(creditEntryStatuses),
  decidedByName: z.string().nullable(),
  decidedAt: dateTime,
  endedByName: z.string().nullable(),
  endedAt: dateTime.nullable(),
  endReason: z.string().nullable(),
});
export type CreditEntryRow = z.infer<typeof creditEntryRowSchema>;

export const breakProjectRowSchema = z.object({
  entryId: id,
  orgname: z.string(),
  projectId: id,
  projectName: z.string(),
  reason: z.string(),
  startDate: day,
  status: z.enum(creditEntryStatuses),
});
export type BreakProjectRow = z.infer<typeof breakProjectRowSchema>;

/** One person blacklist entry with the person's staff records in every agency (blackListDetail). */
export const personBlacklistDetailSchema = z.object({
  entry: creditEntryRowSchema,
  staff: z.array(
    z.object({
      staffId: id,
      name: z.string(),
      orgName: z.string(),
      auditStatus: z.number().int(),
      deletedAt: dateTime.nullable(),
    }),
  ),
});
export type PersonBlacklistDetail = z.infer<typeof personBlacklistDetailSchema>;

export const reportProjectRowSchema = z.object({
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  status: z.number().int(),
  /** How the agency worked on it: under a contract, or commissioned without one yet. */
  via: z.enum(['contract', 'authorization']),
});
export type ReportProjectRow = z.infer<typeof reportProjectRowSchema>;

const list = (summary: string, path: string, access: Access = creditManagerRoles) =>
  ({
    summary,
    base: 'business',
    path,
    method: 'GET',
    input: creditListSchema,
    output: creditEntryRowSchema,
    envelope: 'page',
    access,
    paging: { page: 'page', size: 'rows' },
  }) as const;

/** A credit decision: POST (multipart, with evidence), and the spec's GET (query fields, no files). */
const add = <S extends z.ZodType>(
  summary: string,
  path: string,
  input: S,
  methods: readonly [HttpMethod, ...HttpMethod[]] = ['POST'],
) =>
  ({
    summary,
    base: 'business',
    path,
    method: methods,
    changesState: true,
    encoding: 'multipart',
    input,
    output: creditEntryRowSchema,
    envelope: 'result',
    access: creditManagerRoles,
  }) as const;

const creditEventSchema = z.object({
  kind: z.enum(creditEventKinds),
  subject: z.string(),
  points: z.number().int(),
  at: dateTime,
});

/** The configured grade rule (shared/domain/credit-score.ts CreditGradeRule), as the pages state it. */
export const creditGradeRuleSchema = z.object({
  floors: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int() }),
  unselectable: z.array(z.enum(creditGrades)),
  directChoiceOnly: z.array(z.enum(creditGrades)),
});

/** An agency's credit score with its reasons: every event with its points, and each change. */
export const creditScoreRecordSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  score: z.number().int(),
  grade: z.enum(creditGrades),
  events: z.array(creditEventSchema),
  changes: z.array(
    z.object({
      fromScore: z.number().int(),
      toScore: z.number().int(),
      fromGrade: z.enum(creditGrades),
      toGrade: z.enum(creditGrades),
      cause: z.string(),
      changedAt: dateTime,
    }),
  ),
});
export type CreditScoreRecord = z.infer<typeof creditScoreRecordSchema>;

export const creditScoreRowSchema = z.object({
  organizationId: id,
  orgName: z.string(),
  score: z.number().int(),
  grade: z.enum(creditGrades),
});
export type CreditScoreRow = z.infer<typeof creditScoreRowSchema>;

export const creditCalls = defineCalls('credit', {
  queryLose: list('失信机构列表', 'agentorg/queryLose'),
  updateLoseAog: add('认定失信机构（原因、证据、期限）', 'agentorg/updateLoseAog', orgCreditAddSchema, [
    'POST',
    'GET',
  ]),
  queryUnqualified: list('不合格机构列表（生效中）', 'agentorg/queryUnqualified'),
  queryHistoryUnqualified: list('不合格机构历史记录（已到期、已撤销）', 'agentorg/queryHistoryUnqualified'),
  updateUnqualifiedAog: add(
    '认定不合格机构（原因、违规项目、证据、期限）',
    'agentorg/updateUnqualifiedAog',
    unqualifiedAddSchema,
    ['POST', 'GET'],
  ),
  queryBlacklist: list('机构黑名单查询', 'agentorg/queryBlacklist', 'signed-in'),
  updateBlacklistAog: add('机构加入黑名单', 'agentorg/updateBlacklistAog', orgCreditAddSchema),
  endCredit: {
    summary: '撤销机构的失信、不合格、黑名单或红名单记录',
    base: 'business',
    path: 'agentorg/endCredit',
    method: 'POST',
    input: creditEndSchema,
    output: creditEntryRowSchema,
    envelope: 'result',
    access: creditManagerRoles,
  },
  queryPersonBlacklist: list('人员黑名单列表', 'agentstaff/queryBlacklist'),
  addBlacklist: add(
    '人员加入黑名单（按身份证号码，所有机构有效）',
    'agentstaff/addBlacklist',
    personBlacklistAddSchema,
  ),
  deleteBlacklist: {
    summary: '人员移出黑名单',
    base: 'business',
    path: 'agentstaff/deleteBlacklist',
    method: 'POST',
    input: creditEndSchema,
    output: creditEntryRowSchema,
    envelope: 'result',
    access: creditManagerRoles,
  },
  blacklistInfo: {
    summary: '从业人员的黑名单记录',
    base: 'business',
    path: 'agentstaff/blacklistInfo/{id}',
    method: 'GET',
    input: idSchema,
    output: z.array(creditEntryRowSchema),
    envelope: 'result',
    access: [...creditManagerRoles, roles.agency.id],
  },
  blacklistDetail: {
    summary: '一条人员黑名单记录及该人员在各机构的从业记录',
    base: 'business',
    path: 'agentstaff/blacklistDetail/{id}',
    method: 'GET',
    input: idSchema,
    output: personBlacklistDetailSchema,
    envelope: 'result',
    access: creditManagerRoles,
  },
  breakProjects: {
    summary: '不合格机构的违规项目',
    base: 'business',
    path: 'agBreakPro/query',
    method: 'GET',
    input: breakProjectListSchema,
    output: breakProjectRowSchema,
    envelope: 'page',
    access: creditManagerRoles,
    paging: { page: 'page', size: 'size' },
  },
  breakProjectsOfEntry: {
    summary: '一条不合格记录的违规项目',
    base: 'business',
    path: 'agBreakPro/querySelf',
    method: 'GET',
    input: z.object({ pkid: idSchema.shape.id }),
    output: z.array(breakProjectRowSchema),
    envelope: 'result',
    access: creditManagerRoles,
  },
  unqualifiedQuery: list('不合格机构记录（全部状态，含违规项目）', 'agUnqualified/query'),
  unqualifiedSelf: list('本机构的不合格记录', 'agUnqualified/querySelf', [roles.agency.id]),
  reportProjects: {
    summary: '可列为违规项目的机构项目（已委托或已签合同）',
    base: 'business',
    path: 'agUnqualified/queryReportProject',
    method: 'GET',
    input: reportProjectListSchema,
    output: reportProjectRowSchema,
    envelope: 'page',
    access: creditManagerRoles,
    paging: { page: 'page', size: 'rows' },
  },
  redList: {
    summary: '红名单（守信机构）查询',
    base: 'business',
    path: 'jn_credit/redByFrListQuery',
    method: 'GET',
    input: redListSchema,
    output: creditEntryRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'page', size: 'rows' },
  },
  evidence: {
    summary: '信用记录的证据文件',
    base: 'business',
    path: 'jn_credit/evidence/{id}',
    method: 'GET',
    input: fileIdSchema,
    envelope: 'file',
    produces: 'application/octet-stream',
    access: creditManagerRoles,
  },
  score: {
    summary: '机构信用分：分数、等级、每项计分事件及其加减分、历次变化及原因（测绘单位只看本机构）',
    base: 'business',
    path: 'jn_credit/score',
    method: 'GET',
    input: creditScoreQuerySchema,
    output: creditScoreRecordSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  scoreList: {
    summary: '各测绘机构的信用分与等级（已入驻机构，分数从低到高）',
    base: 'business',
    path: 'jn_credit/scoreList',
    method: 'GET',
    input: creditScoreListSchema,
    output: creditScoreRowSchema,
    envelope: 'page',
    access: 'signed-in',
    paging: { page: 'page', size: 'rows' },
  },
  gradeRule: {
    summary: '信用等级规则：各等级的最低分，不能被选取的等级，只能直接选取的等级（部署配置）',
    base: 'business',
    path: 'jn_credit/gradeRule',
    method: 'GET',
    input: z.object({}),
    output: creditGradeRuleSchema,
    envelope: 'result',
    access: 'signed-in',
  },
});
