/**
 * Reading inspection rounds: who sees which round, the public record, the console's detail and list,
 * an agency's published results. Visibility (decided here once):
 * - the administrator sees every round;
 * - a 主管部门 account sees the rounds it opened and the rounds it was drawn to inspect in ("inspectors
 *   see only their round"); being in a round's pool without being drawn shows nothing;
 * - anyone reads a round's public record (commitment and frozen lists from the opening, the salt and
 *   the drawn agencies from the draw, the results from the publication).
 * A round the reader may not see answers 404, like a missing one.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import type { Queryable } from '@server/db/database';
import { containsPattern } from '@server/db/contains-pattern';
import { namesById } from '@server/db/names-by-id';
import { writeDroppingPages } from '@server/lib/page-cache';
import {
  agentOrganizations,
  auditRecords,
  inspectionRounds,
  inspectionTargets,
  userRoles,
  users,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type {
  InspectionAgencyResult,
  InspectionDetail,
  InspectionPublic,
  InspectionRoundRow,
  InspectionTarget,
} from '@shared/calls/inspections';
import { inspecteeCount, type InspectionResult, type InspectionState } from '@shared/domain/inspections';
import { roles, GUEST_USER_ID } from '@shared/domain/roles';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { inspectionMessages as m, type InspectionListInput } from '@shared/validation/inspections';

export type Round = typeof inspectionRounds.$inferSelect;
export type Target = typeof inspectionTargets.$inferSelect;

const r = inspectionRounds;
const t = inspectionTargets;

/** The hex sha256 of a text: the commitment and the draw's hashes. */
export const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/*
 * Subqueries about a round's targets, written with qualified names: drizzle leaves the columns of a
 * select list unqualified, where the outer "pkid" would be read as the targets' own.
 */
const ofRound = 'from inspection_targets x where x.round_id = "inspection_rounds"."pkid"';

/** Rounds the user drew to inspect in: `user = any(inspectors)` of one of its targets. */
const drawnToInspect = (userId: number): SQL =>
  sql`exists (select 1 ${sql.raw(ofRound)} and ${userId} = any(x.inspectors))`;

/** How many of the round's targets there are (`where`: of those, which). */
export const targetCountOf = (where = '') =>
  sql<number>`(select count(*) ${sql.raw(ofRound)}${sql.raw(where)})`.mapWith(Number);

/** The rounds a user may see (module comment). */
export function visibleTo(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  return sql`(${r.createdBy} = ${user.pkid} or ${drawnToInspect(user.pkid)})`;
}

/** Whether the user opened the round or is the administrator: who draws and publishes. */
export const mayManage = (user: SessionUser, round: Round) => user.isAdmin || round.createdBy === user.pkid;

/** The round when the user may see it (404 otherwise); `lock` for a write in a transaction. */
export async function visibleRound(
  db: Queryable,
  user: SessionUser,
  id: number,
  lock = false,
): Promise<Round> {
  const query = db
    .select()
    .from(r)
    .where(and(eq(r.pkid, id), visibleTo(user)));
  const [round] = lock ? await query.for('update') : await query;
  if (!round) throw new AppError('not_found', { message: m.notFound, field: 'id' });
  return round;
}

const orgNames = (db: Queryable, ids: readonly number[]) =>
  namesById(db, { id: agentOrganizations.organizationId, name: agentOrganizations.orgName }, ids);

const userNames = (db: Queryable, ids: readonly number[]) =>
  namesById(db, { id: users.pkid, name: users.username }, ids);

/** Accounts that may be drawn as inspectors: holders of the 主管部门 role, ids ascending. */
export async function inspectorOptions(db: Queryable): Promise<{ userId: number; username: string }[]> {
  return db
    .selectDistinct({ userId: users.pkid, username: users.username })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.pkid))
    .where(and(eq(userRoles.roleId, roles.authority.id), sql`${users.pkid} <> ${GUEST_USER_ID}`))
    .orderBy(asc(users.pkid));
}

export function targetsOf(db: Queryable, roundId: number): Promise<Target[]> {
  return db.select().from(t).where(eq(t.roundId, roundId)).orderBy(asc(t.drawOrder));
}

