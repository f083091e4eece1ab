/** Every scheduled job of the product: add a job here and it is scheduled, listed and editable. */
import { expireCreditEntries } from '@server/modules/credit/flags';
import type { JobDefinition } from './runner';

export const productJobs: readonly JobDefinition[] = [
  {
    name: 'credit-expiry',
    title: '信用记录到期处理：结束日期已过的失信、不合格、黑名单记录自动失效',
    defaultSchedule: 'daily 00:05',
    run: (ctx, now) => expireCreditEntries(ctx, now),
  },
];
