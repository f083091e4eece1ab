/** The lists of docked projects: the supervisors' (list) and an owner's unit's (getSynchroProjectListByUserID). */
import { and, ilike, isNull } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { dockedProjects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import type { DockingFilters } from '@shared/validation/docking';
import { dockingConditions, ofUnit, pageOf, unitOf } from './docked-rows';

const dp = dockedProjects;

/** The supervisors' list: every docked project not deleted, newest first. */
export function listDocked(db: Queryable, input: DockingFilters & { page: number; rows: number }) {
  return pageOf(db, dockingConditions(input), input.page, input.rows);
}

/** getSynchroProjectListByUserID: the docked projects of the user's unit (administrators: userID's). */
export async function synchroList(
  db: Queryable,
  user: SessionUser,
  input: { userID?: number | undefined; pageNum: number; pageSize: number; projectName?: string | undefined },
) {
  const unit = await unitOf(db, user.isAdmin && input.userID ? input.userID : user.pkid);
  if (!unit) return { rows: [], total: 0 };
  const where = and(
    isNull(dp.deletedAt),
    ofUnit(unit),
    input.projectName ? ilike(dp.projectName, containsPattern(input.projectName)) : undefined,
  );
  return pageOf(db, where, input.pageNum, input.pageSize);
}
