/**
 * Demo results reports (issue 25): issuing the demo certificates queued one report each
 * (server/modules/reporting); here they are given a history, so /dataExchangeSystem/resultsReport shows
 * every state: the first sent through the drop directory, the second failed after its last attempt
 * (with the platform's refusal), the rest waiting for a retry later (a failed first attempt).
 */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import * as schema from '@server/db/schema';
import { REPORT_MAX_ATTEMPTS, reportState } from '@shared/domain/reporting';
import { HOUR } from './demo-context';

export async function seedDemoReports(t: Queryable, now: Date): Promise<number> {
  const r = schema.resultsReports;
  const reports = await t
    .select({ pkid: r.pkid, certificateNo: r.certificateNo, createdAt: r.createdAt })
    .from(r)
    .orderBy(asc(r.createdAt), asc(r.pkid));
  for (const [index, report] of reports.entries()) {
    const tried = new Date(report.createdAt.getTime() + HOUR);
    const values =
      index === 0
        ? {
            state: reportState.code.sent,
            attempts: 1,
            lastAttemptAt: tried,
            sentAt: tried,
            provider: 'directory',
            receipt: `${report.certificateNo}.json`,
            nextAttemptAt: null,
          }
        : index === 1
          ? {
              state: reportState.code.failed,
              attempts: REPORT_MAX_ATTEMPTS,
              lastAttemptAt: tried,
              provider: 'http',
              lastError: '省平台拒收：HTTP 503 服务暂不可用',
              nextAttemptAt: null,
            }
          : {
              state: reportState.code.pending,
              attempts: 1,
              lastAttemptAt: tried,
              provider: 'http',
              lastError: '无法连接省平台：fetch failed（connect ECONNREFUSED）',
              nextAttemptAt: new Date(now.getTime() + 2 * HOUR),
            };
    await t
      .update(r)
      .set({ ...values, updatedAt: tried })
      .where(eq(r.pkid, report.pkid));
  }
  return reports.length;
}
