/**
 * A change request of an approved subject, once for every kind (agency, staff, unit, contract-filing and
 * authorization changes; the server side is server/modules/review/change-requests.ts): the request form
 * with its reason, one change's page (status, what changes, old and new side by side, the review trail
 * and, for a reviewer, the decision), and the columns of the lists of changes. A domain gives only its
 * fields, labels, messages and calls.
 *
 * ```tsx
 * <ChangeDetail title={`${data.orgName} · 机构变更`} change={data} records={records}
 *   comparison={<ChangeComparison fields={…} changed={data.changedFields} />}
 *   decide={decideBySpecCalls(id, approve.mutateAsync, transfer.mutateAsync)} />
 * ```
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { KitForm } from '@console/kit/form';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline, type TimelineRecord } from './audit-timeline';
import { transferFields, verdictFields, type Decision } from './decision-panel';
import { ReviewDecision, type ReviewState } from './review-decision';
import './review.css';

export {
  ChangeComparison,
  comparedFields,
  type ComparedField,
  type ComparedFiles,
} from './change-comparison';

/** What every change answers about its state. */
export interface ChangeState {
  auditStatus: number;
  createdAt: string;
  appliedAt: string | null;
}

/** A decision sent through the kind's calls; resolves with the server's message. */
export type DecideChange = (decision: Decision) => Promise<{ message: string }>;

type Send<I> = (input: I) => Promise<{ message: string }>;

/**
 * The decision through the spec's calls of a kind: approve (auditStatus 2 or 3 with the opinion) and,
 * when the kind has one, transfer (askReason, transferStaffId).
 */
export function decideBySpecCalls(
  id: number,
  approve: Send<{ id: number } & ReturnType<typeof verdictFields>>,
  transfer?: Send<{ id: number } & ReturnType<typeof transferFields>>,
): DecideChange {
  return (decision) =>
    decision.decision === 'transfer' && transfer
      ? transfer({ id, ...transferFields(decision) })
      : approve({ id, ...verdictFields(decision) });
}

export interface ChangeDetailProps {
  /** The page's heading (the subject and the kind: `${orgName} · 机构变更`). */
  title: string;
  change: ChangeState;
  /** More of the status line after the status (the agency, a link to the subject). */
  status?: ReactNode;
  actions?: ReactNode;
  /** What the kind shows before the reason and the comparison: its notices, the parties. */
  facts?: ReactNode;
  /** The request's reason, for a kind that shows it on its own (null: none was given). */
  reason?: string | null;
  /** Old and new side by side (ChangeComparison). */
  comparison?: ReactNode;
  records: readonly TimelineRecord[];
  review: ReviewState | null | undefined;
  decide: DecideChange;
  /** The reviewer decisions the kind's calls offer (default: approve, reject and transfer). */
  offers?: readonly ReviewDecisionKey[];
  /**
   * After the decision (the applicant's edit of a rejected change), given the way to show its outcome
   * at the top of the page, where a decision's shows.
   */
  children?: (showOutcome: (message: string) => void) => ReactNode;
}

/** One change: its state, what changes, the review trail and, for a reviewer, the decision panel. */
export function ChangeDetail({
  title,
  change,
  status,
  actions,
  facts,
  reason,
  comparison,
  records,
  review,
  decide,
  offers,
  children,
}: ChangeDetailProps) {
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title={title}
        description={
          <span className="rv-change-status">
            <StatusBadge table={auditStatus} value={change.auditStatus} />
            {status}
            <span>申请时间：{formatDateTime(change.createdAt)}</span>
            {change.appliedAt ? <span>生效时间：{formatDateTime(change.appliedAt)}</span> : null}
          </span>
        }
        actions={actions}
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {facts}
      {reason !== undefined ? (
        <Card>
          <p>变更原因：{reason ?? '—'}</p>
        </Card>
      ) : null}
      {comparison}
      <Card>
        <AuditTimeline records={records} title="审核记录" />
      </Card>
      <ReviewDecision
        review={review}
        offers={offers}
        onDecide={async (decision) => setOutcome((await decide(decision)).message)}
      />
      {children?.(setOutcome)}
    </>
  );
}

