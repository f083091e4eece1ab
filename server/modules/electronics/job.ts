/**
 * The archive's nightly job (server/jobs.ts): opens the case of any completed project that has none
 * (a project completed before the archive existed), then recomputes the metadata chain. A broken
 * chain fails the run, so /task/time shows it in red with the record it names.
 */
import type { AppContext } from '@server/app-context';
import { archiveUnarchivedProjects } from './archiving';
import { verifyChain } from './chain';

export async function archiveCasesJob(ctx: Pick<AppContext, 'db'>, now: Date): Promise<string> {
  const archived = await ctx.db.transaction((tx) => archiveUnarchivedProjects(tx, now));
  const chain = await verifyChain(ctx.db);
  if (chain.broken)
    throw new Error(
      `元数据哈希链校验未通过：第 ${chain.broken.recordId} 号记录（档案 ${chain.broken.caseNo ?? '—'}）与链不符`,
    );
  return `新归档 ${archived} 个项目；${chain.total} 条元数据记录的哈希链完整`;
}
