/**
 * Demo feedback (意见反馈, issue 24): each state (open, replied, closed), from signed-in demo accounts
 * and from anonymous visitors of the hall. Fixed rows, dated from `now`, no draw from the shared random
 * stream, so adding them moves no other demo row. The anonymous replied one can be read in the hall
 * with the lookup code DEMO_LOOKUP_CODE.
 */
import type * as schema from '@server/db/schema';
import { hashLookupCode } from '@server/modules/feedback';
import type { Insert } from './demo-context';

/** The lookup code of the demo's anonymous replied feedback (docs and demos use it). */
export const DEMO_LOOKUP_CODE = 'DEMQ2026HALL';

const ADMIN = 1;
const OWNER01 = 2;
const AGENCY01 = 3;
const AUTHORITY01 = 5;
const hours = (now: Date, h: number) => new Date(now.getTime() - h * 3_600_000);

export function demoFeedback(now: Date): Insert<typeof schema.feedback>[] {
  const at = (h: number) => ({ createdAt: hours(now, h), updatedAt: hours(now, h) });
  return [
    {
      category: 'suggestion',
      title: '希望需求列表可以按区县筛选',
      content: '发布的需求较多时，希望在需求列表中增加按区县筛选的条件。',
      userId: OWNER01,
      ...at(30),
    },
    {
      category: 'fault',
      title: '上传成果时进度条停住',
      content: '上传较大的成果压缩包时，进度条停在 90% 左右，刷新后可以继续。',
      userId: AGENCY01,
      state: 'replied',
      reply: '已定位为网络波动导致，分片上传会自动续传，请刷新后继续上传即可。',
      repliedBy: ADMIN,
      repliedAt: hours(now, 20),
      ...at(50),
    },
    {
      category: 'consult',
      title: '办事大厅的办理时限如何计算',
      content: '请问各环节的办理时限是按自然日还是工作日计算？',
      contact: '13900001234',
      lookupHash: hashLookupCode(DEMO_LOOKUP_CODE),
      state: 'replied',
      reply: '办理时限按工作日计算，法定节假日顺延。',
      repliedBy: ADMIN,
      repliedAt: hours(now, 6),
      ...at(26),
    },
    {
      category: 'complaint',
      title: '某测绘单位未按约定时间进场',
      content: '约定的进场时间已过三天，测绘单位仍未进场，联系不上负责人。',
      contact: 'citizen@example.com',
      lookupHash: hashLookupCode('DEMQ2026OPEN'),
      ...at(3),
    },
    {
      category: 'other',
      title: '统计报表导出的列顺序',
      content: '希望导出的统计报表与页面上的列顺序一致。',
      userId: AUTHORITY01,
      state: 'closed',
      reply: '已调整为与页面一致，感谢反馈。',
      repliedBy: ADMIN,
      repliedAt: hours(now, 70),
      closedBy: ADMIN,
      closedAt: hours(now, 60),
      ...at(96),
    },
  ];
}
