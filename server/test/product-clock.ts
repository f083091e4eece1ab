/**
 * Tests of the product's clock (issue 21): the dated rows a walk writes (messages, project log lines,
 * audit records) must carry the context's clock (ctx.services.now()), never the database's own time,
 * which a moved clock does not move. A test marks the tables, acts, then lists what was written since.
 */
import { gt, max } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { auditRecords, messages, projectLogs } from '@server/db/schema';

/** The highest id of each dated table, before a walk. */
export interface WriteMark {
  message: number;
  log: number;
  record: number;
}

/** One dated row written since a mark: its table, its text and its time. */
export interface DatedWrite {
  table: 'messages' | 'project_logs' | 'audit_records';
  text: string;
  at: Date;
}

export async function markWrites(db: Queryable): Promise<WriteMark> {
  const [message] = await db.select({ n: max(messages.messageId) }).from(messages);
  const [log] = await db.select({ n: max(projectLogs.pkid) }).from(projectLogs);
  const [record] = await db.select({ n: max(auditRecords.pkid) }).from(auditRecords);
  return { message: message?.n ?? 0, log: log?.n ?? 0, record: record?.n ?? 0 };
}

/** Every message, project log line and audit record written after `mark`. */
export async function writtenSince(db: Queryable, mark: WriteMark): Promise<DatedWrite[]> {
  const sent = await db
    .select({ text: messages.messageContent, at: messages.addTime })
    .from(messages)
    .where(gt(messages.messageId, mark.message));
  const logged = await db
    .select({ text: projectLogs.content, at: projectLogs.createdAt })
    .from(projectLogs)
    .where(gt(projectLogs.pkid, mark.log));
  const recorded = await db
    .select({ text: auditRecords.opinion, at: auditRecords.auditedAt })
    .from(auditRecords)
    .where(gt(auditRecords.pkid, mark.record));
  return [
    ...sent.map((row) => ({ table: 'messages' as const, ...row })),
    ...logged.map((row) => ({ table: 'project_logs' as const, ...row })),
    ...recorded.map((row) => ({ table: 'audit_records' as const, text: row.text ?? '', at: row.at })),
  ];
}

/** The writes since `mark` whose time is not `now` (a test expects none, and some writes at all). */
export function offClock(written: readonly DatedWrite[], now: Date): string[] {
  return written
    .filter((row) => row.at.getTime() !== now.getTime())
    .map((row) => `${row.table}: ${row.text} @ ${row.at.toISOString()}`);
}
