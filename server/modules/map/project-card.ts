import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { constructionUnits, districts, projects } from '@server/db/schema';
import { stageName } from '@shared/domain/stages';
import { projectStatus } from '@shared/domain/statuses';
import { AppError } from '@shared/errors/app-error';
import { isPublicProject } from '@server/modules/projects';
import { currentStageSql } from './districts';
import type { ProjectCard } from './types';

/** The public card of a project on the map: what the hall may show to anyone. */
export async function getProjectCard(db: Database, pkid: number): Promise<ProjectCard> {
  const [row] = await db
    .select({
      pkid: projects.pkid,
      projectName: projects.projectName,
      projectNo: projects.projectNo,
      status: projects.status,
      stageId: currentStageSql,
      // The newest released demand: its page (public) carries the agency selection record.
      demandId: sql<
        number | null
      >`(select d.pkid from project_demands d where d.project_id = projects.pkid and d.status <> 0 order by d.pkid desc limit 1)`,
      districtName: districts.districtName,
      address: projects.address,
      constructionName: constructionUnits.name,
      projectType: projects.projectType,
      createdAt: projects.createdAt,
      lon: projects.lon,
      lat: projects.lat,
    })
    .from(projects)
    .innerJoin(districts, eq(districts.districtCode, projects.districtCode))
    .innerJoin(constructionUnits, eq(constructionUnits.constructionId, projects.constructionId))
    .where(and(eq(projects.pkid, pkid), isPublicProject));
  if (!row) throw new AppError('not_found', { message: '项目不存在' });
  const { stageId, createdAt, demandId, ...card } = row;
  return {
    ...card,
    demandId: demandId === null ? null : Number(demandId),
    statusName: projectStatus.label(card.status),
    stageName: stageId === null ? null : stageName(Number(stageId)),
    createdAt: createdAt.toISOString(),
  };
}
