/** Every scheduled job of the product: add a job here and it is scheduled, listed and editable. */
import { deliverDueLogouts, SINGLE_LOGOUT_JOB } from '@server/modules/cas/single-logout';
import { DEADLINE_REMINDER_JOB, sendDueReminders } from '@server/modules/deadlines/service';
import { DOCKING_IMPORT_JOB, importDockedProjects } from '@server/modules/docking/service';
import { expireCreditEntries } from '@server/modules/credit/flags';
import { sweepExpired } from '@server/modules/identity/sessions';
import { closeDueQuotes } from '@server/modules/selection/service';
import type { JobDefinition } from './runner';

export const productJobs: readonly JobDefinition[] = [
  {
    name: 'credit-expiry',
    title: '信用记录到期处理：结束日期已过的失信、不合格、黑名单记录自动失效',
    defaultSchedule: 'daily 00:05',
    run: (ctx, now) => expireCreditEntries(ctx, now),
  },
  {
    // Also run at once after each logout (runNow); the schedule picks up retries.
    name: SINGLE_LOGOUT_JOB,
    title: '统一认证单点退出：向已接入的应用发送退出通知，失败的按间隔重试',
    defaultSchedule: 'every 1',
    run: async (ctx) => `发送 ${await deliverDueLogouts(ctx)} 条退出通知`,
  },
  {
    name: 'sso-expiry',
    title: '统一认证登录过期处理：结束已过期的登录，并通知已接入的应用退出',
    defaultSchedule: 'every 5',
    run: async (ctx, now) => `结束 ${await sweepExpired(ctx, now)} 个过期登录`,
  },
  {
    // Every minute: a deadline is a time of day, and the closing is repeatable (only `quoting` rows).
    name: 'selection-price-close',
    title:
      '比选报价截止处理：到截止时间的比选报价确定最低报价中选机构（同价随机抽取），不足三家的通知建设单位',
    defaultSchedule: 'every 1',
    run: (ctx, now) => closeDueQuotes(ctx, now),
  },
  {
    // Repeatable and safe with several instances: each task's reminder is claimed in its own
    // transaction (reminded_at), so a second runner or a second run sends nothing more.
    name: DEADLINE_REMINDER_JOB,
    title: '办理时限提醒：待办到期前一个工作日提醒办理人',
    defaultSchedule: 'every 15',
    run: async (ctx, now) => `发送 ${await sendDueReminders(ctx, now)} 条时限提醒`,
  },
  {
    // Idempotent on the platform's project id: a rerun (or a second instance) adds nothing twice.
    name: DOCKING_IMPORT_JOB,
    title: '省审批平台项目对接：读取审批平台推送的项目（数据目录或接口），新增或更新推送项目',
    defaultSchedule: 'every 30',
    run: async (ctx, now) => {
      const s = await importDockedProjects(ctx, now);
      return `新增 ${s.added} 个，更新 ${s.updated} 个，未变 ${s.unchanged} 个，失败 ${s.failed} 个`;
    },
  },
];
