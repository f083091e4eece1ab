/**
 * Inputs of projects and demands (shared/calls/projects.ts): the server validates with these and
 * the console's forms with the same schemas and messages.
 *
 * Code formats (neither the spec nor DOMAIN.md gives them, so they are designed here and documented):
 * - central code (项目代码, the national investment-project approval platform's code):
 *   `YYYY-AAAAAA-II-TT-NNNNNN`: year, 6-digit administrative division code, 2-digit industry code,
 *   2-digit project type, 6-digit serial, e.g. `2024-379902-47-01-000123` (the platform's own layout).
 * - local code (地方项目编码, the city's own register): an upper-case letter prefix of 2–8 letters, a
 *   4-digit year and a 3–10 digit serial, e.g. `YZXM202400123`. Optional.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { stages } from '@shared/domain/stages';
import { projectStatus } from '@shared/domain/statuses';
import { MOBILE_PATTERN } from './identity';
import { pagingSchema } from './lists';
import { idField, idList, wholeNumber } from './numbers';
import { reviewQueueFields } from './review';
import { blankToUndefined } from './text';
import { fileField } from './file-field';

export const CENTRAL_CODE_PATTERN = /^\d{4}-\d{6}-\d{2}-\d{2}-\d{6}$/;
export const LOCAL_CODE_PATTERN = /^[A-Z]{2,8}\d{4}\d{3,10}$/;

export const projectMessages = {
  nameRequired: '请输入项目名称',
  centralCodeRequired: '请输入项目代码',
  centralCodeInvalid:
    '项目代码格式不正确，应为“年份-行政区划代码-行业代码-类型代码-流水号”，如 2024-379902-47-01-000123',
  localCodeInvalid: '地方项目编码格式不正确，应为大写字母前缀加年份和流水号，如 YZXM202400123',
  locationRequired: '请在地图上选取项目位置',
  locationInvalid: '项目位置不正确',
  locationOutside: '项目位置不在本市范围内，请重新选取',
  fundingRequired: '请输入出资方',
  contactNameRequired: '请输入联系人',
  phoneInvalid: '请输入正确手机号',
  scaleInvalid: '建设规模须为不小于 0 的数字',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  projectNotFound: '项目不存在',
  notDraft: '项目已发布，不能修改或删除',
  duplicate: (name: string, projectNo: string) =>
    `已存在相同名称或代码的项目：${name}（项目编号 ${projectNo}）`,
  canUpload: '可以新建该项目',
  statusInvalid: '请选择项目状态',
  stageRequired: '请选择审批阶段',
  itemsRequired: '请选择测绘事项',
  itemOutsideStage: (item: string, stage: string) => `测绘事项“${item}”不属于${stage}`,
  itemsAlreadyIn: '所选测绘事项均已在该需求中',
  demandNotFound: '测绘需求不存在',
  demandReleased: '需求已发布，不能再修改',
  demandNotDraft: '需求已发布',
  demandHasNoItems: '请先选择测绘事项',
  projectTerminated: '项目已终止，不能发布需求',
  amendmentPending: '该需求已有待审核的追加事项，请等待审核完成',
  amendmentNotFound: '追加申请不存在',
  fileNotFound: '附件不存在',
  deadlineInvalid: '请选择正确的截止日期',
  deadlinePast: '截止日期不能早于今天',
} as const;
const m = projectMessages;

const requiredText = (max: number, required: string, label: string) =>
  z.string(required).trim().min(1, required).max(max, m.tooLong(label, max));
const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, m.tooLong(label, max)).optional());

/** A decimal number as forms carry it ('12.5'), or a JSON number. */
const decimal = (message: string) =>
  z
    .union(
      [
        z.number(message),
        z
          .string(message)
          .trim()
          .regex(/^-?\d{1,9}(\.\d{1,15})?$/, message),
      ],
      {
        error: message,
      },
    )
    .pipe(z.coerce.number<string | number>(message).refine(Number.isFinite, message));

const scale = z.preprocess(
  blankToUndefined,
  decimal(m.scaleInvalid)
    .refine((n) => n >= 0, m.scaleInvalid)
    .optional(),
);

/** The fields an owner fills in for a project (the console's form validates with these). */
export const projectFieldsSchema = z.object({
  projectName: requiredText(100, m.nameRequired, '项目名称'),
  centralCode: z
    .string(m.centralCodeRequired)
    .trim()
    .min(1, m.centralCodeRequired)
    .regex(CENTRAL_CODE_PATTERN, m.centralCodeInvalid),
  localCode: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(LOCAL_CODE_PATTERN, m.localCodeInvalid).optional(),
  ),
  lon: decimal(m.locationRequired).refine((n) => n >= -180 && n <= 180, m.locationInvalid),
  lat: decimal(m.locationRequired).refine((n) => n >= -90 && n <= 90, m.locationInvalid),
  address: optionalText(200, '项目地址'),
  fundingParty: requiredText(100, m.fundingRequired, '出资方'),
  projectType: optionalText(20, '项目类型'),
  totalInvestment: scale,
  landArea: scale,
  buildingArea: scale,
  contactName: requiredText(50, m.contactNameRequired, '联系人'),
  contactPhone: z.string(m.phoneInvalid).trim().regex(MOBILE_PATTERN, m.phoneInvalid),
});
export type ProjectFields = z.input<typeof projectFieldsSchema>;

