/**
 * Counts the hall home and the statistics calls show (spec section 7, "Statistics and workflow").
 * Each count is one aggregate query; nothing loads rows.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { agentOrganizations, constructionUnits, departments, projects } from '@server/db/schema';
import { hallCountedProject } from '@server/modules/map';
import { auditStatus } from '@shared/domain/statuses';
import type { DepartmentKind } from '@shared/domain/statuses';

/** Department kinds that count as government departments on the hall (competent, district, sharing). */
export const natureDeptKinds: readonly DepartmentKind[] = ['authority', 'district', 'sharing'];

export interface HallCounts {
  /** Agencies whose audit passed (auditStatus 2). */
  agentOrganizationCount: number;
  /** Construction units, every audit state. */
  constructionCount: number;
  /** Projects the public may see (published, not 待发布): the hall's one counting rule. */
  projectCount: number;
  /** Government departments taking part: competent authority, district sub-offices, sharing units. */
  natureDeptCount: number;
}

export async function countApprovedAgencies(db: Database): Promise<number> {
  return await db.$count(agentOrganizations, eq(agentOrganizations.auditStatus, auditStatus.code.approved));
}

export async function countConstructionUnits(db: Database): Promise<number> {
  return await db.$count(constructionUnits);
}

/** Projects by the hall's one counting rule (server/modules/map: hallCountedProject). */
export async function countProjects(db: Database): Promise<number> {
  return await db.$count(projects, hallCountedProject);
}

export async function countNatureDepts(db: Database): Promise<number> {
  return await db.$count(departments, inArray(departments.kind, [...natureDeptKinds]));
}

/** All four hall counts. */
export async function getHallCounts(db: Database): Promise<HallCounts> {
  // Sequential on purpose: PGlite has one connection, and on a pool four tiny counts gain nothing.
  const agentOrganizationCount = await countApprovedAgencies(db);
  const constructionCount = await countConstructionUnits(db);
  const projectCount = await countProjects(db);
  const natureDeptCount = await countNatureDepts(db);
  return { agentOrganizationCount, constructionCount, projectCount, natureDeptCount };
}
