/** Inputs of the staff calls (agentstaff/*): the agency's form and the server share them. */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { auditStatus } from '@shared/domain/statuses';
import { idCardField } from './id-card';
import {
  ACCOUNT_MAX,
  MOBILE_PATTERN,
  PASSWORD_STRENGTH,
  identityMessages,
  isReservedAccount,
} from './identity';
import { pagingSchema } from './lists';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';
import { fileField } from './file-field';

export const staffMessages = {
  name: '请输入姓名',
  phone: '请输入正确手机号',
  blacklisted: '该人员在人员黑名单中，不能添加为从业人员',
  /** An addition or change decided after the person was blacklisted. */
  blacklistedApproval: '该人员在人员黑名单中，不能通过审核',
  duplicate: '本机构已登记该身份证号码的人员',
  agencyNotApproved: '本机构的入库申请尚未审核通过，不能提交从业人员审核',
  idCardFileRequired: '请上传身份证复印件',
  certificateFileRequired: '填写了证书编号的，请上传职业资格证书',
  removeUnknown: '要删除的附件不存在',
} as const;

/** Attachment file ids to remove, comma separated (a multipart form sends one string). */
const removeFileIds = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : value,
  z.array(z.uuid('请提供正确的文件编号')).max(20, '一次最多删除 20 个附件').optional(),
);

/** The person's attachments (multipart): ID card copy, certificate, other; each optional on the wire. */
const staffFiles = {
  idCardFile: fileField.optional(),
  certificateFile: fileField.optional(),
  otherFile: fileField.optional(),
  removeFileIds,
};

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

/**
 * queryStaff: the approved people of one agency, to pick from (an agency gets its own whatever it
 * names; the authority names the agency).
 */
export const staffPickSchema = z.object({
  organizationId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的机构编号').optional()),
  name: optionalText(20, '姓名不能超过 20 个字'),
});

/**
 * queryStaffByProjectId: which of the authorized agency's people to list. 0 every person (any review
 * state), 1 approved people only, 2 people with a login account of the staff role.
 */
export const staffByProjectSchema = z.object({
  projectId: wholeNumber('请提供正确的项目编号'),
  queryType: z.preprocess(
    (value) => (value === undefined || value === '' ? 0 : value),
    z.coerce
      .number({ error: '查询类型只能是 0、1 或 2' })
      .int('查询类型只能是 0、1 或 2')
      .min(0, '查询类型只能是 0、1 或 2')
      .max(2, '查询类型只能是 0、1 或 2'),
  ),
});

export const staffListSchema = pagingSchema.extend({
  name: optionalText(20, '姓名不能超过 20 个字'),
  /** staffListChild: one agency's staff (an agency always sees only its own). */
  organizationId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的机构编号').optional()),
  auditStatus: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => auditStatus.has(value), '审核状态不正确')
      .optional(),
  ),
});

export const staffAddSchema = z.object({
  name: z.string(staffMessages.name).trim().min(1, staffMessages.name).max(20, '姓名不能超过 20 个字'),
  idCardNo: idCardField,
  phone: z.string(staffMessages.phone).trim().regex(MOBILE_PATTERN, staffMessages.phone),
  title: optionalText(30, '职称不能超过 30 个字'),
  certificateNo: optionalText(40, '证书编号不能超过 40 个字'),
  post: optionalText(30, '岗位不能超过 30 个字'),
  ...staffFiles,
});
export type StaffAddInput = z.infer<typeof staffAddSchema>;

export const staffDecisionSchema = z.object({
  id: wholeNumber('请提供正确的编号'),
  decision: z.enum(['approve', 'reject'], '请选择审核结果'),
  opinion: optionalText(500, '审核意见不能超过 500 个字'),
  version: z.preprocess(blankToUndefined, wholeNumber('版本不正确', { min: 0 }).optional()),
});

export const staffChangeMessages = {
  pending: '该人员正在审核中，请等审核结束后再修改或删除',
  noChange: '没有修改任何内容',
  deleted: '该人员已删除',
  notFound: '没有这项人员变更',
} as const;

/** editStaffAdd: the whole form again; an approved person's edits become a change for review. */
export const staffUpdateSchema = staffAddSchema.extend({ id: wholeNumber('请提供正确的编号') });
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

export const staffChangeListSchema = pagingSchema.extend({
  auditStatus: staffListSchema.shape.auditStatus,
  staffId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的编号').optional()),
});

export const staffAccountMessages = {
  notApproved: '人员审核通过后才能开通登录账号',
  exists: '该人员已有登录账号',
  none: '该人员还没有登录账号',
  disabled: '账号已停用，不能重置密码',
} as const;

/**
 * agentstaff/createAccount: a login account of the staff role for an approved person. The password
 * follows the registration rule; left blank, the server generates one and shows it once.
 */
export const staffAccountSchema = z.object({
  id: wholeNumber('请提供正确的编号'),
  loginname: z
    .string(identityMessages.accountRequired)
    .trim()
    .min(1, identityMessages.accountRequired)
    .max(ACCOUNT_MAX, identityMessages.accountTooLong)
    .refine((value) => !/[\u3400-\u9fff\uf900-\ufaff]/.test(value), identityMessages.accountChinese)
    .refine((value) => !isReservedAccount(value), identityMessages.accountReserved),
  password: z.preprocess(
    blankToUndefined,
    z.string().regex(PASSWORD_STRENGTH, identityMessages.passwordStrength).max(64).optional(),
  ),
});
export type StaffAccountInput = z.infer<typeof staffAccountSchema>;
