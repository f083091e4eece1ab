/**
 * The reviewers' queue block, one for every to-do list of the review workflow (server/modules/review):
 * the queue's filters (a keyword matching the number or name, 我的待办 for the tasks the user holds,
 * the order: oldest submission or soonest deadline), the holder column (the claiming or assigned
 * reviewer's name, 待领取 while in the pool) and the 领取 action. A queue whose call takes the queue
 * fields (shared/validation/review.ts `reviewQueueFields`) is a ReviewQueuePage:
 *
 * ```tsx
 * <ReviewQueuePage title="人员审核" caption="待审核的从业人员" noun="从业人员"
 *   call={staffCalls.toDoStaff} columns={columns} keywordLabel="姓名或证件号码"
 *   subjectType="agent_staff" subjectIdOf={(row) => row.staffId} labelOf={(row) => row.name}
 *   rowKey={(row) => row.staffId} />
 * ```
 *
 * A queue of change requests keys its rows and tasks by the change (change-request.tsx `changeQueueKeys`):
 *
 * ```tsx
 * <ReviewQueuePage title="人员变更审核" caption="待审核的人员变更" noun="人员变更"
 *   call={staffChangeCalls.toDo} columns={changeColumns} keywordLabel="姓名或证件号码"
 *   {...changeQueueKeys} subjectType="staff_change" labelOf={(row) => row.name} />
 * ```
 */
import { useState } from 'react';
import type { ApiCall, RowOf } from '@shared/calls/define';
import { reviewCalls } from '@shared/calls/review';
import type { AuditSubject } from '@shared/domain/statuses';
import { Button } from '@shared/ui/button';
import { reviewQueueSorts } from '@shared/validation/review';
import { deadlineColumn, type WithDeadline } from '@console/kit/deadline-column';
import { ListPage, type FilterDef, type ListPageProps } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { type Column } from '@console/kit/data-table';

/**
 * The queue's filters, after the list's own: 搜索 (number or name; null when the list has its own
 * number filter), 办理人 (全部 / 我的待办), 排序.
 */
export function reviewQueueFilters(keywordLabel: string | null): FilterDef[] {
  return [
    ...(keywordLabel === null
      ? []
      : [{ name: 'keyword', label: keywordLabel, placeholder: '输入编号或名称' }]),
    {
      name: 'mine',
      label: '办理人',
      type: 'select',
      placeholder: '全部（含待领取）',
      options: [{ value: '1', label: '我的待办（已领取）' }],
    },
    {
      name: 'orderBy',
      label: '排序',
      type: 'select',
      placeholder: `${reviewQueueSorts.submitted}（默认）`,
      options: [{ value: 'deadline', label: reviewQueueSorts.deadline }],
    },
  ];
}

/** 办理人: the reviewer holding the task, or 待领取 while any reviewer of the kind may take it. */
export function holderColumn<Row>(holderOf: (row: Row) => string | null | undefined): Column<Row> {
  return {
    key: 'holder',
    header: '办理人',
    cell: (row) => holderOf(row) ?? '待领取',
    nowrap: true,
  };
}

export interface ClaimActionProps {
  subjectType: AuditSubject;
  subjectId: number;
  /** The current holder; the button shows only while nobody holds the task. */
  holderName: string | null | undefined;
  /** What the row reads as, for the button's accessible name ('领取 HT2026…'). */
  label: string;
  /** The list call(s) to refresh after claiming. */
  lists: readonly ApiCall[];
  onDone: (outcome: ActionOutcome) => void;
}

/** 领取: takes a task from the pool; the server checks that the user reviews its kind. */
export function ClaimAction({ subjectType, subjectId, holderName, label, lists, onDone }: ClaimActionProps) {
  const claim = useCallMutation(reviewCalls.claim, { invalidates: lists });
  if (holderName) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`领取 ${label}`}
      disabled={claim.isPending}
      onClick={() =>
        void claim.mutateAsync({ subjectType, subjectId }).then(
          (answer) =>
            onDone({ tone: 'success', text: `${answer.message}：${label}由${answer.data.holderName}办理` }),
          (error: Error) => onDone({ tone: 'danger', text: error.message }),
        )
      }
    >
      领取
    </Button>
  );
}

/** A queue row: its deadline and holder (the server's `queueOf`). */
type QueueRow = WithDeadline & { holderName?: string | null | undefined };

export interface ReviewQueuePageProps<C extends ApiCall, Key> extends Omit<
  ListPageProps<C, Key>,
  'rowLabel' | 'rowActions' | 'feedback' | 'emptyText'
> {
  subjectType: AuditSubject;
  /** The search field's label (what the keyword matches); null when the list has its own number filter. */
  keywordLabel: string | null;
  /** What the queue holds, for its empty text: 暂无{waiting}的{noun}, or 没有符合条件的{noun} when filtered. */
  noun: string;
  /** The state of its tasks in the empty text (default 待审核). */
  waiting?: string;
  /** The holder of a row's task, if the row names it otherwise than `holderName`. */
  holderOf?: (row: RowOf<C>) => string | null | undefined;
  /** The review subject's id of a row (what 领取 takes). */
  subjectIdOf: (row: RowOf<C>) => number;
  /** How a row reads (its number or name): the row's and its 领取 button's accessible names. */
  labelOf: (row: RowOf<C>) => string;
  /** False for a user who oversees the queue without deciding (no 领取). */
  canClaim?: boolean;
  /** Other lists on the page that show the task's holder, refreshed after a claim. */
  alsoRefreshes?: readonly ApiCall[];
}

/**
 * A reviewer's to-do: the list's own filters and columns, then the queue's filters, the holder and the
 * deadline columns, and 领取 on every task in the pool.
 */
export function ReviewQueuePage<C extends ApiCall, Key>({
  subjectType,
  keywordLabel,
  noun,
  waiting = '待审核',
  subjectIdOf,
  labelOf,
  holderOf = (row) => (row as QueueRow).holderName,
  canClaim = true,
  alsoRefreshes = [],
  call,
  filters = [],
  columns,
  ...list
}: ReviewQueuePageProps<C, Key>) {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      {...list}
      call={call}
      filters={[...filters, ...reviewQueueFilters(keywordLabel)]}
      columns={[
        ...columns,
        holderColumn(holderOf),
        deadlineColumn<RowOf<C> & QueueRow>() as Column<RowOf<C>>,
      ]}
      rowLabel={labelOf}
      feedback={feedback}
      {...(canClaim
        ? {
            rowActions: (row: RowOf<C>) => (
              <ClaimAction
                subjectType={subjectType}
                subjectId={subjectIdOf(row)}
                holderName={holderOf(row)}
                label={labelOf(row)}
                lists={[call, ...alsoRefreshes]}
                onDone={setFeedback}
              />
            ),
          }
        : {})}
      emptyText={(filtered) => (filtered ? `没有符合条件的${noun}` : `暂无${waiting}的${noun}`)}
    />
  );
}
