/**
 * Every scheduled job of the product, listed once at the composition root (decision 0009): add a
 * job here and it is scheduled, listed on /task/time and editable. The job runner
 * (server/modules/jobs) knows no domain; each job calls its domain's function.
 */
import { removeAbandonedUploads } from '@server/modules/archive';
import { sendDueAuthorizationReminders } from '@server/modules/authorizations';
import { checkCreditScores, expireCreditEntries } from '@server/modules/credit';
import { DEADLINE_REMINDER_JOB } from '@server/modules/deadlines';
import { archiveCasesJob } from '@server/modules/electronics';
import { DOCKING_IMPORT_JOB, importDockedProjects } from '@server/modules/docking';
import { deliverDueLogouts, SINGLE_LOGOUT_JOB, sweepExpired } from '@server/modules/identity';
import type { JobDefinition } from '@server/modules/jobs';
import { deliverDueReports, RESULTS_REPORT_JOB } from '@server/modules/reporting';
import { sendDueReviewReminders } from '@server/modules/review';
import { closeDueQuotes } from '@server/modules/selection';

export const productJobs: readonly JobDefinition[] = [
  {
    name: 'credit-expiry',
    title: '信用记录到期处理：结束日期已过的失信、不合格、黑名单记录自动失效',
    defaultSchedule: 'daily 00:05',
    run: (ctx, now) => expireCreditEntries(ctx, now),
  },
  {
    // After credit-expiry: entries starting or ending today move scores too.
    name: 'credit-score',
    title: '机构信用分核对：按信用评分规则重新计算各测绘机构的信用分与等级，记录变化原因',
    defaultSchedule: 'daily 00:20',
    run: (ctx, now) => checkCreditScores(ctx, now),
  },
  {
    name: 'archive-chain',
    title: '成果档案核对：为尚未归档的已办结项目建档，并校验元数据哈希链是否完整',
    defaultSchedule: 'daily 01:10',
    run: (ctx, now) => archiveCasesJob(ctx, now),
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
    run: async (ctx, now) => {
      const sent = (await sendDueReviewReminders(ctx, now)) + (await sendDueAuthorizationReminders(ctx, now));
      return `发送 ${sent} 条时限提醒`;
    },
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
  {
    // Each report is claimed before it is sent (its next attempt moved forward), so a second runner or
    // a second run sends nothing twice; refusals are retried with backoff, then marked failed.
    name: RESULTS_REPORT_JOB,
    title: '成果上报：向省平台上报验收成果和证书（数据目录或接口），失败的按间隔重试',
    defaultSchedule: 'every 1',
    run: async (ctx) => {
      const round = await deliverDueReports(ctx);
      return `上报 ${round.sent} 条，待重试 ${round.retrying} 条，失败 ${round.failed} 条`;
    },
  },
  {
    // Repeatable: each round deletes the idle uploads' rows first, then their chunks' bytes.
    name: 'archive-abandoned-chunks',
    title: '清理未完成的分片上传：一天未续传的上传删除其已上传的分片',
    defaultSchedule: 'every 60',
    run: async (ctx, now) => `删除 ${await removeAbandonedUploads(ctx, now)} 个未完成的上传`,
  },
];
