/**
 * getOrgPassRate (orgpassrate): of the agency applications a reviewer decided, the share approved, per
 * organization or per registration organ. Every decision counts: an application rejected once and then
 * approved is two decided, one approved, so the rate shows how often applications pass the first time
 * round. The decisions are the review workflow's audit records (approve or reject of an agent_org).
 *
 * The supervisors see every organization; an agency only its own (the route is open to agencies).
 */
import { and, asc, count, countDistinct, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, auditRecords } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { auditDecision, auditSubject } from '@shared/domain/statuses';
import type { PassRateQuery } from '@shared/validation/lists';
import { isSupervisor } from './apply-service';

const o = agentOrganizations;
const r = auditRecords;
const { approved: APPROVED, rejected: REJECTED } = auditDecision.code;

export interface PassRateRow {
  registrationOrgan: string;
  /** Null on a row per registration organ. */
  organizationId: number | null;
  orgName: string | null;
  credential: string | null;
  /** Organizations with a decided application (1 on a row per organization). */
  organizations: number;
  decided: number;
  approved: number;
  rejected: number;
  /** approved / decided, 0..1. */
  passRate: number;
}

export async function orgPassRate(
  db: Queryable,
  user: SessionUser,
  query: PassRateQuery,
): Promise<{ rows: PassRateRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(r.subjectType, auditSubject.code.agentOrg),
    inArray(r.decision, [APPROVED, REJECTED]),
  ];
  if (!isSupervisor(user)) conditions.push(eq(o.userId, user.pkid));
  if (query.registrationOrgan)
    conditions.push(ilike(o.registrationOrgan, containsPattern(query.registrationOrgan)));
  if (query.credential) conditions.push(eq(o.credential, query.credential));
  const where = and(...conditions);
  const organ = sql<string>`coalesce(${o.registrationOrgan}, '未填写')`;
  const counts = {
    organizations: countDistinct(o.organizationId),
    decided: count(),
    approved: sql<number>`count(*) filter (where ${r.decision} = ${APPROVED})`.mapWith(Number),
  };
  const byOrgan = query.groupBy === 'organ';
  const rows = byOrgan
    ? (
        await db
          .select({ registrationOrgan: organ, ...counts })
          .from(r)
          .innerJoin(o, eq(o.organizationId, r.subjectId))
          .where(where)
          .groupBy(organ)
          .orderBy(asc(organ))
          .limit(query.rows)
          .offset((query.page - 1) * query.rows)
      ).map((row) => ({ ...row, organizationId: null, orgName: null, credential: null }))
    : await db
        .select({
          registrationOrgan: organ,
          organizationId: o.organizationId,
          orgName: o.orgName,
          credential: o.credential,
          ...counts,
        })
        .from(r)
        .innerJoin(o, eq(o.organizationId, r.subjectId))
        .where(where)
        .groupBy(o.organizationId)
        .orderBy(asc(organ), asc(o.orgName), asc(o.organizationId))
        .limit(query.rows)
        .offset((query.page - 1) * query.rows);
  const [total] = await db
    .select({
      n: byOrgan ? sql<number>`count(distinct ${organ})`.mapWith(Number) : countDistinct(o.organizationId),
    })
    .from(r)
    .innerJoin(o, eq(o.organizationId, r.subjectId))
    .where(where);
  return {
    rows: rows.map((row) => ({
      ...row,
      rejected: row.decided - row.approved,
      passRate: row.decided === 0 ? 0 : row.approved / row.decided,
    })),
    total: total?.n ?? 0,
  };
}
