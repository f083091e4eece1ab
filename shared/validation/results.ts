/**
 * Inputs of survey results (issue 22): the result catalogue (/fruitcatalog), the agency's submission
 * (/projectAccept, /acceptMedia, updateUploadProcess) and acceptance (/actAccept, /acceptApproveMedia,
 * /catalogAccept), with their Chinese messages. docs/results.md says what each call means.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { surveyItemIds } from '@shared/domain/stages';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { reviewQueueFields } from './review';
import { blankToUndefined } from './text';
import { documentExtensions, MAX_UPLOAD_BYTES } from './upload';
import { fileField } from './file-field';

export const resultMessages = {
  itemRequired: '请选择测绘事项',
  itemNotFound: '测绘事项不存在',
  entriesRequired: '成果目录至少要有一项成果',
  entriesTooMany: '成果目录最多 30 项',
  entryNameRequired: '请填写成果名称',
  entryNameTooLong: '成果名称不能超过 50 个字',
  entryNameRepeated: (name: string) => `成果名称“${name}”重复`,
  formatsRequired: '请选择接受的文件格式',
  formatInvalid: `文件格式须为：${documentExtensions.join(',')}`,
  maxSizeInvalid: `大小限制须为 1 到 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB 的整数`,
  remarkTooLong: '版本说明不能超过 200 个字',
  noRequiredEntry: '成果目录至少要有一项必交成果',
  catalogueSaved: '成果目录已保存为新版本',
  projectRequired: '请提供正确的项目编号',
  resultRequired: '请提供正确的成果编号',
  fileRequired: '请提供正确的文件编号',
  descriptionTooLong: '成果说明不能超过 500 个字',
  projectNotFound: '项目不存在或不是本机构受托的项目',
  resultNotFound: '成果不存在或不是本机构受托项目的成果',
  staffNotAssigned: '您不是该项目办件的作业人员，不能上传或提交成果',
  notOpen: (label: string) => `项目当前为“${label}”，不能上传或修改成果`,
  underReview: '成果正在验收中，验收结束前不能修改',
  adopted: '该成果已采纳，不能修改',
  formatNotAccepted: (name: string, formats: readonly string[]) =>
    `“${name}”只接受以下格式：${formats.join(',')}`,
  fileTooLarge: (name: string, mb: number) => `“${name}”的文件不能超过 ${mb} MB`,
  fileNotFound: '文件不存在',
  fileNotOfResult: '该文件不属于这项成果',
  fileAttached: '文件已上传',
  fileRemoved: '文件已删除',
  cleared: '成果已清空',
  saved: '成果说明已保存',
  missingRequired: (names: readonly string[]) => `以下必交成果尚未上传文件：${names.join('、')}`,
  nothingToSubmit: '没有需要提交的成果',
  submitted: '测绘成果已提交验收',
  resubmitted: '修改后的成果已重新提交验收',
  // Acceptance
  notUnderReview: '该项目的成果不在验收中',
  resultNotPending: '该成果不在待验收状态',
  undecided: (names: readonly string[]) => `以下成果尚未采纳或退回：${names.join('、')}`,
  adoptedOne: '成果已采纳',
  rejectedOne: '成果已退回',
  accepted: (certificateNo: string | null) =>
    certificateNo
      ? `测绘成果已全部采纳，项目已验收并办结，验收证书 ${certificateNo} 已颁发`
      : '测绘成果已全部采纳，项目已验收',
  returned: '验收意见已提交，退回的成果已发给测绘中介机构',
  opinionRequired: '请填写退回意见',
  opinionTooLong: `退回意见不能超过${REVIEW_OPINION_MAX}字`,
  reasonRequired: '请填写转办原因',
  transferTargetRequired: '请选择转办人员',
  transferred: '已转办',
  mediaSaved: '审核附件已上传',
  mediaRemoved: '审核附件已删除',
  mediaNotYours: '只能删除本人上传的审核附件',
  mediaClosed: '验收结论已提交，审核附件不能再删除',
  // District sub-offices (resDetailsSubOffice, ResultDetailsSubofficemenu)
  otherDistrict: '该项目不在本分局辖区内，无权查看其成果',
  noDistrict: '您所在的区县分局未设置辖区，无法查看区县成果',
  statusInvalid: '项目状态须为成果已提交、已验收或已办结',
  yearInvalid: '年份须为 2000 到 2100 之间的整数',
  orgNameTooLong: '测绘机构名称不能超过 50 个字',
  // Workflow calls (/smsworkflow)
  caseNotFound: '办件不存在或不是您可以查看的办件',
  itemNotOfProject: '该测绘事项不属于这个项目',
  noLocation: '该项目尚未标注位置',
  mngOrHisInvalid: '查询类型须为 1（在办）或 2（历史）',
} as const;
const m = resultMessages;

const projectId = z.preprocess(blankToUndefined, idField(m.projectRequired));
const resultId = z.preprocess(blankToUndefined, idField(m.resultRequired));
const version = z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional());

export const catalogueEntrySchema = z.object({
  name: z.string(m.entryNameRequired).trim().min(1, m.entryNameRequired).max(50, m.entryNameTooLong),
  formats: z
    .array(z.enum(documentExtensions, m.formatInvalid), m.formatsRequired)
    .min(1, m.formatsRequired)
    .max(documentExtensions.length, m.formatInvalid),
  required: z.boolean(),
  maxSizeMb: wholeNumber(m.maxSizeInvalid, { min: 1, max: MAX_UPLOAD_BYTES / 1024 / 1024 }),
});
export type CatalogueEntryInput = z.input<typeof catalogueEntrySchema>;

/** fruitcatalog/save: the item's whole new catalogue (a new version). */
export const catalogueSaveSchema = z
  .object({
    itemId: z.preprocess(blankToUndefined, idField(m.itemRequired)),
    entries: z
      .array(catalogueEntrySchema, m.entriesRequired)
      .min(1, m.entriesRequired)
      .max(30, m.entriesTooMany),
    remark: z.preprocess(blankToUndefined, z.string().trim().max(200, m.remarkTooLong).optional()),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    for (const [i, entry] of value.entries.entries()) {
      if (seen.has(entry.name))
        ctx.addIssue({
          code: 'custom',
          message: m.entryNameRepeated(entry.name),
          path: ['entries', i, 'name'],
        });
      seen.add(entry.name);
    }
    if (!value.entries.some((entry) => entry.required))
      ctx.addIssue({ code: 'custom', message: m.noRequiredEntry, path: ['entries'] });
  });
