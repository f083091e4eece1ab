/** Inputs of the staff calls (agentstaff/*): the agency's form and the server share them. */
import { z } from 'zod';
import { auditStatus } from '@shared/domain/statuses';
import { idCardField } from './id-card';
import { MOBILE_PATTERN } from './identity';
import { pagingSchema } from './lists';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const staffMessages = {
  name: '请输入姓名',
  phone: '请输入正确手机号',
  blacklisted: '该人员在人员黑名单中，不能添加为从业人员',
  duplicate: '本机构已登记该身份证号码的人员',
} as const;

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

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
