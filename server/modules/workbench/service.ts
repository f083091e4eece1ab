/**
 * The work home (工作台): every source's open tasks for the user in one list, soonest deadline first
 * (tasks without a deadline after, oldest first), the items by status, the newest messages.
 */
import type { WorkHome } from '@shared/calls/workbench';
import type { OpenTask, WorkContext, WorkSources } from './sources';

/** The most to-dos the page shows (the total says how many there are). */
export const WORK_TODO_LIMIT = 20;
export const WORK_MESSAGE_LIMIT = 5;

const time = (date: Date | null) => date?.getTime() ?? Number.POSITIVE_INFINITY;

/** Soonest deadline first; without one, after those with one, oldest first; then by key. */
export function byDeadline(a: OpenTask, b: OpenTask): number {
  return (
    time(a.dueAt) - time(b.dueAt) ||
    time(a.since) - time(b.since) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

export async function workHome(sources: WorkSources, ctx: WorkContext): Promise<WorkHome> {
  const concerned = sources.tasks.filter((source) => source.appliesTo(ctx.user));
  const [todoLists, countLists, messages] = await Promise.all([
    Promise.all(concerned.map((source) => source.todos?.(ctx) ?? Promise.resolve([]))),
    Promise.all(concerned.map((source) => source.counts?.(ctx) ?? Promise.resolve([]))),
    sources.messages(ctx, WORK_MESSAGE_LIMIT),
  ]);
  const seen = new Set<string>();
  const todos = todoLists
    .flat()
    .filter((task) => (seen.has(task.key) ? false : (seen.add(task.key), true)))
    .sort(byDeadline);
  return {
    todos: todos.slice(0, WORK_TODO_LIMIT).map((task) => ({
      key: task.key,
      kind: task.kind,
      title: task.title,
      href: task.href,
      dueAt: task.dueAt?.toISOString() ?? null,
      overdue: task.overdue,
      since: task.since?.toISOString() ?? null,
      ...(task.holderName !== undefined ? { holderName: task.holderName } : {}),
      ...(task.messageId !== undefined ? { messageId: task.messageId } : {}),
    })),
    todoTotal: todos.length,
    overdueTotal: todos.filter((task) => task.overdue).length,
    counts: countLists.flat(),
    messages: messages.rows.map((row) => ({ ...row, addTime: row.addTime.toISOString() })),
    unread: messages.unread,
  };
}
