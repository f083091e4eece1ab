/**
 * Inputs of the certificate calls (issue 22), with their Chinese messages: the server validates with
 * these and the console's forms with the same schemas.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { certificateState } from '@shared/domain/certificates';
import { pagingSchema } from './lists';
import { idField, wholeNumber } from './numbers';
import { blankToUndefined } from './text';

export const certificateMessages = {
  notFound: '证书不存在',
  pkidRequired: '请提供正确的证书编号',
  noRequired: '请输入证书编号',
  noInvalid: '证书编号格式不正确，应为 YZCG 加 10 位数字，如 YZCG2026000001',
  reasonRequired: '请填写撤销原因',
  reasonTooLong: '撤销原因不能超过500个字',
  yearInvalid: '年份不正确',
  stateInvalid: '证书状态不正确',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
  alreadyRevoked: '该证书已撤销',
  projectNotAccepted: '项目尚未验收，不能发证',
  rateLimited: '查询过于频繁，请稍后再试',
} as const;

const m = certificateMessages;

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, m.tooLong(label, max)).optional());

export const certificatePkidField = z.preprocess(blankToUndefined, idField(m.pkidRequired));

/** Filters of the list and of its export (the export holds what the list shows). */
export const certificateFiltersSchema = z.object({
  certificateNo: optionalText(20, '证书编号'),
  projectName: optionalText(50, '项目名称'),
  year: z.preprocess(blankToUndefined, wholeNumber(m.yearInvalid, { min: 2000, max: 2999 }).optional()),
  state: z.preprocess(
    blankToUndefined,
    z.coerce
      .number<string | number>(m.stateInvalid)
      .refine((value) => certificateState.has(value), m.stateInvalid)
      .optional(),
  ),
  /** A project's certificate (the link from the project's page). */
  projectId: z.preprocess(blankToUndefined, idField('项目编号不正确').optional()),
});
export type CertificateFilters = z.infer<typeof certificateFiltersSchema>;

export const certificateListSchema = pagingSchema.extend(certificateFiltersSchema.shape);
export const certificateExportSchema = certificateFiltersSchema;

export const certificatePkidSchema = z.object({ pkid: certificatePkidField });

export const certificatePdfSchema = z.object({
  pkid: certificatePkidField,
  /** 1: download (attachment); otherwise shown in the browser. */
  download: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()),
});

export const certificateRevokeSchema = z.object({
  pkid: certificatePkidField,
  reason: z.string(m.reasonRequired).trim().min(1, m.reasonRequired).max(500, m.reasonTooLong),
});
export type CertificateRevokeInput = z.input<typeof certificateRevokeSchema>;

/** The public verification: a number as printed (spaces around it and lower case forgiven). */
export const certificateVerifySchema = z.object({
  no: z
    .string(m.noRequired)
    .trim()
    .min(1, m.noRequired)
    .max(20, m.noInvalid)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^YZCG\d{10}$/, m.noInvalid)),
});
