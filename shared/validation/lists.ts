/**
 * Query parameters of the public hall's lists, once: the API validates them (a 400 with the message),
 * and the hall pages read the same names from their URLs through `parseLenient` (a bad value there
 * falls back to its default instead of failing the page).
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { creditFlag, noticeType, qualificationGrade } from '@shared/domain/statuses';
import { surveyItemIds } from '@shared/domain/stages';
import { wholeNumber } from './numbers';
import { blankToUndefined } from './text';

/** Form and query values arrive as strings; an empty one means "not given" (spec 5: only non-empty). */
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional());

const positiveInt = (message: string) => wholeNumber(message);

export const PAGE_SIZE = 10;

export const pagingSchema = z.object({
  page: z.preprocess(blankToUndefined, positiveInt('页码必须是正整数').default(1)),
  rows: z.preprocess(
    blankToUndefined,
    wholeNumber('每页条数必须是 1 到 100 的整数', { max: 100 }).default(PAGE_SIZE),
  ),
});

export const noticeListSchema = pagingSchema.extend({
  noticeType: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => noticeType.has(value), '公告类型不正确')
      .optional(),
  ),
  keyword: optionalText(50, '搜索词不能超过 50 个字'),
  /** Requested states; the public always gets published ones only. */
  state: optionalText(20, '公告状态不正确'),
  sort: z.preprocess(blankToUndefined, z.enum(['noticeTime', 'noticeTitle'], '排序字段不正确').optional()),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], '排序方向不正确').optional()),
  deptIdList: optionalText(500, '部门列表不正确'),
  _t: optionalText(40, '时间戳不正确'),
});
export type NoticeListParams = z.infer<typeof noticeListSchema>;

export const idSchema = z.object({
  id: z.preprocess(blankToUndefined, positiveInt('请提供正确的编号')),
});

export const fileIdSchema = z.object({
  id: z.uuid('请提供正确的文件编号'),
});

/** Directory filters: credit state `good` = no flag; otherwise one flag of creditFlag. */
export const creditFilterValues = ['good', ...creditFlag.values] as const;
export type CreditFilter = (typeof creditFilterValues)[number];

export const agencyListSchema = pagingSchema.extend({
  orgName: optionalText(50, '机构名称不能超过 50 个字'),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, '区县代码不正确')
      .optional(),
  ),
  itemId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => (surveyItemIds as readonly number[]).includes(value), '测绘事项不正确')
      .optional(),
  ),
  credit: z.preprocess(blankToUndefined, z.enum(creditFilterValues, '信用状态不正确').optional()),
  qualificationGrade: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .refine((value) => qualificationGrade.has(value), '资质等级不正确')
      .optional(),
  ),
});
export type AgencyListParams = z.infer<typeof agencyListSchema>;

/**
 * getOrgPassRate: the approved share of decided agency applications, per organization (default) or per
 * registration organ, narrowed to a registration organ (contains) and a credit code (exact).
 */
export const passRateSchema = pagingSchema.extend({
  registrationOrgan: optionalText(100, '登记机关不能超过 100 个字'),
  credential: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().toUpperCase()) : value),
    z.string().max(18, '统一社会信用代码不能超过 18 个字符').optional(),
  ),
  groupBy: z.preprocess(
    blankToUndefined,
    z.enum(['organization', 'organ'], '分组方式不正确').default('organization'),
  ),
});
export type PassRateQuery = z.infer<typeof passRateSchema>;

export const downloadListSchema = pagingSchema.extend({
  keyword: optionalText(50, '搜索词不能超过 50 个字'),
});
export type DownloadListParams = z.infer<typeof downloadListSchema>;

export const newestSchema = z.object({
  num: z.preprocess(blankToUndefined, wholeNumber('条数必须是 1 到 20 的整数', { max: 20 }).default(5)),
});

/** getNewConstruction?type: 1 = verified units only (the hall), 0 = every registered unit. */
export const newConstructionSchema = newestSchema.extend({
  type: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1)], '类型只能是 0 或 1'))
      .default(1),
  ),
});

export const demandListSchema = pagingSchema.extend({
  keyword: optionalText(50, '搜索词不能超过 50 个字'),
  stageId: z.preprocess(blankToUndefined, wholeNumber('审批阶段不正确', { max: 99 }).optional()),
  districtCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/, '区县代码不正确')
      .optional(),
  ),
});
export type DemandListParams = z.infer<typeof demandListSchema>;

/**
 * Reads URL parameters for a page: a value that fails its rule is dropped (so its default applies)
 * instead of failing the page. Returns the parsed values and whether anything was dropped.
 */
export function parseLenient<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): { values: z.infer<S>; dropped: string[] } {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const dropped: string[] = [];
  for (;;) {
    const result = schema.safeParse(raw);
    if (result.success) return { values: result.data, dropped };
    const field = result.error.issues.map((issue) => String(issue.path[0] ?? '')).find((name) => name in raw);
    if (!field) throw result.error;
    dropped.push(field);
    delete raw[field];
  }
}
