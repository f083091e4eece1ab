/**
 * Inputs of the statistics queries (issue 25: /query/districtCounty, achievementQuery, projectQuery
 * and /noticemanger/mapStatistical), with their Chinese messages. The server validates with these and
 * the console's filter bars send the same fields. An unknown value (a status, a stage, a grouping, a
 * district or an item that does not exist) is refused with 400, never read as "no filter".
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { stages } from '@shared/domain/stages';
import { contractStatus, projectStatus } from '@shared/domain/statuses';
import { calendarDate } from './deadlines';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const queryMessages = {
  districtInvalid: '区县代码不正确',
  districtUnknown: '没有这个区县',
  districtOnly: '区县分局只能查询本区县的数据',
  districtMissing: '您所在的部门未设置区县，无法查询',
  statusInvalid: '项目状态不正确',
  contractStatusInvalid: '合同状态不正确',
  stageInvalid: '审批阶段不正确',
  itemInvalid: '测绘事项不正确',
  itemUnknown: '没有这个测绘事项',
  overdueInvalid: '逾期条件不正确',
  groupByInvalid: '统计维度不正确，应为测绘事项、测绘机构、区县或月份',
  startInvalid: '开始日期不正确（YYYY-MM-DD）',
  endInvalid: '结束日期不正确（YYYY-MM-DD）',
  rangeInvalid: '结束日期不能早于开始日期',
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字`,
} as const;

const m = queryMessages;

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, m.tooLong(label, max)).optional());

/** A code of a listed district (7 or 11 digits, spec section 9); whether it exists is the server's. */
const districtField = z.preprocess(
  blankToUndefined,
  z
    .string(m.districtInvalid)
    .trim()
    .regex(/^(\d{7}|\d{11})$/, m.districtInvalid)
    .optional(),
);

/** A value of a status table, given as digits. */
const statusField = (table: { has(value: unknown): boolean }, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string(message)
      .trim()
      .regex(/^\d{1,2}$/, message)
      .transform(Number)
      .refine((value) => table.has(value), message)
      .optional(),
  );

const stageIds = new Set<number>(stages.map((stage) => stage.id));

/** The period every statistic may be limited to: calendar days in Beijing, both ends included. */
const periodShape = {
  start: z.preprocess(
    blankToUndefined,
    z
      .string(m.startInvalid)
      .optional()
      .superRefine((value, check) => {
        if (value !== undefined && !calendarDate.safeParse(value).success)
          check.addIssue({ code: 'custom', message: m.startInvalid });
      }),
  ),
  end: z.preprocess(
    blankToUndefined,
    z
      .string(m.endInvalid)
      .optional()
      .superRefine((value, check) => {
        if (value !== undefined && !calendarDate.safeParse(value).success)
          check.addIssue({ code: 'custom', message: m.endInvalid });
      }),
  ),
};

function rangeInOrder(
  value: { start?: string | undefined; end?: string | undefined },
  check: z.RefinementCtx,
) {
  if (value.start && value.end && value.end < value.start)
    check.addIssue({ code: 'custom', message: m.rangeInvalid, path: ['end'] });
}

/** districtCounty and mapStatistical: one query, optionally for a period (projects registered in it). */
export const districtCountySchema = z.object(periodShape).superRefine(rangeInOrder);
export type DistrictCountyInput = z.infer<typeof districtCountySchema>;

export const achievementGroupings = [
  { value: 'item', label: '测绘事项' },
  { value: 'agency', label: '测绘机构' },
  { value: 'district', label: '区县' },
  { value: 'month', label: '月份' },
] as const;
export type AchievementGrouping = (typeof achievementGroupings)[number]['value'];

/** achievementQuery: results grouped by item, agency, district or month, for a district and period. */
export const achievementQuerySchema = z
  .object({
    // Optional (by item) when left out or blank; `.default` marks it optional in the call's schema.
    groupBy: z
      .preprocess(
        (value) => blankToUndefined(value) ?? 'item',
        z.enum(
          achievementGroupings.map((g) => g.value) as [AchievementGrouping, ...AchievementGrouping[]],
          m.groupByInvalid,
        ),
      )
      .default('item'),
    districtCode: districtField,
    ...periodShape,
  })
  .superRefine(rangeInOrder);
export type AchievementQueryInput = z.infer<typeof achievementQuerySchema>;

/** Every filter of projectQuery; the list and its export take the same ones. */
export const projectQueryFiltersSchema = z
  .object({
    projectName: optionalText(50, '项目名称'),
    /** The project's number, central or local code (any of the three). */
    projectNo: optionalText(50, '项目编号'),
    districtCode: districtField,
    status: statusField(projectStatus, m.statusInvalid),
    /** Projects with a demand at this stage. */
    stageId: z.preprocess(
      blankToUndefined,
      z
        .string(m.stageInvalid)
        .trim()
        .regex(/^\d{1,4}$/, m.stageInvalid)
        .transform(Number)
        .refine((value) => stageIds.has(value), m.stageInvalid)
        .optional(),
    ),
    /** Projects with a demand for this survey item. */
    itemId: z.preprocess(blankToUndefined, idField(m.itemInvalid).optional()),
    /** Projects with a contract in this state. */
    contractStatus: statusField(contractStatus, m.contractStatusInvalid),
    ownerName: optionalText(50, '建设单位'),
    agencyName: optionalText(50, '测绘机构'),
    /** '1': projects with an overdue demand (its deadline passed, the project not yet accepted). */
    overdue: z.preprocess(blankToUndefined, z.enum(['1'], m.overdueInvalid).optional()),
    ...periodShape,
  })
  .superRefine(rangeInOrder);
export type ProjectQueryFilters = z.infer<typeof projectQueryFiltersSchema>;

export const projectQueryListSchema = pagingSchema
  .extend(projectQueryFiltersSchema.shape)
  .superRefine(rangeInOrder);
export const projectQueryExportSchema = projectQueryFiltersSchema;
