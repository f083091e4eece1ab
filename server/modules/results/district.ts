/**
 * A district sub-office's view of results (ResultDetailsSubofficemenu, resDetailsSubOffice): the
 * projects of its district whose results were submitted for acceptance (成果已提交, 已验收, 已办结),
 * and one of them with its files, acceptance and certificate. The district is the sub-office's
 * department's; administrators see every district. A project of another district answers 403
 * (resultProjectFor, project.ts).
 */
import { and, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { containsAny } from '@server/db/contains-pattern';
import { pageOf } from '@server/db/page-of';
import {
  agentOrganizations,
  certificates,
  districts,
  projectAuthorizations,
  projectResults,
  projects,
  reviewItems,
} from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { DistrictResult, DistrictResultRow } from '@shared/calls/results';
import { auditSubject, authorizationState, projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { resultMessages as m, type DistrictResultListInput } from '@shared/validation/results';
import { getResultProject, rowsOf } from './lists';
import { districtOfUser } from '@server/modules/projects';

const p = projects;
const S = projectStatus.code;
const RESULT = auditSubject.code.result;

/** The district the user may list (null: every district, for administrators); 403 without one. */
async function listedDistrict(db: Queryable, user: SessionUser): Promise<string | null> {
  if (user.isAdmin) return null;
  const code = await districtOfUser(db, user);
  if (code === null) throw new AppError('forbidden', { message: m.noDistrict });
  return code;
}

/** Submitted at least once: the project has an acceptance review item with a submission. */
const submitted = (db: Queryable) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(reviewItems)
      .where(
        and(
          eq(reviewItems.subjectType, RESULT),
          eq(reviewItems.subjectId, p.pkid),
          sql`${reviewItems.submittedAt} is not null`,
        ),
      ),
  );

async function extrasOf(db: Queryable, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({
      projectId: p.pkid,
      districtName: districts.districtName,
      submittedAt: reviewItems.submittedAt,
      certificateNo: certificates.certificateNo,
    })
    .from(p)
    .leftJoin(districts, eq(districts.districtCode, p.districtCode))
    .leftJoin(reviewItems, and(eq(reviewItems.subjectType, RESULT), eq(reviewItems.subjectId, p.pkid)))
    .leftJoin(certificates, eq(certificates.projectId, p.pkid))
    .where(inArray(p.pkid, [...projectIds]));
}

/** resultSubOffice/list: a page of the district's submitted results, newest submission first. */
export async function listDistrictResults(
  db: Database,
  user: SessionUser,
  input: DistrictResultListInput,
): Promise<{ rows: DistrictResultRow[]; total: number }> {
  const district = await listedDistrict(db, user);
  const a = projectAuthorizations;
  const conditions: (SQL | undefined)[] = [
    district === null ? undefined : eq(p.districtCode, district),
    inArray(p.status, input.status ? [input.status] : [S.resultSubmitted, S.accepted, S.completed]),
    // Submitted at least once; a completed project (certified) always was.
    or(submitted(db), eq(p.status, S.completed)),
    input.itemId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(projectResults)
            .where(and(eq(projectResults.projectId, p.pkid), eq(projectResults.itemId, input.itemId))),
        )
      : undefined,
    input.orgName
      ? exists(
          db
            .select({ one: sql`1` })
            .from(a)
            .innerJoin(agentOrganizations, eq(agentOrganizations.organizationId, a.organizationId))
            .where(
              and(
                eq(a.projectId, p.pkid),
                eq(a.state, authorizationState.code.accepted),
                containsAny(input.orgName, agentOrganizations.orgName),
              ),
            ),
        )
      : undefined,
    input.year
      ? exists(
          db
            .select({ one: sql`1` })
            .from(reviewItems)
            .where(
              and(
                eq(reviewItems.subjectType, RESULT),
                eq(reviewItems.subjectId, p.pkid),
                sql`extract(year from ${reviewItems.submittedAt} at time zone 'Asia/Shanghai') = ${input.year}`,
              ),
            ),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const submittedAt = sql`coalesce((select ${reviewItems.submittedAt} from ${reviewItems}
    where ${reviewItems.subjectType} = ${RESULT} and ${reviewItems.subjectId} = ${p.pkid}), ${p.updatedAt})`;
  const ids = db
    .select({ pkid: p.pkid })
    .from(p)
    .where(where)
    .orderBy(desc(submittedAt), desc(p.pkid))
    .$dynamic();
  const [page, [total]] = await Promise.all([
    pageOf(ids, input),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  const projectIds = page.map((row) => row.pkid);
  const [rows, extras] = await Promise.all([rowsOf(db, projectIds), extrasOf(db, projectIds)]);
  return {
    rows: rows.map((row) => {
      const extra = extras.find((one) => one.projectId === row.projectId);
      return {
        ...row,
        districtName: extra?.districtName ?? null,
        submittedAt: extra?.submittedAt?.toISOString() ?? null,
        certificateNo: extra?.certificateNo ?? null,
      };
    }),
    total: total?.n ?? 0,
  };
}

/** resultSubOffice/detail: one project's results with its certificate (its district's sub-office). */
export async function getDistrictResult(
  db: Database,
  user: SessionUser,
  projectId: number,
): Promise<DistrictResult> {
  await listedDistrict(db, user);
  const project = await getResultProject(db, user, projectId);
  const [extra] = await extrasOf(db, [projectId]);
  const [certificate] = await db
    .select({
      certificateNo: certificates.certificateNo,
      state: certificates.state,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      revokeReason: certificates.revokeReason,
    })
    .from(certificates)
    .where(eq(certificates.projectId, projectId));
  return {
    ...project,
    districtName: extra?.districtName ?? null,
    submittedAt: extra?.submittedAt?.toISOString() ?? null,
    certificate: certificate
      ? {
          ...certificate,
          issuedAt: certificate.issuedAt.toISOString(),
          revokedAt: certificate.revokedAt?.toISOString() ?? null,
        }
      : null,
  };
}
