/**
 * Every credit decision (an entry added, ended early, or expired by the job) is written to the audit
 * timeline of its subject, in the same audit_records the review engine writes (so the agency's and the
 * staff's detail pages show it among their review decisions, with no second timeline), and the agency
 * account is told in a message. A person blacklist entry names a person by ID card number: its subject
 * is every staff record with that number, in whichever agency, and each such agency is told.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, agentStaff, auditRecords } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { sendMessage } from '@server/modules/messages';
import { reviewLink } from '@shared/domain/review-kinds';
import { creditEntryKindLabels, type CreditEntryKind } from '@shared/domain/credit';
import { roles } from '@shared/domain/roles';
import { auditDecision, auditSubject } from '@shared/domain/statuses';

export interface DecidedEntry {
  kind: CreditEntryKind;
  organizationId: number | null;
  personName: string | null;
  idCardNo: string | null;
  reason: string;
  startDate: string;
  endDate: string | null;
}

export type CreditDecision = { type: 'flagged' } | { type: 'ended'; endReason: string } | { type: 'expired' };

const recordCode = {
  flagged: auditDecision.code.creditFlagged,
  ended: auditDecision.code.creditEnded,
  expired: auditDecision.code.creditExpired,
} as const;

/** The name written as the decider of the job's expiry (no account decided it). */
export const SYSTEM_DECIDER = '系统（到期自动失效）';

const period = (entry: DecidedEntry) => `${entry.startDate} 至 ${entry.endDate ?? '长期'}`;

/** The timeline's opinion: what was decided, why, and for how long. */
export function creditOpinion(entry: DecidedEntry, decision: CreditDecision): string {
  const noun = creditEntryKindLabels[entry.kind];
  switch (decision.type) {
    case 'flagged':
      return `列入${noun}（${period(entry)}）：${entry.reason}`;
    case 'ended':
      return `${noun}记录撤销：${decision.endReason}（原认定：${entry.reason}）`;
    case 'expired':
      return `${noun}记录到期（${period(entry)}），自动失效`;
  }
}

function messageText(entry: DecidedEntry, decision: CreditDecision): string {
  const noun = creditEntryKindLabels[entry.kind];
  const who = entry.kind === 'personBlacklist' ? `贵机构的从业人员${entry.personName ?? ''}` : '贵机构';
  const consequence =
    entry.kind === 'personBlacklist'
      ? '，不能被任何机构添加为从业人员'
      : entry.kind === 'red'
        ? ''
        : '，生效期间不能被选为新项目的测绘机构';
  switch (decision.type) {
    case 'flagged':
      return `${who}已被列入${noun}（${period(entry)}）${consequence}。原因：${entry.reason}`;
    case 'ended':
      return `${who}的${noun}记录已撤销。撤销原因：${decision.endReason}`;
    case 'expired':
      return `${who}的${noun}记录已于 ${entry.endDate ?? ''} 到期，自动失效。`;
  }
}

/**
 * Writes the decision to the subject's timeline and messages the agency account, inside the caller's
 * transaction (the entry and its record stand or fall together). `actor` null: the job decided.
 */
export async function recordCreditDecision(
  tx: Queryable,
  entry: DecidedEntry,
  decision: CreditDecision,
  actor: SessionUser | null,
  at: Date,
): Promise<void> {
  const subjects: { subjectType: string; subjectId: number; userId: number | null; link: string }[] = [];
  if (entry.kind === 'personBlacklist') {
    const staff = await tx
      .select({ staffId: agentStaff.staffId, userId: agentOrganizations.userId })
      .from(agentStaff)
      .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, agentStaff.organizationId))
      .where(
        and(
          isNull(agentStaff.deletedAt),
          sql`upper(${agentStaff.idCardNo}) = upper(${entry.idCardNo ?? ''})`,
        ),
      );
    for (const person of staff)
      subjects.push({
        subjectType: auditSubject.code.agentStaff,
        subjectId: person.staffId,
        userId: person.userId,
        link: reviewLink(auditSubject.code.agentStaff, person.staffId, 'applicant'),
      });
  } else if (entry.organizationId !== null) {
    const [org] = await tx
      .select({ userId: agentOrganizations.userId })
      .from(agentOrganizations)
      .where(eq(agentOrganizations.organizationId, entry.organizationId));
    subjects.push({
      subjectType: auditSubject.code.agentOrg,
      subjectId: entry.organizationId,
      userId: org?.userId ?? null,
      link: reviewLink(auditSubject.code.agentOrg, entry.organizationId, 'applicant'),
    });
  }
  const opinion = creditOpinion(entry, decision);
  const told = new Set<number>();
  for (const subject of subjects) {
    await tx.insert(auditRecords).values({
      subjectType: subject.subjectType,
      subjectId: subject.subjectId,
      decision: recordCode[decision.type],
      opinion,
      auditorId: actor?.pkid ?? null,
      auditorName: actor?.username ?? SYSTEM_DECIDER,
      roleId: actor
        ? actor.roleIds.includes(roles.authority.id)
          ? roles.authority.id
          : (actor.roleIds[0] ?? null)
        : null,
      auditedAt: at,
    });
    // One message per agency account, even when the person is on its staff twice.
    if (subject.userId !== null && !told.has(subject.userId)) {
      told.add(subject.userId);
      await sendMessage(tx, {
        toUserId: subject.userId,
        content: messageText(entry, decision),
        link: subject.link,
        at,
      });
    }
  }
}
