/**
 * 一张图 (/electronics/APicture, issue 23): every archive case the user sees as one point at its
 * project's place, filtered by stage, survey item, agency and year; the page clusters them (one
 * marker per cluster when zoomed out) and each point opens its case. At most 20,000 points are sent,
 * newest first, with the count of all.
 */
import { and, count, desc, eq, exists, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { agentOrganizations, archiveCases, projectStageItems, projects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { surveyItems } from '@shared/domain/stages';
import type { PictureFilters } from '@shared/validation/electronics';
import { caseVisibility, readerOf } from './access';

const k = archiveCases;
export const PICTURE_POINTS_MAX = 20_000;

/** Cases whose project has one of these survey items. */
const withItems = (itemIds: readonly number[]) =>
  exists(
    sql`(select 1 from ${projectStageItems} where ${projectStageItems.projectId} = ${k.projectId} and ${inArray(projectStageItems.itemId, [...itemIds])})`,
  );

export async function cityPicture(db: Queryable, user: SessionUser, filters: PictureFilters) {
  const seen = caseVisibility(await readerOf(db, user));
  const stageItems = filters.stage
    ? surveyItems.filter((item) => item.stageId === filters.stage).map((item) => item.id)
    : null;
  const where = and(
    isNotNull(projects.lon),
    ...(seen ? [seen] : []),
    ...(stageItems ? [withItems(stageItems)] : []),
    ...(filters.itemId ? [withItems([filters.itemId])] : []),
    ...(filters.orgName ? [ilike(agentOrganizations.orgName, containsPattern(filters.orgName))] : []),
    ...(filters.year ? [eq(k.year, filters.year)] : []),
  ) as SQL;
  const from = () =>
    db
      .select({
        caseId: k.caseId,
        caseNo: k.caseNo,
        projectName: projects.projectName,
        agencyName: agentOrganizations.orgName,
        year: k.year,
        lon: sql<number>`${projects.lon}`,
        lat: sql<number>`${projects.lat}`,
      })
      .from(k)
      .innerJoin(projects, eq(projects.pkid, k.projectId))
      .leftJoin(agentOrganizations, eq(agentOrganizations.organizationId, k.organizationId))
      .$dynamic();
  const points = await from()
    .where(where)
    .orderBy(desc(k.archivedAt), desc(k.caseId))
    .limit(PICTURE_POINTS_MAX);
  const [total] = await db
    .select({ n: count() })
    .from(k)
    .innerJoin(projects, eq(projects.pkid, k.projectId))
    .leftJoin(agentOrganizations, eq(agentOrganizations.organizationId, k.organizationId))
    .where(where);
  return { points, total: total?.n ?? 0 };
}