/** The public record (the one place that decides what of a round is public). */
export async function publicRecord(
  db: Queryable,
  round: Round,
  targets?: Target[],
): Promise<InspectionPublic> {
  const drawn = round.drawnAt !== null;
  const published = round.state === 'published';
  const rows = drawn ? (targets ?? (await targetsOf(db, round.pkid))) : [];
  const orgs = await orgNames(db, [...round.candidates, ...rows.map((row) => row.organizationId)]);
  const people = await userNames(db, [...round.inspectors, ...rows.flatMap((row) => row.inspectors)]);
  const person = (userId: number) => ({ userId, username: people.get(userId) ?? '' });
  return {
    id: round.pkid,
    name: round.name,
    state: round.state as InspectionState,
    share: round.share,
    inspectorsPerAgency: round.inspectorsPerAgency,
    inspecteeCount: inspecteeCount(round.share, round.candidates.length),
    commitment: round.commitment,
    salt: drawn ? round.salt : null,
    candidates: round.candidates.map((id) => ({ organizationId: id, orgName: orgs.get(id) ?? '' })),
    inspectors: round.inspectors.map(person),
    createdByName: round.createdByName,
    createdAt: round.createdAt.toISOString(),
    drawnAt: round.drawnAt?.toISOString() ?? null,
    publishedAt: round.publishedAt?.toISOString() ?? null,
    drawn: drawn
      ? rows.map((row) => ({
          organizationId: row.organizationId,
          orgName: orgs.get(row.organizationId) ?? '',
          inspectors: row.inspectors.map(person),
          result: published ? (row.result as InspectionResult | null) : null,
          findings: published ? row.findings : null,
        }))
      : null,
  };
}

/** The public record of a round (drawRecord, the hall's page): anyone, any state. */
export async function getDrawRecord(db: Queryable, id: number): Promise<InspectionPublic> {
  const [round] = await db.select().from(r).where(eq(r.pkid, id));
  if (!round) throw new AppError('not_found', { message: m.notFound, field: 'id' });
  return publicRecord(db, round);
}

const actionLabels: Record<number, string> = {
  [auditDecision.code.inspectionOpened]: '开启检查轮次',
  [auditDecision.code.inspectionDrawn]: '抽取',
  [auditDecision.code.inspectionRecorded]: '录入检查结果',
  [auditDecision.code.inspectionPublished]: '公开检查结果',
};

/**
 * A step that changes what the hall's agency pages show of the round (the draw, the published results):
 * in one transaction at one moment, after which those pages are dropped from the page cache. Answers
 * the round's detail.
 */
export async function changeShownRound(
  ctx: Pick<AppContext, 'db' | 'pageCache' | 'services'>,
  user: SessionUser,
  id: number,
  step: (tx: Queryable, now: Date) => Promise<void>,
): Promise<InspectionDetail> {
  const now = ctx.services.now();
  await writeDroppingPages(ctx, async (tx, dropPages) => {
    await step(tx, now);
    dropPages(['agencies']);
  });
  return getRoundDetail(ctx.db, user, id);
}

/** The console's view of a round: the record, every target with its result, what the reader may do. */
export async function getRoundDetail(
  db: Queryable,
  user: SessionUser,
  id: number,
): Promise<InspectionDetail> {
  const round = await visibleRound(db, user, id);
  const targets = await targetsOf(db, round.pkid);
  const record = await publicRecord(db, round, targets);
  const names = new Map(record.drawn?.map((row) => [row.organizationId, row]) ?? []);
  const trail = await db
    .select({
      pkid: auditRecords.pkid,
      decision: auditRecords.decision,
      opinion: auditRecords.opinion,
      actorName: auditRecords.auditorName,
      at: auditRecords.auditedAt,
    })
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.subjectType, auditSubject.code.inspectionRound),
        eq(auditRecords.subjectId, round.pkid),
      ),
    )
    .orderBy(asc(auditRecords.auditedAt), asc(auditRecords.pkid));
  const targetRows: InspectionTarget[] = targets.map((row) => ({
    targetId: row.pkid,
    organizationId: row.organizationId,
    orgName: names.get(row.organizationId)?.orgName ?? '',
    drawOrder: row.drawOrder,
    inspectors: names.get(row.organizationId)?.inspectors ?? [],
    result: row.result as InspectionResult | null,
    findings: row.findings,
    recordedByName: row.recordedByName,
    recordedAt: row.recordedAt?.toISOString() ?? null,
    mayRecord: round.state === 'drawn' && row.inspectors.includes(user.pkid),
  }));
  return {
    record,
    targets: targetRows,
    mayDraw: round.state === 'open' && mayManage(user, round),
    mayPublish:
      round.state === 'drawn' && mayManage(user, round) && targets.every((row) => row.result !== null),
    trail: trail.map((row) => ({
      pkid: row.pkid,
      action: actionLabels[row.decision] ?? '',
      opinion: row.opinion,
      actorName: row.actorName,
      at: row.at.toISOString(),
    })),
  };
}

