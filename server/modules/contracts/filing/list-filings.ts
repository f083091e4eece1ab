/**
 * contract/toDoContract and contract/doneContract: a reviewer's filing to-do or the filings it decided
 * last (review workflow); the authority oversees every pending or decided one (it does not decide).
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '@server/db/contains-pattern';
import type { Queryable } from '@server/db/database';
import { contracts, reviewItems, users } from '@server/db/schema';
import { deadlineView } from '@server/modules/deadlines';
import type { SessionUser } from '@server/modules/identity';
import { isReviewerOf, listDone, listTodo, withSubjects } from '@server/modules/review';
import type { FilingTask } from '@shared/calls/contract-filing';
import { auditStatus, auditSubject } from '@shared/domain/statuses';
import { seesAll } from '../scope';
import { rowColumns, toRow, withContractJoins, type ContractRecord } from '../service';

const CONTRACT = auditSubject.code.contract;
const A = auditStatus.code;

type Paging = { pageIdx: number; pageSize: number };
/** The queue's own fields (the to-do takes them; the done list ignores them). */
type Queue = Paging & {
  keyword?: string | undefined;
  mine?: '0' | '1' | undefined;
  orderBy?: 'submitted' | 'deadline' | undefined;
};

/** The contracts whose number or name contains the keyword (a query of their ids). */
function matching(db: Queryable, keyword: string): SQLWrapper {
  const pattern = containsPattern(keyword);
  return db
    .select({ id: contracts.contractId })
    .from(contracts)
    .where(or(ilike(contracts.contractNo, pattern), ilike(contracts.contractName, pattern)));
}

type TaskLike = {
  subjectId: number;
  version: number;
  submittedAt: Date | null;
  dueAt: Date | null;
  overdue: boolean;
  assigneeId: number | null;
  decidedAs?: string | undefined;
  decidedOn?: Date | undefined;
};

async function namesOf(db: Queryable, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ pkid: users.pkid, username: users.username })
    .from(users)
    .where(inArray(users.pkid, wanted));
  return new Map(rows.map((row) => [row.pkid, row.username]));
}

/** Pending filings (the authority oversees all of them; it does not decide). */
async function overseenFilings(db: Queryable, input: Queue, which: 'todo' | 'done') {
  const where =
    which === 'todo'
      ? eq(reviewItems.status, A.pending)
      : and(inArray(reviewItems.status, [A.approved, A.rejected]), isNotNull(reviewItems.decidedAt));
  const items = await db
    .select({
      subjectId: reviewItems.subjectId,
      status: reviewItems.status,
      version: reviewItems.version,
      submittedAt: reviewItems.submittedAt,
      decidedAt: reviewItems.decidedAt,
      dueAt: reviewItems.dueAt,
      assigneeId: reviewItems.assigneeId,
      total: sql<number>`count(*) over()::int`,
    })
    .from(reviewItems)
    .where(
      and(
        eq(reviewItems.subjectType, CONTRACT),
        where,
        which === 'todo' && input.keyword
          ? inArray(reviewItems.subjectId, matching(db, input.keyword))
          : undefined,
      ),
    )
    .orderBy(
      ...(which === 'todo'
        ? [
            ...(input.orderBy === 'deadline' ? [sql`${reviewItems.dueAt} asc nulls last`] : []),
            asc(reviewItems.submittedAt),
            asc(reviewItems.pkid),
          ]
        : [desc(reviewItems.decidedAt), desc(reviewItems.pkid)]),
    )
    .limit(input.pageSize)
    .offset((input.pageIdx - 1) * input.pageSize);
  const now = new Date();
  return {
    total: items[0]?.total ?? 0,
    tasks: items.map((item) => ({
      ...item,
      overdue: deadlineView(item.dueAt, now, item.status === A.pending ? null : item.decidedAt).overdue,
      decidedAs: which === 'done' ? auditStatus.label(item.status) : undefined,
      decidedOn: which === 'done' ? (item.decidedAt ?? undefined) : undefined,
    })),
  };
}

async function toTasks(db: Queryable, tasks: TaskLike[]): Promise<FilingTask[]> {
  const [joined, names] = await Promise.all([
    withSubjects(
      tasks,
      (ids) =>
        withContractJoins(db.select(rowColumns).from(contracts).$dynamic()).where(
          inArray(contracts.contractId, ids),
        ),
      (row) => row.contractId,
    ),
    namesOf(
      db,
      tasks.map((task) => task.assigneeId),
    ),
  ]);
  return joined.map(({ task, subject }) => ({
    ...toRow(subject as ContractRecord),
    version: task.version,
    submittedAt: task.submittedAt?.toISOString() ?? null,
    assigneeName: task.assigneeId === null ? null : (names.get(task.assigneeId) ?? null),
    dueAt: task.dueAt?.toISOString() ?? null,
    overdue: task.overdue,
    ...(task.decidedAs !== undefined ? { decidedAs: task.decidedAs } : {}),
    ...(task.decidedOn !== undefined ? { decidedOn: task.decidedOn.toISOString() } : {}),
  }));
}

/** A reviewer's to-do or done filings; the overseers' every one; nobody else's any. */
export async function listFilings(db: Queryable, user: SessionUser, input: Queue, which: 'todo' | 'done') {
  if (await isReviewerOf(db, CONTRACT, user.pkid)) {
    const query = {
      subjectType: CONTRACT,
      page: input.pageIdx,
      rows: input.pageSize,
      ...(which === 'todo'
        ? {
            mine: input.mine === '1',
            ...(input.orderBy ? { sort: input.orderBy } : {}),
            ...(input.keyword ? { subjectIds: matching(db, input.keyword) } : {}),
          }
        : {}),
    };
    const page = which === 'todo' ? await listTodo(db, user, query) : await listDone(db, user, query);
    return { rows: await toTasks(db, page.rows), total: page.total };
  }
  if (!seesAll(user)) return { rows: [], total: 0 };
  const page = await overseenFilings(db, input, which);
  return { rows: await toTasks(db, page.tasks), total: page.total };
}