export type CatalogueSaveInput = z.output<typeof catalogueSaveSchema>;

export const catalogueItemSchema = z.object({
  itemId: z.preprocess(blankToUndefined, idField(m.itemRequired)),
});

export const resultProjectSchema = z.object({ projectId });
export const resultPkidSchema = z.object({ pkid: projectId });
export const resultIdSchema = z.object({ resultId });

/** projectAccept/update: a result item's description. */
export const resultUpdateSchema = z.object({
  resultId,
  description: z.preprocess(
    (value) => (value === null ? '' : value),
    z.string().trim().max(500, m.descriptionTooLong),
  ),
});

/** acceptMedia/deleteMedia: one file of a result item. */
export const resultFileSchema = z.object({ resultId, fileId: z.uuid(m.fileRequired) });

/** projectAccept/queryBySelf and the to-do: the agency's projects, by name or number. */
export const resultProjectListSchema = pagingSchema.extend({
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(50, '搜索内容不能超过 50 个字').optional()),
});

/** actAccept/adopt. */
export const acceptAdoptSchema = z.object({ resultId, version });
/** actAccept/reject: the opinion is required (a template or typed). */
export const acceptRejectSchema = z.object({
  resultId,
  opinion: z
    .string(m.opinionRequired)
    .trim()
    .min(1, m.opinionRequired)
    .max(REVIEW_OPINION_MAX, m.opinionTooLong),
  version,
});
/** actAccept/submit: the auditor's verdict on the whole project, once every item is decided. */
export const acceptSubmitSchema = z.object({ pkid: projectId, version });
export const acceptQueueSchema = pagingSchema.extend(reviewQueueFields);
export const acceptDoneSchema = pagingSchema;
export const acceptTransferSchema = z.object({
  pkid: projectId,
  askReason: z
    .string(m.reasonRequired)
    .trim()
    .min(1, m.reasonRequired)
    .max(REVIEW_OPINION_MAX, m.opinionTooLong),
  transferStaffId: z.preprocess(blankToUndefined, idField(m.transferTargetRequired)),
  version,
});
/** The survey item filter (one of the catalogue's items). */
const surveyItemFilter = z.preprocess(
  blankToUndefined,
  z.coerce
    .number()
    .refine((value) => (surveyItemIds as readonly number[]).includes(value), '测绘事项不正确')
    .optional(),
);

