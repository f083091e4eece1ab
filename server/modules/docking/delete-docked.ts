/** A supervisor hides a docked project. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { dockedProjects } from '@server/db/schema';
import type { SessionUser } from '@server/modules/identity';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages as m } from '@shared/validation/docking';

const dp = dockedProjects;

/** Hides a docked project (soft delete: the feed will not bring it back). */
export async function deleteDocked(db: Database, user: SessionUser, id: number, now: Date): Promise<null> {
  const removed = await db
    .update(dp)
    .set({ deletedAt: now, deletedBy: user.pkid, updatedAt: now })
    .where(and(eq(dp.pkid, id), isNull(dp.deletedAt)))
    .returning({ pkid: dp.pkid });
  if (removed.length === 0) throw new AppError('not_found', { message: m.notFound });
  return null;
}
