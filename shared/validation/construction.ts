/**
 * Inputs of a construction unit's verification (shared/calls/construction.ts): the server
 * validates with these and the console's form with the same schemas and messages.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { REVIEW_OPINION_MAX } from '@shared/domain/review';
import { creditCodeField } from './agencies';
import { MOBILE_PATTERN } from './identity';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';
import { registrationFiles, registrationSchema } from './registration';
import { reviewQueueFields } from './review';

export const constructionMessages = {
  nameRequired: '请输入单位名称',
  legalPersonRequired: '请输入法定代表人',
  contactNameRequired: '请输入联系人',
  phoneInvalid: '请输入正确手机号',
  addressRequired: '请输入单位地址',
  districtRequired: '请选择所在区县',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  licenceRequired: '请上传营业执照',
  actionInvalid: '操作类型不正确',
  saved: '保存成功',
  submitted: '提交成功，请等待审核',
  pendingLocked: '单位信息正在审核中，不能修改',
  approvedLocked: '单位已认证通过，信息变更请提交变更申请',
  notVerified: '单位认证通过后才能申请变更',
  changeOpen: '已有未完成的变更申请',
  noChange: '变更内容与当前信息相同，请修改后再提交',
  changeNotFound: '变更申请不存在',
  reasonRequired: '请填写变更原因',
  unitNotFound: '建设单位不存在',
  creditCodeTaken: '该统一社会信用代码已被其他单位使用',
} as const;
const m = constructionMessages;

const requiredText = (max: number, required: string, label: string) =>
  z.string(required).trim().min(1, required).max(max, m.tooLong(label, max));

/** The fields an owner fills in (the console's form validates with these). */
export const constructionFieldsSchema = z.object({
  name: requiredText(100, m.nameRequired, '单位名称'),
  creditCode: creditCodeField,
  legalPersonName: requiredText(50, m.legalPersonRequired, '法定代表人'),
  contactName: requiredText(50, m.contactNameRequired, '联系人'),
  contactPhone: z.string(m.phoneInvalid).trim().regex(MOBILE_PATTERN, m.phoneInvalid),
  address: requiredText(200, m.addressRequired, '单位地址'),
  districtCode: z.string(m.districtRequired).regex(/^\d{7}(\d{4})?$/, m.districtRequired),
});

/** The verification's attachments: the business licence is needed to submit. */
export const constructionFiles = registrationFiles(constructionAttachmentKind, {
  licence: m.licenceRequired,
});

/** updateSelf (multipart): the unit's fields, save (draft) or submit, new attachments, removals. */
export const constructionUpdateSchema = registrationSchema(constructionFieldsSchema, constructionFiles, m);
export type ConstructionUpdateInput = z.input<typeof constructionUpdateSchema>;

export const constructionIdSchema = z.object({
  constructionId: z.preprocess(blankToUndefined, idField('请提供正确的单位编号')),
});

/** approve: pass (2) or reject (3) with an opinion (required to reject, by the review engine). */
export const constructionDecisionSchema = z.object({
  constructionId: z.preprocess(blankToUndefined, idField('请提供正确的单位编号')),
  auditStatus: z.coerce
    .number<string | number>('请选择审核结果')
    .refine((value) => value === 2 || value === 3, '请选择审核结果'),
  opinion: z.preprocess(
    blankToUndefined,
    z.string().trim().max(REVIEW_OPINION_MAX, m.tooLong('审核意见', REVIEW_OPINION_MAX)).optional(),
  ),
  version: z.preprocess(blankToUndefined, wholeNumber('版本号不正确', { min: 0 }).optional()),
});

export const constructionListSchema = pagingSchema;
/** The reviewers' queue of units to verify: paging and the queue's fields (search, 我的待办, order). */
export const constructionQueueSchema = pagingSchema.extend(reviewQueueFields);

export const constructionMetadataSchema = z.object({
  x: z.enum(['auditStatus', 'attachmentKind', 'district'], '元数据名称不正确'),
});

/** construction/update: a verified unit's edited fields as a change request, why, save or submit. */
export const constructionChangeSchema = constructionFieldsSchema.extend({
  reason: z.preprocess(
    blankToUndefined,
    z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500, m.tooLong('变更原因', 500)),
  ),
  action: z.enum(['save', 'submit'], m.actionInvalid).default('submit'),
});
export type ConstructionChangeInput = z.input<typeof constructionChangeSchema>;

const changeId = z.preprocess(blankToUndefined, idField('请提供正确的变更编号'));

/** queryOneChange?id */
export const unitChangeIdSchema = z.object({ id: changeId });

/** approveChange: pass (2, applies the change) or reject (3) with an opinion. */
export const unitChangeDecisionSchema = constructionDecisionSchema
  .omit({ constructionId: true })
  .extend({ id: changeId });