/**
 * The district sub-office's list of its district's results (ResultDetailsSubofficemenu): the project's
 * state (5 成果已提交, 6 已验收, 7 已办结), a survey item, the agency's name and the submission's year.
 */
export const districtResultListSchema = pagingSchema.extend({
  status: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => [5, 6, 7].includes(value), m.statusInvalid)
      .optional(),
  ),
  itemId: surveyItemFilter,
  orgName: z.preprocess(blankToUndefined, z.string().trim().max(50, m.orgNameTooLong).optional()),
  year: z.preprocess(blankToUndefined, wholeNumber(m.yearInvalid, { min: 2000, max: 2100 }).optional()),
});
export type DistrictResultListInput = z.output<typeof districtResultListSchema>;

/** smsworkflow case/getZhujianProjectLocation?projectId&itemId. */
export const projectLocationSchema = z.object({
  projectId,
  itemId: z.preprocess(blankToUndefined, idField(m.itemRequired)),
});

/** smsworkflow mngCityCases/projectActInfo?mngOrHis&projectId: 1 在办 (steps and the open task), 2 历史. */
export const projectActInfoSchema = z.object({
  mngOrHis: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : blankToUndefined(value)),
    z.enum(['1', '2'], m.mngOrHisInvalid).default('1'),
  ),
  projectId,
});

/** acceptApproveMedia/save (multipart): the auditor's file on a result item (a marked-up drawing). */
export const acceptMediaSaveSchema = z.object({ resultId, file: fileField });

// ── Project history (projectHistory/query, achieveQuery): the second half's lists ────────────────────

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label}不能超过 ${max} 个字`).optional());

/** The statuses of the second half of the process (合同已备案 … 已办结). */
export const HISTORY_STATUSES = [3, 4, 5, 6, 7] as const;

const historyFilters = {
  /** Project name or number (contains). */
  projectName: optionalText(50, '项目名称或编号'),
  /** The agency's name (contains). */
  orgName: optionalText(50, '测绘机构名称'),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, '区县代码不正确')
      .optional(),
  ),
  year: z.preprocess(blankToUndefined, wholeNumber('年份不正确', { min: 2000, max: 2999 }).optional()),
};

/** projectHistory/query: projects in 3–7 the user may see, filtered (the lists and the detail page). */
export const projectHistorySchema = pagingSchema.extend({
  ...historyFilters,
  status: z.preprocess(
    blankToUndefined,
    wholeNumber('项目状态不正确', { min: 0, max: 9 })
      .refine((value) => (HISTORY_STATUSES as readonly number[]).includes(value), '项目状态不正确')
      .optional(),
  ),
  /** One project (the detail page). */
  projectId: z.preprocess(blankToUndefined, idField(m.projectRequired).optional()),
});
export type ProjectHistoryQuery = z.infer<typeof projectHistorySchema>;

/** projectHistory/achieveQuery: completed projects (已办结) with their results and certificates. */
export const achieveQuerySchema = pagingSchema.extend({
  ...historyFilters,
  certificateNo: optionalText(20, '证书编号'),
});
export type AchieveQuery = z.infer<typeof achieveQuerySchema>;
