/**
 * Filters of the construction units' list and its export (construction/query, construction/exportExcel):
 * name and credit code contain the text, the audit status is one of the table's.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { auditStatus } from '@shared/domain/statuses';
import { pagingSchema } from './lists';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

export const constructionExportSchema = z.object({
  name: optionalText(100, '单位名称不能超过 100 个字'),
  creditCode: optionalText(18, '统一社会信用代码不能超过 18 个字符'),
  auditStatus: z.preprocess(
    blankToUndefined,
    wholeNumber('审核状态不正确')
      .refine((value) => auditStatus.has(value), '审核状态不正确')
      .optional(),
  ),
});
export type ConstructionExportFilters = z.infer<typeof constructionExportSchema>;

/** construction/list: the same filters, one page at a time (the list the export button sits on). */
export const constructionUnitListSchema = pagingSchema.extend(constructionExportSchema.shape);
