/**
 * The hall's demand pages for signed-in users (spec section 2: /demand/demandQuery, demandDetails,
 * progressQuery1): released survey demands and a project's progress through its status history.
 * Read-only; releasing and authorizing demands belong to the demand-management work.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import {
  agentOrganizations,
  constructionUnits,
  districts,
  projectAuthorizations,
  projectDemands,
  projectLogs,
  projectStageItems,
  projects,
} from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import { projectStatus } from '@shared/domain/statuses';
import { stageName, surveyItemName } from '@shared/domain/stages';

export interface DemandSummary {
  demandId: number;
  projectId: number;
  projectName: string;
  projectNo: string;
  districtName: string | null;
  stageId: number;
  stageName: string;
  itemNames: string[];
  status: number;
  releasedAt: Date | null;
  deadline: string | null;
}

export interface DemandDetail extends DemandSummary {
  constructionName: string;
  address: string | null;
  fundingParty: string | null;
  remark: string | null;
  items: { itemId: number; name: string; resultAcceptance: number }[];
  authorizations: { orgName: string; state: number; authorizedAt: Date }[];
}

export interface ProjectProgress {
  pkid: number;
  projectName: string;
  projectNo: string;
  districtName: string | null;
  constructionName: string;
  status: number;
  logs: {
    statusFrom: number | null;
    statusTo: number;
    content: string;
    actorName: string | null;
    createdAt: Date;
  }[];
}

const released = ne(projectDemands.status, projectStatus.code.draft);

async function itemNamesOf(db: Database, demandIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (demandIds.length === 0) return names;
  const rows = await db
    .select({ demandId: projectStageItems.demandId, itemId: projectStageItems.itemId })
    .from(projectStageItems)
    .where(inArray(projectStageItems.demandId, demandIds))
    .orderBy(asc(projectStageItems.itemId));
  for (const row of rows) {
    const list = names.get(row.demandId) ?? [];
    list.push(surveyItemName(row.itemId));
    names.set(row.demandId, list);
  }
  return names;
}

const summaryColumns = {
  demandId: projectDemands.pkid,
  projectId: projects.pkid,
  projectName: projects.projectName,
  projectNo: projects.projectNo,
  districtName: districts.districtName,
  stageId: projectDemands.stageId,
  status: projectDemands.status,
  releasedAt: projectDemands.releasedAt,
  deadline: projectDemands.deadline,
};

/** Released demands, newest first; keyword matches the project name or number. */
export async function listDemands(
  db: Database,
  query: { keyword?: string; stageId?: number; districtCode?: string; page: number; rows: number },
): Promise<{ rows: DemandSummary[]; total: number }> {
  const conditions: SQL[] = [released];
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    conditions.push(or(ilike(projects.projectName, pattern), ilike(projects.projectNo, pattern)) as SQL);
  }
  if (query.stageId !== undefined) conditions.push(eq(projectDemands.stageId, query.stageId));
  if (query.districtCode) conditions.push(eq(projects.districtCode, query.districtCode));
  const where = and(...conditions);
  const rows = await db
    .select(summaryColumns)
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(where)
    .orderBy(desc(projectDemands.releasedAt), desc(projectDemands.pkid))
    .limit(query.rows)
    .offset((query.page - 1) * query.rows);
  const [counted] = await db
    .select({ total: count() })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .where(where);
  const names = await itemNamesOf(
    db,
    rows.map((row) => row.demandId),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      stageName: stageName(row.stageId),
      itemNames: names.get(row.demandId) ?? [],
    })),
    total: counted?.total ?? 0,
  };
}

export async function getDemand(db: Database, demandId: number): Promise<DemandDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      constructionName: constructionUnits.name,
      address: projects.address,
      fundingParty: projectDemands.fundingParty,
      remark: projectDemands.remark,
    })
    .from(projectDemands)
    .innerJoin(projects, eq(projects.pkid, projectDemands.projectId))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(and(released, eq(projectDemands.pkid, demandId)));
  if (!row) throw new AppError('not_found', { message: '该测绘需求不存在或尚未发布' });
  const items = await db
    .select({ itemId: projectStageItems.itemId, resultAcceptance: projectStageItems.resultAcceptance })
    .from(projectStageItems)
    .where(eq(projectStageItems.demandId, demandId))
    .orderBy(asc(projectStageItems.itemId));
  const authorizations = await db
    .select({
      orgName: agentOrganizations.orgName,
      state: projectAuthorizations.state,
      authorizedAt: projectAuthorizations.authorizedAt,
    })
    .from(projectAuthorizations)
    .innerJoin(
      agentOrganizations,
      eq(agentOrganizations.organizationId, projectAuthorizations.organizationId),
    )
    .where(eq(projectAuthorizations.demandId, demandId))
    .orderBy(desc(projectAuthorizations.authorizedAt));
  return {
    ...row,
    stageName: stageName(row.stageId),
    itemNames: items.map((item) => surveyItemName(item.itemId)),
    items: items.map((item) => ({ ...item, name: surveyItemName(item.itemId) })),
    authorizations,
  };
}

/** A released project's status history by its project number; not_found otherwise. */
export async function getProjectProgress(db: Database, projectNo: string): Promise<ProjectProgress> {
  const [project] = await db
    .select({
      pkid: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      districtName: districts.districtName,
      constructionName: constructionUnits.name,
      status: projects.status,
    })
    .from(projects)
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .leftJoin(districts, eq(districts.districtCode, projects.districtCode))
    .where(and(eq(projects.projectNo, projectNo.trim()), ne(projects.status, projectStatus.code.draft)));
  if (!project) throw new AppError('not_found', { message: '未找到该项目，请核对项目编号' });
  const logs = await db
    .select({
      statusFrom: projectLogs.statusFrom,
      statusTo: projectLogs.statusTo,
      content: projectLogs.content,
      actorName: projectLogs.actorName,
      createdAt: projectLogs.createdAt,
    })
    .from(projectLogs)
    .where(eq(projectLogs.projectId, project.pkid))
    .orderBy(asc(projectLogs.createdAt), asc(projectLogs.pkid));
  return { ...project, logs };
}
