/**
 * Inputs of offline projects (/projectOffline/*) and survey cases (办件), with their Chinese messages:
 * the server validates with these and the console's forms with the same schemas.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { stages } from '@shared/domain/stages';
import { auditStatus } from '@shared/domain/statuses';
import { pagingSchema } from './lists';
import { reviewQueueFields } from './review';
import { idField, idList } from './numbers';
import { blankToUndefined } from './text';
import { fileField } from './file-field';

export const offlineMessages = {
  nameRequired: '请输入项目名称',
  constructionRequired: '请输入建设单位',
  districtRequired: '请选择所在区县',
  stageRequired: '请选择审批阶段',
  itemsRequired: '请选择测绘事项',
  itemOutsideStage: (item: string, stage: string) => `测绘事项“${item}”不属于${stage}`,
  surveyedOnRequired: '请选择测绘完成日期',
  surveyedOnFuture: '测绘完成日期不能晚于今天',
  fileRequired: '请上传测绘成果报告等项目文件',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  notFound: '线下项目不存在',
  notEditable: '线下项目正在审核或已审核通过，不能修改或删除',
  noAgency: '只有已入库的测绘中介机构可以登记线下项目',
  pkidsRequired: '请选择要删除的线下项目',
  auditStatusInvalid: '审核结果不正确',
} as const;

export const caseMessages = {
  authorizationRequired: '请选择委托',
  authorizationNotFound: '委托不存在',
  notAccepted: '只有本机构已接受的委托可以新建办件',
  contractNotFiled: '项目合同尚未备案，不能新建办件',
  caseExists: '该委托已建办件',
  plannedStartRequired: '请选择计划开始日期',
  plannedEndRequired: '请选择计划完成日期',
  plannedEndBeforeStart: '计划完成日期不能早于计划开始日期',
  staffRequired: (item: string) => `请为测绘事项“${item}”选择作业人员`,
  staffInvalid: '作业人员须为本机构审核通过的从业人员',
  itemInvalid: '测绘事项不属于该需求',
  caseNotFound: '办件不存在',
  noAgency: '只有测绘中介机构可以新建办件',
} as const;

const o = offlineMessages;
const requiredText = (max: number, required: string, label: string) =>
  z.string(required).trim().min(1, required).max(max, o.tooLong(label, max));
const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, o.tooLong(label, max)).optional());

const stageIds = stages.map((s) => s.id) as number[];

/** Ids as a comma list (forms), a single value or an array (at most 50). */
export const offlineIdList = (message: string) => idList(message, { max: 50 });

export const offlineIdField = z.preprocess(blankToUndefined, idField('请提供正确的线下项目编号'));

/** The fields an agency fills in for an offline project. */
export const offlineFieldsSchema = z.object({
  projectName: requiredText(100, o.nameRequired, '项目名称'),
  projectNo: optionalText(50, '项目编号'),
  constructionName: requiredText(100, o.constructionRequired, '建设单位'),
  districtCode: z
    .string(o.districtRequired)
    .trim()
    .regex(/^\d{7}(\d{4})?$/, o.districtRequired),
  address: optionalText(200, '项目地址'),
  stageId: z.coerce
    .number<string | number>(o.stageRequired)
    .refine((id) => stageIds.includes(id), o.stageRequired),
  itemIds: offlineIdList(o.itemsRequired),
  surveyedOn: z.iso.date(o.surveyedOnRequired),
  remark: optionalText(500, '备注'),
});
export type OfflineFields = z.input<typeof offlineFieldsSchema>;

/** add (multipart): the fields and the documents (report required; drawings and others optional). */
export const offlineAddSchema = offlineFieldsSchema.extend({
  report: fileField,
  other: fileField.optional(),
});

/** update (multipart): a draft or rejected one, new documents and documents to remove; resubmits it. */
export const offlineUpdateSchema = offlineFieldsSchema.extend({
  pkid: offlineIdField,
  report: fileField.optional(),
  other: fileField.optional(),
  removeFileIds: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(z.uuid('请提供正确的文件编号')).max(20).optional(),
  ),
});

export const offlinePkidSchema = z.object({ pkid: offlineIdField });
export const offlineDeleteSchema = z.object({ pkids: offlineIdList(o.pkidsRequired) });
export const offlineFileSchema = z.object({ pkid: offlineIdField, fileId: z.uuid('请提供正确的文件编号') });

export const offlineListSchema = pagingSchema.extend({
  projectName: optionalText(50, '项目名称'),
  auditStatus: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(o.auditStatusInvalid)
      .refine((value) => auditStatus.has(value), o.auditStatusInvalid)
      .optional(),
  ),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, '区县不正确')
      .optional(),
  ),
});

/** updateStatus: the reviewer's decision, 2 approve or 3 reject (an opinion required); `version` guards a stale view. */
export const offlineStatusSchema = z.object({
  pkid: offlineIdField,
  auditStatus: z.coerce
    .number<string | number>(o.auditStatusInvalid)
    .refine(
      (value) => value === auditStatus.code.approved || value === auditStatus.code.rejected,
      o.auditStatusInvalid,
    ),
  opinion: optionalText(500, '审核意见'),
  version: z.preprocess(blankToUndefined, z.coerce.number<string | number>().int().min(0).optional()),
});

const c = caseMessages;
export const authorizationIdField = z.preprocess(blankToUndefined, idField(c.authorizationRequired));
export const caseIdField = z.preprocess(blankToUndefined, idField('请提供正确的办件编号'));

/** CaseAdd: the staff per item, the planned dates. */
export const caseAddSchema = z
  .object({
    authorizationId: authorizationIdField,
    plannedStart: z.iso.date(c.plannedStartRequired),
    plannedEnd: z.iso.date(c.plannedEndRequired),
    remark: optionalText(500, '备注'),
    assignments: z
      .array(
        z.object({
          itemId: idField(c.itemInvalid),
          staffIds: z.array(idField(c.staffInvalid), c.staffInvalid).max(20, c.staffInvalid),
        }),
        c.itemInvalid,
      )
      .min(1, c.itemInvalid)
      .max(20, c.itemInvalid),
  })
  .refine((v) => v.plannedEnd >= v.plannedStart, { message: c.plannedEndBeforeStart, path: ['plannedEnd'] });
export type CaseAddInput = z.infer<typeof caseAddSchema>;

export const caseAuthorizationSchema = z.object({ authorizationId: authorizationIdField });
export const caseIdSchema = z.object({ caseId: caseIdField });
/** projectOffline/toDoList: the reviewers' queue, paging and the queue's fields (search, 我的待办, order). */
export const offlineQueueSchema = pagingSchema.extend(reviewQueueFields);

export const caseListSchema = pagingSchema.extend({ projectName: optionalText(50, '项目名称') });