/** The rounds a user may see, newest first. */
export async function listRounds(
  db: Queryable,
  user: SessionUser,
  input: InspectionListInput,
): Promise<{ rows: InspectionRoundRow[]; total: number }> {
  const where = and(
    visibleTo(user),
    input.name ? like(r.name, containsPattern(input.name)) : undefined,
    input.state ? eq(r.state, input.state) : undefined,
  );
  const [rounds, [total]] = await Promise.all([
    db
      .select({
        round: r,
        recordedCount: targetCountOf(' and x.result is not null'),
        targetCount: targetCountOf(),
        isInspector: sql<boolean>`${drawnToInspect(user.pkid)}`,
      })
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.pkid))
      .limit(input.rows)
      .offset((input.page - 1) * input.rows),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { rows: rounds.map(toRow), total: total?.n ?? 0 };
}

export function toRow({
  round,
  recordedCount,
  targetCount,
  isInspector,
}: {
  round: Round;
  recordedCount: number;
  targetCount: number;
  isInspector: boolean;
}): InspectionRoundRow {
  return {
    id: round.pkid,
    name: round.name,
    state: round.state as InspectionState,
    share: round.share,
    inspectorsPerAgency: round.inspectorsPerAgency,
    candidateCount: round.candidates.length,
    inspectorCount: round.inspectors.length,
    inspecteeCount: round.drawnAt ? targetCount : inspecteeCount(round.share, round.candidates.length),
    recordedCount,
    createdByName: round.createdByName,
    createdAt: round.createdAt.toISOString(),
    drawnAt: round.drawnAt?.toISOString() ?? null,
    publishedAt: round.publishedAt?.toISOString() ?? null,
    isInspector,
  };
}

/** An agency's published results, newest first (the hall's agency page, agencyResults). */
export async function agencyResults(
  db: Queryable,
  organizationId: number,
): Promise<InspectionAgencyResult[]> {
  const rows = await db
    .select({
      roundId: r.pkid,
      roundName: r.name,
      publishedAt: r.publishedAt,
      result: t.result,
      findings: t.findings,
    })
    .from(t)
    .innerJoin(r, eq(r.pkid, t.roundId))
    .where(and(eq(t.organizationId, organizationId), eq(r.state, 'published'), isNotNull(t.result)))
    .orderBy(desc(r.publishedAt), desc(r.pkid));
  return rows.map((row) => ({
    roundId: row.roundId,
    roundName: row.roundName,
    publishedAt: (row.publishedAt as Date).toISOString(),
    result: row.result as InspectionResult,
    findings: row.findings ?? '',
  }));
}

/** Writes a line of the round's audit trail. */
export async function logRound(
  tx: Queryable,
  round: Pick<Round, 'pkid'>,
  user: SessionUser,
  decision: number,
  opinion: string,
  at: Date,
): Promise<void> {
  await tx.insert(auditRecords).values({
    subjectType: auditSubject.code.inspectionRound,
    subjectId: round.pkid,
    decision,
    opinion,
    auditorId: user.pkid,
    auditorName: user.username,
    roleId: user.isAdmin ? roles.admin.id : roles.authority.id,
    auditedAt: at,
  });
}

export { orgNames, userNames };
