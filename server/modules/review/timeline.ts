/** A subject's timeline: every decision taken on it, oldest first (the console's AuditTimeline). */
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { auditRecords, users } from '@server/db/schema';
import { auditDecision, type AuditSubject } from '@shared/domain/statuses';

export interface ReviewRecord {
  pkid: number;
  decision: number;
  decisionLabel: string;
  opinion: string | null;
  auditorId: number | null;
  auditorName: string | null;
  roleId: string | null;
  transferToId: number | null;
  transferToName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  auditedAt: Date;
}

/** A subject's timeline, oldest first (the console's audit timeline). */
export async function listReviewRecords(
  db: Queryable,
  type: AuditSubject,
  subjectId: number,
): Promise<ReviewRecord[]> {
  const rows = await db
    .select({
      pkid: auditRecords.pkid,
      decision: auditRecords.decision,
      opinion: auditRecords.opinion,
      auditorId: auditRecords.auditorId,
      auditorName: auditRecords.auditorName,
      roleId: auditRecords.roleId,
      transferToId: auditRecords.transferToId,
      transferToName: users.username,
      fromStatus: auditRecords.fromStatus,
      toStatus: auditRecords.toStatus,
      auditedAt: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .leftJoin(users, eq(users.pkid, auditRecords.transferToId))
    .where(and(eq(auditRecords.subjectType, type), eq(auditRecords.subjectId, subjectId)))
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));
  return rows.map((row) => ({ ...row, decisionLabel: auditDecision.label(row.decision) }));
}