export interface ChangeRequestFormProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** The form's heading, unless the page's own heading says it. */
  title?: string;
  /** Under the title: what the request does (by default: the subject's data stays in force until approval). */
  intro?: string;
  /** The form's fields with their labels, in order (the error summary's order). */
  fields: Partial<Record<Path<V>, string>>;
  /** Sends the request; answers the server's message and the saved change. */
  send: (values: O) => Promise<{ message: string; data: { pkid: number } }>;
  onDone: (done: { message: string; id: number }) => void;
  /** The kind's fields, its attachments and the reason. */
  children: ReactNode;
}

/** The request form of a change: the kind's fields and the reason, sent for review as one request. */
export function ChangeRequestForm<V extends FieldValues, O>({
  form,
  title,
  intro = '修改需要变更的信息并填写变更原因；审核通过前，现有信息继续有效。',
  fields,
  send,
  onDone,
  children,
}: ChangeRequestFormProps<V, O>) {
  return (
    <Card>
      {title ? <h2 className="kit-detail__title">{title}</h2> : null}
      <p>{intro}</p>
      <KitForm
        form={form}
        fields={fields}
        submitLabel="提交变更申请"
        successMessage={null}
        onSubmit={async (values) => {
          const result = await send(values);
          onDone({ message: result.message, id: result.data.pkid });
        }}
      >
        {children}
      </KitForm>
    </Card>
  );
}

/** The names of a change's changed fields (附件 for its attachments, or when only they change). */
export function changedNames(keys: readonly string[], labels: Readonly<Record<string, string>>): string {
  return keys.map((key) => (key === 'attachments' ? '附件' : (labels[key] ?? key))).join('、') || '附件';
}

/** What every row of a list of changes has: the change's own id. */
interface ChangeRow {
  pkid: number;
}

/**
 * How a reviewers' queue of changes keys its rows and their review tasks (ReviewQueuePage's rowKey and
 * subjectIdOf): by the change's id, as every kind reviews the change itself, not its subject.
 */
export const changeQueueKeys = {
  rowKey: (row: ChangeRow) => row.pkid,
  subjectIdOf: (row: ChangeRow) => row.pkid,
};

/** The columns every list of changes shows, to compose with the kind's own. */
export const changeColumns = {
  /**
   * The change's subject (a name or a number, the row's `key`), linking to the change's page, or plain
   * text for a user who may not open it (href null); a name takes the free width, a number stays on
   * one line.
   */
  subject: <R extends Record<K, string>, K extends string>(
    key: K,
    header: string,
    href: ((row: R) => string) | null,
    width: 'wide' | 'nowrap' = 'wide',
  ): Column<R> => ({
    key,
    header,
    cell: (row) => (href ? <Link to={href(row)}>{row[key]}</Link> : row[key]),
    ...(width === 'wide' ? { wide: true } : { nowrap: true }),
  }),
  changed: <R extends { changedFields: readonly string[] }>(
    header: string,
    labels: Readonly<Record<string, string>>,
  ): Column<R> => ({
    key: 'changedFields',
    header,
    cell: (row) => changedNames(row.changedFields, labels),
  }),
  reason: <R extends { reason: string | null }>(): Column<R> => ({
    key: 'reason',
    header: '变更原因',
    cell: (row) => row.reason ?? '',
  }),
  status: <R extends Pick<ChangeState, 'auditStatus'>>(header = '状态'): Column<R> => ({
    key: 'auditStatus',
    header,
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  }),
  createdAt: <R extends Pick<ChangeState, 'createdAt'>>(): Column<R> => ({
    key: 'createdAt',
    header: '申请时间',
    cell: (row) => formatDateTime(row.createdAt),
    nowrap: true,
  }),
};
