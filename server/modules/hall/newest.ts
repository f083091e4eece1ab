/**
 * The home page's "newest" lists and project statistics (spec section 7: getNewConstruction?type&num,
 * getNewAgentOrganization, getNewProject, getProjectStatistics). Public data only: unit and project
 * names, districts and dates; no contacts.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { constructionUnits, districts, projects } from '@server/db/schema';
import { isPublicProject } from '@server/modules/projects';
import { auditStatus, projectStatus } from '@shared/domain/statuses';

export interface NewConstruction {
  constructionId: number;
  name: string;
  districtName: string | null;
  createdAt: Date;
}

export interface NewProject {
  pkid: number;
  projectName: string;
  projectNo: string;
  districtName: string | null;
  status: number;
  createdAt: Date;
}

export interface ProjectStatusCount {
  status: number;
  label: string;
  count: number;
}

/** `verifiedOnly` (type 1): units whose verification passed; otherwise every registered unit. */
export async function newestConstructions(
  db: Database,
  limit: number,
  verifiedOnly = true,
): Promise<NewConstruction[]> {
  return await db
    .select({
      constructionId: constructionUnits.constructionId,
      name: constructionUnits.name,
      districtName: districts.districtName,
      createdAt: constructionUnits.createdAt,
    })
    .from(constructionUnits)
    .leftJoin(districts, eq(districts.districtCode, constructionUnits.districtCode))
    .where(verifiedOnly ? eq(constructionUnits.auditStatus, auditStatus.code.approved) : undefined)
    .orderBy(desc(constructionUnits.createdAt), desc(constructionUnits.constructionId))
    .limit(limit);
}

/** Newest projects that were released (drafts are the owner's business). */
export async function newestProjects(db: Database, limit: number): Promise<NewProject[]> {
  return await db
    .select({
      pkid: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      districtName: districts.districtName,
      status: projects.status,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(isPublicProject)
    .orderBy(desc(projects.createdAt), desc(projects.pkid))
    .limit(limit);
}

/** Projects per status, every status of the table listed (zero when none). */
export async function projectStatistics(db: Database): Promise<ProjectStatusCount[]> {
  const rows = await db
    .select({ status: projects.status, count: count() })
    .from(projects)
    .groupBy(projects.status);
  const byStatus = new Map(rows.map((row) => [row.status, row.count]));
  return projectStatus.entries.map((entry) => ({
    status: entry.value,
    label: entry.label,
    count: byStatus.get(entry.value) ?? 0,
  }));
}

export interface MonthlyProjectCount {
  /** 'YYYY-MM', Beijing time. */
  month: string;
  /** Projects released that month (drafts are not public). */
  released: number;
  /** Projects completed (已办结) that month. */
  completed: number;
}

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * getProjectStatistics2: the last 12 months up to `now`'s month, oldest first, each with the projects
 * released and completed in it (Beijing calendar months; a month without any counts 0).
 */
export async function monthlyProjectStatistics(db: Database, now: Date): Promise<MonthlyProjectCount[]> {
  const local = new Date(now.getTime() + BEIJING_OFFSET_MS);
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
    months.push(first.toISOString().slice(0, 7));
  }
  const since = new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - BEIJING_OFFSET_MS);
  const perMonth = async (column: typeof projects.releasedAt | typeof projects.completedAt) => {
    const month = sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
    const rows = await db
      .select({ month, n: count() })
      .from(projects)
      .where(and(isPublicProject, gte(column, since)))
      .groupBy(month);
    return new Map(rows.map((row) => [row.month, row.n]));
  };
  const [released, completed] = [await perMonth(projects.releasedAt), await perMonth(projects.completedAt)];
  return months.map((month) => ({
    month,
    released: released.get(month) ?? 0,
    completed: completed.get(month) ?? 0,
  }));
}
