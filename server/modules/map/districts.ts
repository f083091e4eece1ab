/**
 * Districts and project counts (spec section 7: getAllDistrict, getDistrictProjectNum,
 * getProjectDistribute). The district list keeps only codes of length 7 or 11 (section 9); the city
 * row and helper rows (other lengths) never show.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { isPublicProject } from '@server/modules/projects';
import type { Database } from '@server/db/database';
import { districts, projectDemands, projectOfflines, projects, stages } from '@server/db/schema';
import { auditStatus, projectStatus } from '@shared/domain/statuses';
import type { DistrictItem, DistrictProjectNum, DistrictShape, ProjectDistribute } from './types';

export const isListedDistrict = sql`length(${districts.districtCode}) in (7, 11)`;

/** SQL for the year a project was created, in China time (UTC+8, no daylight saving). */
export const projectYearSql = sql<number>`extract(year from (${projects.createdAt} at time zone 'UTC') + interval '8 hours')::int`;

/**
 * SQL for a project's current stage: the stage of its newest demand (null before the first demand).
 * Used by the map index and the distribution counts alike, so both agree. The outer column is written
 * out: Drizzle renders a column unqualified in a single-table select, which here would mean d.pkid.
 */
export const currentStageSql = sql<
  number | null
>`(select d.stage_id from project_demands d where d.project_id = projects.pkid order by d.pkid desc limit 1)`;

/**
 * One row per project that has a demand: its current stage (newest demand). One pass over the
 * demands, for queries over every project (a correlated subquery per project is far slower on PGlite).
 */
export function currentStages(db: Database) {
  return db
    .selectDistinctOn([projectDemands.projectId], {
      projectId: projectDemands.projectId,
      stageId: projectDemands.stageId,
    })
    .from(projectDemands)
    .orderBy(projectDemands.projectId, desc(projectDemands.pkid))
    .as('current_stage');
}

export async function listDistricts(db: Database): Promise<DistrictItem[]> {
  return await db
    .select({ districtCode: districts.districtCode, districtName: districts.districtName })
    .from(districts)
    .where(isListedDistrict)
    .orderBy(asc(districts.orderIndex), asc(districts.districtCode));
}

/** Approved offline projects (server/modules/offline): surveyed outside the system, counted apart. */
const approvedOffline = eq(projectOfflines.auditStatus, auditStatus.code.approved);

/**
 * The hall's one counting rule (issue 21): a project counts when the public may see it
 * (isPublicProject: published, not 待发布), wherever the hall shows a number of projects: the home
 * page's total and districts, the map page's total, tables and map (the map shows those with a
 * location, and says how many have none). Approved offline projects were surveyed outside the system:
 * they are counted apart (`offline`), never inside these numbers.
 */
export const hallCountedProject = isPublicProject;

/** Projects per district, by the hall's counting rule. */
async function countByDistrict(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ districtCode: projects.districtCode, projectNum: count() })
    .from(projects)
    .where(hallCountedProject)
    .groupBy(projects.districtCode);
  return new Map(rows.map((row) => [row.districtCode, row.projectNum]));
}

export async function countProjectsByDistrict(db: Database): Promise<DistrictProjectNum[]> {
  const [list, counts] = [await listDistricts(db), await countByDistrict(db)];
  return list.map((d) => ({ ...d, projectNum: counts.get(d.districtCode) ?? 0 }));
}

/** The base layer: listed districts with boundary, center and project count. */
export async function listDistrictShapes(db: Database): Promise<DistrictShape[]> {
  const rows = await db
    .select({
      districtCode: districts.districtCode,
      districtName: districts.districtName,
      boundary: districts.boundary,
      centerLon: districts.centerLon,
      centerLat: districts.centerLat,
    })
    .from(districts)
    .where(isListedDistrict)
    .orderBy(asc(districts.orderIndex), asc(districts.districtCode));
  const counts = await countByDistrict(db);
  return rows.map((row) => ({
    districtCode: row.districtCode,
    districtName: row.districtName,
    boundary: row.boundary,
    center: row.centerLon !== null && row.centerLat !== null ? [row.centerLon, row.centerLat] : null,
    projectNum: counts.get(row.districtCode) ?? 0,
  }));
}

export async function getProjectDistribute(db: Database): Promise<ProjectDistribute> {
  const byStatusRows = await db
    .select({ status: projects.status, projectNum: count() })
    .from(projects)
    .where(hallCountedProject)
    .groupBy(projects.status);
  const statusCounts = new Map(byStatusRows.map((row) => [row.status, row.projectNum]));
  const byStatus = projectStatus.entries
    .filter((entry) => entry.value !== projectStatus.code.draft)
    .map((entry) => ({
      status: entry.value,
      statusName: entry.label,
      projectNum: statusCounts.get(entry.value) ?? 0,
    }));

  const current = currentStages(db);
  const byStageRows = await db
    .select({ stageId: current.stageId, projectNum: count() })
    .from(projects)
    .leftJoin(current, eq(current.projectId, projects.pkid))
    .where(hallCountedProject)
    .groupBy(current.stageId);
  const stageCounts = new Map(byStageRows.map((row) => [row.stageId, row.projectNum]));
  const offline = await db.$count(projectOfflines, approvedOffline);
  const unlocated = await db.$count(projects, and(hallCountedProject, isNull(projects.lon)));
  const stageRows = await db
    .select({ stageId: stages.stageId, name: stages.name })
    .from(stages)
    .orderBy(asc(stages.orderIndex), asc(stages.stageId));
  const byStage = [
    ...stageRows.map((stage) => ({
      stageId: stage.stageId as number | null,
      stageName: stage.name,
      projectNum: stageCounts.get(stage.stageId) ?? 0,
    })),
    { stageId: null, stageName: '未发布需求', projectNum: stageCounts.get(null) ?? 0 },
  ];

  const yearOf = projectYearSql.as('year');
  const years = db.select({ year: yearOf }).from(projects).where(hallCountedProject).as('years');
  const byYear = await db
    .select({ year: years.year, projectNum: count() })
    .from(years)
    .groupBy(years.year)
    .orderBy(asc(years.year));

  const total = byStatus.reduce((sum, row) => sum + row.projectNum, 0);
  return {
    total,
    byStatus,
    byStage,
    byYear,
    offline,
    unlocated,
  };
}
