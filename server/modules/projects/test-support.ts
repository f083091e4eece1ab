/**
 * Test fixtures for projects: a project with one demand (and its survey items), inserted straight into
 * the database for tests that need a demand to select, authorize, staff or file.
 */
import type { Queryable } from '@server/db/database';
import { projectAuthorizations, projectDemands, projects, projectStageItems } from '@server/db/schema';
import { OWNER_UNIT_ID } from '@server/seed/demo-context';

const made = new Map<string, number>();

export interface DemandFixture {
  /** The project's name and number: `${name}${n}` and `${code}2026${n}` (n counts per code). */
  name: string;
  code: string;
  districtCode: string;
  /** The owner's unit; owner01's by default. */
  constructionId?: number;
  /** The project's and the demand's status (1 released by default). */
  status?: number;
  stageId?: number;
  items?: readonly number[];
  /** When the demand was released (now by default). */
  releasedAt?: Date;
  /** Whether the project is stamped as approved and released too (audit status 2, release time). */
  approved?: boolean;
  /** An offer of the demand to an agency, in `state` (responded now unless pending). */
  offer?: { organizationId: number; state: number; responded?: boolean };
}

/** Inserts a project with one demand (and its items and offer); the ids it made. */
export async function insertDemand(
  db: Queryable,
  {
    name,
    code,
    districtCode,
    constructionId = OWNER_UNIT_ID,
    status = 1,
    stageId = 4,
    items = [],
    releasedAt = new Date(),
    approved = true,
    offer,
  }: DemandFixture,
): Promise<{ projectId: number; projectNo: string; demandId: number; authorizationId: number | undefined }> {
  const n = (made.get(code) ?? 0) + 1;
  made.set(code, n);
  const projectNo = `${code}2026${String(n).padStart(6, '0')}`;
  const [project] = await db
    .insert(projects)
    .values({
      projectName: `${name}${n}`,
      projectNo,
      constructionId,
      districtCode,
      status,
      ...(approved ? { auditStatus: 2, releasedAt: new Date() } : {}),
    })
    .returning({ pkid: projects.pkid });
  const projectId = project!.pkid;
  const [demand] = await db
    .insert(projectDemands)
    .values({ projectId, stageId, status, releasedAt })
    .returning({ pkid: projectDemands.pkid });
  const demandId = demand!.pkid;
  if (items.length > 0)
    await db.insert(projectStageItems).values(items.map((itemId) => ({ projectId, demandId, itemId })));
  if (!offer) return { projectId, projectNo, demandId, authorizationId: undefined };
  const [auth] = await db
    .insert(projectAuthorizations)
    .values({
      projectId,
      demandId,
      organizationId: offer.organizationId,
      state: offer.state,
      ...(offer.responded === false ? {} : { respondedAt: new Date() }),
    })
    .returning({ pkid: projectAuthorizations.pkid });
  return { projectId, projectNo, demandId, authorizationId: auth!.pkid };
}
