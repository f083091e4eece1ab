/**
 * Inputs of the credit calls (lost credit, unqualified, blacklists, red list): shared by the console's
 * forms and the server. Dates are calendar days `YYYY-MM-DD`; an end date before the start is refused.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { creditEntryStatuses } from '@shared/domain/credit';
import { creditGrades } from '@shared/domain/credit-score';
import { roles } from '@shared/domain/roles';
import { idCardField } from './id-card';
import { pagingSchema } from './lists';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';
import { fileField } from './file-field';

/** Who decides credit entries: the competent authority (and the administrator, who always passes). */
export const creditManagerRoles = [roles.authority.id] as const;

export const creditMessages = {
  organization: '请选择机构',
  reason: '请输入原因',
  reasonLong: '原因不能超过 500 个字',
  startDate: '请选择开始日期',
  date: '日期格式不正确',
  endBeforeStart: '结束日期不能早于开始日期',
  entry: '请提供正确的记录编号',
  endReason: '请输入撤销原因',
  personName: '请输入姓名',
  projects: '违规项目编号不正确',
} as const;

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

const day = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, creditMessages.date)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, creditMessages.date);

export const creditListSchema = pagingSchema.extend({
  orgName: optionalText(50, '机构名称不能超过 50 个字'),
  personName: optionalText(20, '姓名不能超过 20 个字'),
  status: z.preprocess(blankToUndefined, z.enum(creditEntryStatuses, '状态不正确').optional()),
});
export type CreditListParams = z.infer<typeof creditListSchema>;

const optionalFile = z.preprocess(blankToUndefined, fileField.optional());

/** The fields of every new entry; evidence: up to three files (business licence scans, reports…). */
const entryFields = {
  reason: z
    .string(creditMessages.reason)
    .trim()
    .min(1, creditMessages.reason)
    .max(500, creditMessages.reasonLong),
  startDate: day(creditMessages.startDate),
  endDate: z.preprocess(blankToUndefined, day(creditMessages.date).optional()),
  evidence1: optionalFile,
  evidence2: optionalFile,
  evidence3: optionalFile,
};

function endNotBeforeStart(value: { startDate: string; endDate?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.endDate && value.endDate < value.startDate)
    ctx.addIssue({ code: 'custom', message: creditMessages.endBeforeStart, path: ['endDate'] });
}

const organizationId = wholeNumber(creditMessages.organization);

/** A lost-credit or organization blacklist entry for an agency. */
export const orgCreditAddSchema = z.object({ organizationId, ...entryFields }).superRefine(endNotBeforeStart);
export type OrgCreditAddInput = z.infer<typeof orgCreditAddSchema>;

/** An unqualified entry, with its violation projects (comma-separated project ids). */
export const unqualifiedAddSchema = z
  .object({
    organizationId,
    ...entryFields,
    projectIds: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : value,
      z.array(wholeNumber(creditMessages.projects)).max(50, creditMessages.projects).default([]),
    ),
  })
  .superRefine(endNotBeforeStart);
export type UnqualifiedAddInput = z.infer<typeof unqualifiedAddSchema>;

/** A person on the blacklist, by ID card number (so it holds in every agency). */
export const personBlacklistAddSchema = z
  .object({
    personName: z
      .string(creditMessages.personName)
      .trim()
      .min(1, creditMessages.personName)
      .max(20, '姓名不能超过 20 个字'),
    idCardNo: idCardField,
    ...entryFields,
  })
  .superRefine(endNotBeforeStart);
export type PersonBlacklistAddInput = z.infer<typeof personBlacklistAddSchema>;

/** Ends (revokes) an entry before its end date. */
export const creditEndSchema = z.object({
  pkid: wholeNumber(creditMessages.entry),
  endReason: z
    .string(creditMessages.endReason)
    .trim()
    .min(1, creditMessages.endReason)
    .max(500, creditMessages.reasonLong),
});
export type CreditEndInput = z.infer<typeof creditEndSchema>;

/** agBreakPro/query: violation projects, paged with `size` as the spec names it. */
export const breakProjectListSchema = z.object({
  page: pagingSchema.shape.page,
  size: pagingSchema.shape.rows,
  orgname: optionalText(50, '机构名称不能超过 50 个字'),
});

export const redListSchema = pagingSchema.extend({
  orgName: optionalText(50, '机构名称不能超过 50 个字'),
  /** 法人 (Fr): the legal person's name. */
  frName: optionalText(20, '法定代表人姓名不能超过 20 个字'),
});

/** agUnqualified/queryReportProject: the projects of one agency, to name as violation projects. */
export const reportProjectListSchema = pagingSchema.extend({
  organizationId,
  projectName: optionalText(100, '项目名称不能超过 100 个字'),
});
export type ReportProjectParams = z.infer<typeof reportProjectListSchema>;

/** An agency's credit score: an agency reads its own (no id needed); the other roles name one. */
export const creditScoreQuerySchema = z.object({
  organizationId: z.preprocess(blankToUndefined, wholeNumber('请提供正确的机构编号').optional()),
});

/** Agencies by credit score, lowest first; a grade and a name narrow them. */
export const creditScoreListSchema = pagingSchema.extend({
  grade: z.preprocess(blankToUndefined, z.enum(creditGrades, '信用等级只能是 A、B、C、D').optional()),
  orgName: z.preprocess(blankToUndefined, z.string().trim().max(100, '机构名称不能超过 100 个字').optional()),
});
export type CreditScoreListInput = z.infer<typeof creditScoreListSchema>;
