/**
 * Inputs of the agency application, its review and its change requests (shared/calls/agencies.ts):
 * the server validates with these and the console's forms with the same schemas and messages.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { agencyAttachmentKind } from '@shared/domain/agencies';
import { surveyItemIds } from '@shared/domain/stages';
import { qualificationGrade } from '@shared/domain/statuses';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { creditCodeProblem, creditCodeMessages } from './credit-code';
import { MOBILE_PATTERN } from './identity';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined, commaSeparated } from './text';
import { registrationFiles, registrationSchema } from './registration';
import { reviewQueueFields } from './review';

export const agencyMessages = {
  orgNameRequired: '请输入机构名称',
  orgNameTooLong: '机构名称不能超过100个字',
  legalPersonRequired: '请输入法定代表人',
  registrationOrganRequired: '请输入登记机关',
  certNoRequired: '请输入资质证书编号',
  gradeRequired: '请选择资质等级',
  scopeRequired: '请选择业务范围',
  scopeInvalid: '业务范围包含不存在的测绘事项',
  districtRequired: '请选择所在区县',
  addressRequired: '请输入办公地址',
  contactNameRequired: '请输入联系人',
  phoneInvalid: '请输入正确手机号',
  emailInvalid: '请输入正确的邮箱地址',
  dateInvalid: '请输入正确的日期',
  employeeCountInvalid: '从业人数应为 0 到 100000 的整数',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  licenceRequired: '请上传营业执照',
  qualificationRequired: '请上传资质证书',
  actionInvalid: '操作类型不正确',
  saved: '保存成功',
  submitted: '提交成功，请等待审核',
  notOwnOrg: '只能查看和修改本机构的信息',
  noOrg: '尚未填写机构申请',
  pendingLocked: '申请正在审核中，不能修改',
  approvedLocked: '机构已审核通过，信息变更请提交变更申请',
  notApproved: '机构审核通过后才能申请变更',
  changeOpen: '已有未完成的变更申请',
  noChange: '变更内容与当前信息相同，请修改后再提交',
  orgNotFound: '机构不存在',
  changeNotFound: '变更申请不存在',
  credentialTaken: '该统一社会信用代码已被其他机构使用',
} as const;
const m = agencyMessages;

const requiredText = (max: number, required: string, label: string) =>
  z.string(required).trim().min(1, required).max(max, m.tooLong(label, max));

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, m.tooLong(label, max)).optional());

const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string(m.dateInvalid)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), m.dateInvalid)
    .optional(),
);

/** The unified social credit code: 18 characters of GB 32100 with its check character. */
export const creditCodeField = z
  .string(creditCodeMessages.required)
  .trim()
  .toUpperCase()
  .superRefine((value, context) => {
    const problem = creditCodeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Survey item ids: an array, or "101,201" as a form field carries it. */
const businessScopeField = z.preprocess(
  commaSeparated,
  z
    .array(z.coerce.number<string | number>(m.scopeInvalid).int(m.scopeInvalid), m.scopeRequired)
    .min(1, m.scopeRequired)
    .max(surveyItemIds.length, m.scopeInvalid)
    .refine((ids) => ids.every((id) => (surveyItemIds as readonly number[]).includes(id)), m.scopeInvalid)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

/** The fields an agency fills in (application and change request). */
export const agencyFieldsSchema = z.object({
  orgName: requiredText(100, m.orgNameRequired, '机构名称'),
  credential: creditCodeField,
  legalPersonName: requiredText(50, m.legalPersonRequired, '法定代表人'),
  registrationOrgan: requiredText(100, m.registrationOrganRequired, '登记机关'),
  qualificationCertNo: requiredText(50, m.certNoRequired, '资质证书编号'),
  qualificationGrade: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(m.gradeRequired)
      .refine((value) => qualificationGrade.has(value), m.gradeRequired),
  ),
  qualificationValidUntil: optionalDate,
  businessScope: businessScopeField,
  districtCode: z.string(m.districtRequired).regex(/^\d{7}(\d{4})?$/, m.districtRequired),
  address: requiredText(200, m.addressRequired, '办公地址'),
  contactName: requiredText(50, m.contactNameRequired, '联系人'),
  contactPhone: z.string(m.phoneInvalid).trim().regex(MOBILE_PATTERN, m.phoneInvalid),
  email: z.preprocess(blankToUndefined, z.email(m.emailInvalid).max(100, m.emailInvalid).optional()),
  establishedOn: optionalDate,
  employeeCount: z.preprocess(
    blankToUndefined,
    wholeNumber(m.employeeCountInvalid, { min: 0, max: 100_000 }).optional(),
  ),
  introduction: optionalText(2000, '机构简介'),
});
export type AgencyFieldsInput = z.input<typeof agencyFieldsSchema>;

/** The application's attachments: licence and qualification certificate are needed to submit. */
export const agencyFiles = registrationFiles(agencyAttachmentKind, {
  licence: m.licenceRequired,
  qualification: m.qualificationRequired,
});

/**
 * updateSelf (multipart): the fields, `action` save (draft: only what is given is checked against its
 * rules, so a half-filled form can be kept) or submit, new attachments, and attachments to remove.
 */
export const agencyApplySchema = registrationSchema(agencyFieldsSchema, agencyFiles, m);

export const orgIdSchema = subjectId('orgId', '请提供正确的机构编号');
export const organizationIdSchema = subjectId('organizationId', '请提供正确的机构编号');
/** queryOneByUserId?userId: the organization an account registered. */
export const agencyUserIdSchema = subjectId('userId', '请提供正确的用户编号');

/** The subject's id under the spec's name for it (organizationId, id, …). */
function subjectId<K extends string>(key: K, message: string) {
  const field = z.preprocess(blankToUndefined, idField(message));
  return z.object({ [key]: field } as { [P in K]: typeof field });
}

const reviewVersion = z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional());

/** approve: pass (2) or reject (3) with an opinion (required to reject), for the subject named by key. */
function decisionSchema<K extends string>(key: K, idMessage: string) {
  return subjectId(key, idMessage).extend({
    auditStatus: z.coerce
      .number<string | number>('请选择审核结果')
      .refine((value) => value === 2 || value === 3, '请选择审核结果'),
    opinion: optionalText(REVIEW_OPINION_MAX, '审核意见'),
    version: reviewVersion,
  });
}

/** transfer…Task?<key>&askReason&transferStaffId */
function transferSchema<K extends string>(key: K, idMessage: string) {
  return subjectId(key, idMessage).extend({
    askReason: z.preprocess(
      blankToUndefined,
      z
        .string('请输入转办原因')
        .trim()
        .min(1, '请输入转办原因')
        .max(REVIEW_OPINION_MAX, '转办原因不能超过500个字'),
    ),
    transferStaffId: z.preprocess(blankToUndefined, idField('请选择转办人员')),
    version: reviewVersion,
  });
}

export const agencyDecisionSchema = decisionSchema('organizationId', '请提供正确的机构编号');
/** transferOrgTask?organizationId&askReason&transferStaffId */
export const agencyTransferSchema = transferSchema('organizationId', '请提供正确的机构编号');

export const reviewListSchema = pagingSchema;
/** The reviewers' queue of applications: paging and the queue's fields (search, 我的待办, order). */
export const reviewQueueSchema = pagingSchema.extend(reviewQueueFields);

/** listDictBizscope and metadata/{x} take nothing but the metadata name. */
export const metadataSchema = z.object({
  x: z.enum(['auditStatus', 'qualificationGrade', 'attachmentKind', 'district'], '元数据名称不正确'),
});

/** agentChange/metadata/{x}: the change's audit states or the names of the fields a change may touch. */
export const changeMetadataSchema = z.object({
  x: z.enum(['auditStatus', 'changeField'], '元数据名称不正确'),
});

/** updateSelfChange: the edited fields, why, and save (draft) or submit. */
export const agencyChangeSchema = agencyFieldsSchema.extend({
  reason: z.preprocess(
    blankToUndefined,
    z.string('请填写变更原因').trim().min(1, '请填写变更原因').max(500, '变更原因不能超过500个字'),
  ),
  action: z.enum(['save', 'submit'], m.actionInvalid).default('submit'),
  // Attachments the change replaces or adds, and ones it removes (applied only on approval).
  licence: agencyApplySchema.shape.licence,
  qualification: agencyApplySchema.shape.qualification,
  other: agencyApplySchema.shape.other,
  removeFileIds: agencyApplySchema.shape.removeFileIds,
});

export const changeIdSchema = subjectId('id', '请提供正确的变更编号');

export const changeDecisionSchema = decisionSchema('id', '请提供正确的变更编号');
/** transferOrgChangeTask?id&askReason&transferStaffId */
export const changeTransferSchema = transferSchema('id', '请提供正确的变更编号');

/** queryDishonestByLegalPersonName */
export const dishonestQuerySchema = z.object({
  legalPersonName: z
    .string('请输入法定代表人姓名')
    .trim()
    .min(1, '请输入法定代表人姓名')
    .max(50, '法定代表人姓名不能超过50个字'),
});
