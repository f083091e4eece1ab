/**
 * The criteria of the smd and con evaluations (shared/domain/evaluations.ts): the newest version of a
 * kind, or its defaults as version 1 before an administrator saves one. A save appends a version;
 * evaluations keep the labels they were scored on, so no edit moves an old one.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/database';
import { evaluationCriteria, users } from '@server/db/schema';
import type { SessionUser } from '@server/lib/session-user';
import type { Criteria } from '@shared/calls/evaluations';
import { DEFAULT_CRITERIA, type ConfigurableKind } from '@shared/domain/evaluations';
import { AppError } from '@shared/errors/app-error';
import { evaluationMessages as m, type CriteriaSaveInput } from '@shared/validation/evaluations';

export async function currentCriteria(db: Queryable, kind: ConfigurableKind): Promise<Criteria> {
  const c = evaluationCriteria;
  const [row] = await db
    .select({ version: c.version, labels: c.labels, createdAt: c.createdAt, createdByName: users.username })
    .from(c)
    .leftJoin(users, eq(users.pkid, c.createdBy))
    .where(eq(c.kind, kind))
    .orderBy(desc(c.version))
    .limit(1);
  if (!row)
    return { kind, version: 1, labels: [...DEFAULT_CRITERIA[kind]], createdAt: null, createdByName: null };
  return { kind, ...row, createdAt: row.createdAt.toISOString() };
}

/** Appends the next version of a kind's criteria (400 when nothing changed; the unique index settles a race). */
export async function saveCriteria(
  db: Database,
  user: SessionUser,
  input: CriteriaSaveInput,
): Promise<Criteria> {
  return db.transaction(async (tx) => {
    const current = await currentCriteria(tx, input.kind);
    if (JSON.stringify(current.labels) === JSON.stringify(input.labels))
      throw new AppError('invalid_input', { message: m.criteriaUnchanged, field: 'labels' });
    const saved = await tx
      .insert(evaluationCriteria)
      .values({ kind: input.kind, version: current.version + 1, labels: input.labels, createdBy: user.pkid })
      .onConflictDoNothing()
      .returning({ pkid: evaluationCriteria.pkid });
    if (saved.length === 0) throw new AppError('conflict', { message: m.criteriaVersion });
    return currentCriteria(tx, input.kind);
  });
}

/** The scores given against the current criteria, as the evaluation keeps them (labels beside scores). */
export async function scoredAgainst(
  db: Queryable,
  kind: ConfigurableKind,
  input: { criteriaVersion: number; scores: number[] },
) {
  const criteria = await currentCriteria(db, kind);
  if (input.criteriaVersion !== criteria.version)
    throw new AppError('conflict', { message: m.criteriaVersion, field: 'criteriaVersion' });
  if (input.scores.length !== criteria.labels.length)
    throw new AppError('invalid_input', { message: m.scoresCount, field: 'scores' });
  return {
    criteriaVersion: criteria.version,
    scores: criteria.labels.map((label, index) => ({ label, score: input.scores[index]! })),
  };
}
