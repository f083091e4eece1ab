/**
 * Every reviewer's to-do and done list with its subjects, once for every kind: the engine lists a page
 * of tasks (lists.ts), the kind's declaration (`ReviewSubjects`, written by its domain beside its
 * service) selects their subjects by id, and the pairs come back in the tasks' order. The engine knows
 * no domain's table: the declaration is handed in by the caller.
 */
import type { SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';
import type { AuditSubject } from '@shared/domain/statuses';
import { listDone, listTodo, type DoneTask, type ReviewListQuery, type ReviewTask } from './lists';

/** What the task lists need of a reviewed kind's subjects. */
export interface ReviewSubjects<S> {
  subjectType: AuditSubject;
  /** The subjects with these ids, in any order (a subject that is gone is simply missing). */
  rowsOf: (db: Queryable, ids: number[]) => Promise<readonly S[]>;
  /** A row's subject id. */
  idOf: (row: S) => number;
  /** The subjects whose number or name contains the keyword (a query of their ids): the queue's search. */
  search?: (db: Queryable, keyword: string) => SQLWrapper;
}

/** The queue's own fields of a to-do list's input (shared/validation/review.ts `reviewQueueFields`). */
export interface QueueInput {
  keyword?: string | undefined;
  mine?: '0' | '1' | undefined;
  orderBy?: 'submitted' | 'deadline' | undefined;
}

/**
 * A page of to-do or done tasks joined to their subjects: `load` fetches the subjects of the page's ids
 * (it is not called for an empty page). The tasks' order is kept (oldest submission, or newest decision,
 * first) and a task whose subject is gone is left out.
 */
export async function withSubjects<T extends { subjectId: number }, S>(
  tasks: readonly T[],
  load: (ids: number[]) => Promise<readonly S[]>,
  idOf: (subject: S) => number,
): Promise<{ task: T; subject: S }[]> {
  if (tasks.length === 0) return [];
  const subjects = await load(tasks.map((task) => task.subjectId));
  const byId = new Map(subjects.map((subject) => [idOf(subject), subject]));
  return tasks.flatMap((task) => {
    const subject = byId.get(task.subjectId);
    return subject === undefined ? [] : [{ task, subject }];
  });
}

type KindQuery = Omit<ReviewListQuery, 'subjectType' | 'mine' | 'sort'>;

/**
 * The user's to-do of the kind (listTodo, oldest submission first), each task as the list's row of its
 * subject (`row`; a to-do row usually adds the task's deadline and holder, `queueOf`). The queue's
 * fields, when the list takes them: `keyword` through the kind's `search`, `mine`, `orderBy`.
 */
export async function todoRowsOf<S, R>(
  db: Queryable,
  user: SessionUser,
  subjects: ReviewSubjects<S>,
  query: KindQuery & QueueInput,
  row: (subject: S, task: ReviewTask) => R,
): Promise<{ rows: R[]; total: number }> {
  const { keyword, mine, orderBy, ...rest } = query;
  const subjectIds = keyword && subjects.search ? subjects.search(db, keyword) : rest.subjectIds;
  const page = await listTodo(db, user, {
    ...rest,
    subjectType: subjects.subjectType,
    ...(subjectIds ? { subjectIds } : {}),
    ...(mine === '1' ? { mine: true } : {}),
    ...(orderBy ? { sort: orderBy } : {}),
  });
  const pairs = await withSubjects(page.rows, (ids) => subjects.rowsOf(db, ids), subjects.idOf);
  return { rows: pairs.map(({ task, subject }) => row(subject, task)), total: page.total };
}

/** The user's done list of the kind (listDone, newest decision first), each task as its subject's row. */
export async function doneRowsOf<S, R>(
  db: Queryable,
  user: SessionUser,
  subjects: ReviewSubjects<S>,
  query: KindQuery,
  row: (subject: S, task: DoneTask) => R,
): Promise<{ rows: R[]; total: number }> {
  const page = await listDone(db, user, { ...query, subjectType: subjects.subjectType });
  const pairs = await withSubjects(page.rows, (ids) => subjects.rowsOf(db, ids), subjects.idOf);
  return { rows: pairs.map(({ task, subject }) => row(subject, task)), total: page.total };
}

/** A to-do row's service deadline: when the task is due and whether it is overdue (the deadline column). */
export const deadlineOf = ({ dueAt, overdue }: ReviewTask) => ({ dueAt, overdue });

/** A queue row's deadline and holder (the reviewer who claimed it, null in the pool): `queueFields`. */
export const queueOf = (task: ReviewTask) => ({ ...deadlineOf(task), holderName: task.holderName });

/**
 * The reviewer's queue of the kind: its to-do (todoRowsOf), each task as its subject's list row (`row`)
 * with the task's deadline and holder (`queueOf`).
 */
export async function queueRowsOf<S, R extends object>(
  db: Queryable,
  user: SessionUser,
  subjects: ReviewSubjects<S>,
  query: KindQuery & QueueInput,
  row: (subject: S) => R,
) {
  return todoRowsOf(db, user, subjects, query, (subject, task) => ({ ...row(subject), ...queueOf(task) }));
}