export const projectIdField = z.preprocess(blankToUndefined, idField('请提供正确的项目编号'));
export const projectUpdateSchema = projectFieldsSchema.extend({ pkid: projectIdField });
export const projectPkidSchema = z.object({ pkid: projectIdField });

/** checkIfCanSelfUpload: the name and codes to check; pkid leaves the project being edited out. */
export const projectCheckSchema = z.object({
  projectName: requiredText(100, m.nameRequired, '项目名称'),
  centralCode: z.preprocess(blankToUndefined, z.string().trim().max(30).optional()),
  localCode: z.preprocess(blankToUndefined, z.string().trim().max(30).optional()),
  pkid: z.preprocess(blankToUndefined, idField('请提供正确的项目编号').optional()),
});

const statusFilter = z.preprocess(
  blankToUndefined,
  z.coerce
    .number<string | number>(m.statusInvalid)
    .refine((value) => projectStatus.has(value), m.statusInvalid)
    .optional(),
);

export const projectListSchema = pagingSchema.extend({
  projectName: optionalText(50, '项目名称'),
  projectNo: optionalText(30, '项目编号'),
  status: statusFilter,
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, '区县不正确')
      .optional(),
  ),
});

/** findProjects / findProjectsRecord / findProjectsRecordCheck: the spec's status, pageIndex, pageSize. */
export const projectRecordSchema = z.object({
  status: statusFilter,
  pageIndex: z.preprocess(blankToUndefined, wholeNumber('页码必须是正整数').default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    wholeNumber('每页条数必须是 1 到 100 的整数', { max: 100 }).default(10),
  ),
  projectName: optionalText(50, '项目名称'),
});

export const projectNoSchema = z.object({
  projectNo: z.string('请提供项目编号').trim().min(1, '请提供项目编号').max(30, '项目编号不正确'),
});
export const proNoSchema = z.object({
  proNo: z.string('请提供项目编号').trim().min(1, '请提供项目编号').max(30, '项目编号不正确'),
});

/** updateStatus: the spec's status, projectId, projectNo; a reason (required for 9, 终止). */
export const projectStatusSchema = z.object({
  projectId: projectIdField,
  projectNo: z.preprocess(blankToUndefined, z.string().trim().max(30).optional()),
  status: z.coerce
    .number<string | number>(m.statusInvalid)
    .refine((value) => projectStatus.has(value), m.statusInvalid),
  reason: optionalText(200, '原因'),
});

/** updateUploadProcess?projectId&projectNo: the project and its number (both must agree). */
export const uploadProcessSchema = z.object({
  projectId: projectIdField,
  projectNo: z.string('请提供项目编号').trim().min(1, '请提供项目编号').max(30, '项目编号不正确'),
});

const stageIds = stages.map((s) => s.id) as number[];

/** Item ids as a comma list (forms) or an array. */
const itemIdList = idList(m.itemsRequired, { max: 20 });

/** A demand for one stage: its items (a second save for the same stage and funding party amends it). */
export const demandSaveSchema = z.object({
  projectId: projectIdField,
  stageId: z.coerce
    .number<string | number>(m.stageRequired)
    .refine((id) => stageIds.includes(id), m.stageRequired),
  itemIds: itemIdList,
  /** Defaults to the project's funding party. */
  fundingParty: optionalText(100, '出资方'),
  remark: optionalText(500, '需求说明'),
  deadline: z.preprocess(blankToUndefined, z.iso.date(m.deadlineInvalid).optional()),
  /** Why items are added to a released demand (shown to the reviewer). */
  reason: optionalText(200, '追加原因'),
});
export type DemandSaveInput = z.input<typeof demandSaveSchema>;

export const demandIdField = z.preprocess(blankToUndefined, idField('请提供正确的需求编号'));
export const demandIdSchema = z.object({ demandId: demandIdField });
/** The demand's detail: by demand, or by one of its amendments (the reviewers' link). */
export const demandDetailSchema = z
  .object({
    demandId: z.preprocess(blankToUndefined, idField('请提供正确的需求编号').optional()),
    amendmentId: z.preprocess(blankToUndefined, idField('请提供正确的追加编号').optional()),
  })
  .refine((v) => v.demandId !== undefined || v.amendmentId !== undefined, '请提供正确的需求编号');

export const demandFileSchema = z.object({ demandId: demandIdField, file: fileField });
export const demandFileRemoveSchema = z.object({
  demandId: demandIdField,
  fileId: z.uuid('请提供正确的文件编号'),
});

/** project/demand/amendment/toDoList: the authority's queue of amendments (search, 我的待办, order). */
export const amendmentQueueSchema = pagingSchema.extend(reviewQueueFields);

export const ownerDemandListSchema = pagingSchema.extend({
  projectName: optionalText(50, '项目名称'),
  stageId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(m.stageRequired)
      .refine((id) => stageIds.includes(id), m.stageRequired)
      .optional(),
  ),
  status: statusFilter,
  /** pending: demands with an amendment waiting for review (the authority's to-do). */
  amendment: z.preprocess(blankToUndefined, z.enum(['pending'], '筛选条件不正确').optional()),
});

export const amendmentDecisionSchema = z.object({
  amendmentId: z.preprocess(blankToUndefined, idField('请提供正确的追加编号')),
  decision: z.enum(['approve', 'reject'], '请选择审核结果'),
  opinion: optionalText(500, '审核意见'),
  version: z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional()),
});
