/**
 * Results reporting to the provincial platform (issue 25, docs/reporting.md): the reports of issued
 * certificates with their state, and sending one again. The page's roles (the authority and the
 * administrator) call both.
 */
import { z } from 'zod';
import { pageRoles } from '@shared/domain/routes';
import { reportListSchema, reportPkidSchema } from '@shared/validation/reporting';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const READERS = pageRoles('dataExchangeSystem', 'resultsReport');

export const reportRowSchema = z.object({
  pkid: id,
  certificateId: id,
  certificateNo: z.string(),
  projectId: id,
  projectName: z.string(),
  state: z.string().describe('pending 待上报，sent 已上报，failed 上报失败'),
  stateName: z.string(),
  attempts: z.number().int().describe('已尝试次数'),
  lastError: z.string().nullable().describe('最近一次失败的原因'),
  lastAttemptAt: dateTime.nullable(),
  nextAttemptAt: dateTime.nullable().describe('下次尝试时间（待上报）'),
  provider: z.string().nullable().describe('directory 数据目录，http 省平台接口'),
  receipt: z.string().nullable().describe('回执（文件名或省平台回执号）'),
  sentAt: dateTime.nullable(),
  resentAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportingCalls = defineCalls('reporting', {
  list: {
    summary: '成果上报记录：验收成果和证书向省平台上报的状态（待上报、已上报、上报失败及原因、尝试次数）',
    base: 'business',
    path: 'resultsReport/list',
    method: 'GET',
    input: reportListSchema,
    output: reportRowSchema,
    envelope: 'page',
    access: READERS,
    paging: { page: 'page', size: 'rows' },
  },
  resend: {
    summary: '重新上报：上报失败或已上报的记录重新加入上报队列',
    base: 'business',
    path: 'resultsReport/resend',
    method: 'POST',
    encoding: 'json',
    input: reportPkidSchema,
    output: z.object({ pkid: id, certificateNo: z.string() }),
    envelope: 'result',
    access: READERS,
  },
});
