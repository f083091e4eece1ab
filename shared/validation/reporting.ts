/**
 * Inputs of the results-report calls (issue 25, /dataExchangeSystem/resultsReport), with their Chinese
 * messages: the server validates with these and the console's filters send the same names.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { reportState } from '@shared/domain/reporting';
import { pagingSchema } from './lists';
import { idField } from './numbers';
import { blankToUndefined } from './text';

export const reportingMessages = {
  notFound: '上报记录不存在',
  pkidRequired: '请选择上报记录',
  stateInvalid: '上报状态不正确',
  keywordTooLong: '搜索词不能超过50个字',
  alreadyPending: '该记录正在等待上报，无需重新上报',
  resent: '已重新加入上报队列',
} as const;

const m = reportingMessages;

export const reportListSchema = pagingSchema.extend({
  state: z.preprocess(blankToUndefined, z.enum(reportState.values, m.stateInvalid).optional()),
  keyword: z.preprocess(blankToUndefined, z.string().trim().max(50, m.keywordTooLong).optional()),
});
export type ReportListQuery = z.output<typeof reportListSchema>;

export const reportPkidSchema = z.object({
  pkid: z.preprocess(blankToUndefined, idField(m.pkidRequired)),
});
