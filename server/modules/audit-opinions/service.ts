/**
 * Audit-opinion templates (spec section 7, /auditManageInfo): the reusable opinion texts that every
 * approval dialog offers as a pick list. Managed by administrators, the competent authority and
 * auditors; read by any signed-in user.
 */
import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Database } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import { auditOpinions, users } from '@server/db/schema';
import { AppError } from '@shared/errors/app-error';
import { auditOpinionTexts, type AuditOpinionAdd, type AuditOpinionList } from '@shared/validation/messages';

/** A template at the wire. */
export interface AuditOpinionRow {
  pkid: number;
  content: string;
  createTime: Date;
  createUserName: string | null;
}

export async function listAuditOpinions(
  db: Database,
  query: AuditOpinionList,
): Promise<{ rows: AuditOpinionRow[]; total: number }> {
  const where = query.content ? ilike(auditOpinions.content, containsPattern(query.content)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        pkid: auditOpinions.pkid,
        content: auditOpinions.content,
        createTime: auditOpinions.createdAt,
        createUserName: users.username,
      })
      .from(auditOpinions)
      .leftJoin(users, eq(auditOpinions.createdBy, users.pkid))
      .where(where)
      .orderBy(desc(auditOpinions.createdAt), desc(auditOpinions.pkid))
      .limit(query.pageSize)
      .offset((query.pageIdx - 1) * query.pageSize),
    db.select({ total: count() }).from(auditOpinions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Adds a template; the same text twice is a conflict ('该审核意见已存在'). */
export async function addAuditOpinion(
  db: Database,
  author: Pick<SessionUser, 'pkid' | 'username'>,
  input: AuditOpinionAdd,
): Promise<AuditOpinionRow> {
  const [row] = await db
    .insert(auditOpinions)
    .values({ content: input.content, createdBy: author.pkid })
    .onConflictDoNothing({ target: auditOpinions.content })
    .returning({
      pkid: auditOpinions.pkid,
      content: auditOpinions.content,
      createTime: auditOpinions.createdAt,
    });
  if (!row) throw new AppError('conflict', { message: auditOpinionTexts.duplicate, field: 'content' });
  return { ...row, createUserName: author.username };
}

/** Deletes templates, all or nothing: an unknown id is a 404 and nothing is deleted. */
export async function deleteAuditOpinions(db: Database, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(auditOpinions)
      .where(inArray(auditOpinions.pkid, [...ids]))
      .returning({ pkid: auditOpinions.pkid });
    // Throwing inside the transaction rolls the partial delete back.
    if (deleted.length !== ids.length)
      throw new AppError('not_found', { message: auditOpinionTexts.notFound });
    return deleted.length;
  });
}
