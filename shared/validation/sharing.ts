/**
 * Inputs of result sharing (issue 22; shared/domain/sharing.ts, server/modules/sharing), with their
 * Chinese messages.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { SHARE_PURPOSE_MAX, shareStatus } from '@shared/domain/sharing';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const sharingMessages = {
  projectRequired: '请选择申请共享成果的项目',
  applicationRequired: '请提供正确的申请编号',
  fileRequired: '请提供正确的成果文件编号',
  purposeRequired: '请填写申请用途',
  purposeTooLong: `申请用途不能超过${SHARE_PURPOSE_MAX}字`,
  opinionRequired: '请填写审核意见',
  opinionTooLong: `审核意见不能超过${REVIEW_OPINION_MAX}字`,
  decisionInvalid: '请选择同意或不同意',
  keywordTooLong: '关键字不能超过 50 个字',
  yearInvalid: '年份须为 2000 到 2100 的整数',
  statusInvalid: '申请状态不正确',
  fileNameInvalid: '请提供正确的文件名',
  projectNotShareable: '该项目尚未验收或没有已采纳的成果，不能申请共享',
  projectNotFound: '项目不存在',
  applicationNotFound: '共享申请不存在',
  notEditable: (label: string) => `申请当前为“${label}”，不能修改`,
  alreadyOpen: '您已有该项目尚在审批中或有效期内的共享申请',
  notYourStep: '该申请当前不由您审核',
  fileNotFound: '成果文件不存在',
  notApproved: '您没有该项目成果的共享权限，请先提交共享申请并等待审批通过',
  expired: (day: string) => `您的成果共享申请已于${day}到期，不能再下载，如需继续使用请重新申请`,
  notImage: '该成果文件不是图片，请使用下载',
  saved: '共享申请已保存',
  submitted: '共享申请已提交，请等待建设单位审核',
  ownerApproved: '已同意，申请已转主管部门审核',
  authorityApproved: '已同意，申请人可在有效期内下载成果',
  rejected: '已不同意该申请',
} as const;
const m = sharingMessages;

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());
const optionalId = (message: string) => z.preprocess(blankToUndefined, idField(message).optional());

/** Browsing accepted results by metadata: survey item, district, year, agency, keyword. */
export const shareableListSchema = pagingSchema.extend({
  itemId: optionalId('请选择正确的测绘事项'),
  districtCode: optionalText(20, '区县编码不正确'),
  year: z.preprocess(blankToUndefined, wholeNumber(m.yearInvalid, { min: 2000, max: 2100 }).optional()),
  orgName: optionalText(50, '中介机构名称不能超过 50 个字'),
  keyword: optionalText(50, m.keywordTooLong),
});
export type ShareableListQuery = z.infer<typeof shareableListSchema>;

/** Save an application (a new one for the project, or the draft `pkid`), and submit it when asked. */
export const shareApplySchema = z.object({
  pkid: optionalId(m.applicationRequired),
  projectId: idField(m.projectRequired),
  purpose: z
    .string({ error: m.purposeRequired })
    .trim()
    .min(1, m.purposeRequired)
    .max(SHARE_PURPOSE_MAX, m.purposeTooLong),
  submit: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean().default(false),
  ),
});
export type ShareApplyInput = z.infer<typeof shareApplySchema>;

export const sharePkidSchema = z.object({ pkid: idField(m.applicationRequired) });

/** The owner's or the authority's decision on the step the application is at (2 同意, 3 不同意). */
export const shareDecideSchema = z
  .object({
    pkid: idField(m.applicationRequired),
    auditStatus: wholeNumber(m.decisionInvalid, { min: 2, max: 3 }),
    opinion: optionalText(REVIEW_OPINION_MAX, m.opinionTooLong),
    version: z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional()),
  })
  .refine((input) => input.auditStatus === 2 || input.opinion !== undefined, {
    message: m.opinionRequired,
    path: ['opinion'],
  });

/** Applications: share01 its own, the owner its projects', the authority all; `todo`: waiting for me. */
export const shareListSchema = pagingSchema.extend({
  status: z.preprocess(
    blankToUndefined,
    wholeNumber(m.statusInvalid, { min: 0, max: 9 })
      .refine((value) => shareStatus.has(value), m.statusInvalid)
      .optional(),
  ),
  keyword: optionalText(50, m.keywordTooLong),
  todo: z.preprocess(
    (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '' ? false : value),
    z.boolean().default(false),
  ),
});
export type ShareListQuery = z.infer<typeof shareListSchema>;

/** Download records: of one application, or every one the user may see. */
export const shareDownloadListSchema = pagingSchema.extend({
  applicationId: optionalId(m.applicationRequired),
  keyword: optionalText(50, m.keywordTooLong),
});
export type ShareDownloadListQuery = z.infer<typeof shareDownloadListSchema>;

/** The owner's shared projects (with whom), or the authority's all. */
export const sharedProjectListSchema = pagingSchema.extend({
  keyword: optionalText(50, m.keywordTooLong),
});

/** A result file (project_result_files.pkid) in a path. */
export const resultFileIdSchema = z.object({ id: idField(m.fileRequired) });

/**
 * /task/common/download?fileName&delete: a result file by its stored file's id. The legacy `delete`
 * removed a temporary export after sending it; result files are kept, so it is accepted and ignored.
 */
export const commonDownloadSchema = z.object({
  fileName: z.uuid({ error: m.fileNameInvalid }),
  delete: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
});
