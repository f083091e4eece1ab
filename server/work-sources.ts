/**
 * What the work home (工作台, server/modules/workbench) reads, listed once at the composition root
 * (decision 0009): each domain declares beside its service its open tasks for a user and its items by
 * status (`WorkSource`), and this list hands them to the workbench, which imports no domain. A domain
 * with a new kind of to-do adds its source here.
 */
import { authorizationWorkSource } from '@server/modules/authorizations';
import { contractWorkSource } from '@server/modules/contracts';
import { evaluationWorkSource } from '@server/modules/evaluations';
import { inspectionWorkSource } from '@server/modules/inspections';
import { messageWorkSource, recentMessages } from '@server/modules/messages';
import { ownerProjectWorkSource } from '@server/modules/projects';
import { listTodo, queueCounts } from '@server/modules/review';
import { resultWorkSource } from '@server/modules/results';
import { agencySelectionWorkSource, ownerSelectionWorkSource } from '@server/modules/selection';
import { sharingWorkSource } from '@server/modules/sharing';
import type { WorkSource, WorkSources } from '@server/modules/workbench';
import { reviewSubjectNames } from '@server/db/review-items';
import { reviewItemSources } from '@server/review-hooks';
import { reviewQueuePaths } from '@shared/domain/review-kinds';
import { roles } from '@shared/domain/roles';
import { auditSubject } from '@shared/domain/statuses';

/** The most tasks the work home takes from the review queues (it shows the soonest). */
const REVIEW_TASKS = 100;
const reviewing: readonly string[] = [roles.authority.id, roles.auditor.id];

/**
 * A reviewer's to-do as it reads: the subject by its number or name where its kind declares one
 * (`name` of its review-item source), else by its id; and who submitted it.
 */
export function reviewTaskTitle(
  task: { subjectLabel: string; subjectId: number; applicantName: string | null },
  name: string | undefined,
): string {
  const subject = name ? `${task.subjectLabel}“${name}”` : `${task.subjectLabel}（编号 ${task.subjectId}）`;
  return task.applicantName ? `${task.applicantName}提交的${subject}` : `待审核的${subject}`;
}

/**
 * The reviewers' part (here, as the review engine imports no other module): every pending task of the
 * kinds the user reviews (held by them or by nobody), soonest deadline first, each opening the
 * subject's review page; and the size of each queue.
 */
export const reviewWorkSource: WorkSource = {
  name: 'review',
  appliesTo: (user) => user.isAdmin || user.roleIds.some((role) => reviewing.includes(role)),
  todos: async ({ db, user }) => {
    const { rows } = await listTodo(db, user, { page: 1, rows: REVIEW_TASKS, sort: 'deadline' });
    const names = await reviewSubjectNames(db, reviewItemSources, rows);
    return rows.map((task) => ({
      key: `${task.subjectType}:${task.subjectId}`,
      kind: `${task.subjectLabel}审核`,
      title: reviewTaskTitle(task, names.get(`${task.subjectType}:${task.subjectId}`)),
      href: task.detailPath,
      dueAt: task.dueAt,
      overdue: task.overdue,
      since: task.submittedAt,
      holderName: task.holderName,
    }));
  },
  counts: async ({ db, user, now }) =>
    (await queueCounts(db, user, now))
      .filter((queue) => queue.total > 0 || reviewQueuePaths[queue.subjectType] !== undefined)
      .map((queue) => ({
        group: '审核队列',
        label: `${auditSubject.label(queue.subjectType)}审核`,
        count: queue.total,
        href: reviewQueuePaths[queue.subjectType] ?? null,
        overdue: queue.overdue,
        mine: queue.mine,
      })),
};

export const workSources: WorkSources = {
  tasks: [
    reviewWorkSource,
    ownerProjectWorkSource,
    ownerSelectionWorkSource,
    agencySelectionWorkSource,
    authorizationWorkSource,
    contractWorkSource,
    resultWorkSource,
    sharingWorkSource,
    inspectionWorkSource,
    evaluationWorkSource,
    messageWorkSource,
  ],
  messages: recentMessages,
};
