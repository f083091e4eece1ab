/**
 * The reviewer's decision: approve, reject with an opinion (picked from the audit-opinion templates or
 * typed), or transfer to another reviewer with a reason. It offers only what the decision table
 * (shared/domain/review.ts) allows from the subject's state, asks before deciding, disables itself
 * while the decision is sent, and shows the server's refusal (e.g. another reviewer decided first).
 *
 * ```tsx
 * <DecisionPanel status={item.status} opinions={templates} reviewers={reviewers}
 *   onDecide={(decision) => decide.mutateAsync({ id, ...decision })} />
 * ```
 */
import { useId, useState } from 'react';
import {
  decisionsFrom,
  reviewDecisions,
  reviewMessages,
  type ReviewDecisionKey,
} from '@shared/domain/review';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import { messageOf } from '@shared/errors/app-error';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { Field } from '@shared/ui/form';
import { Card, Notice } from '@shared/ui/page';
import './review.css';

export interface Decision {
  decision: ReviewDecisionKey;
  opinion?: string;
  transferToId?: number;
  /** The item's version shown (when the page gave one): the server refuses a decision on a stale view. */
  version?: number;
}

/** What the panel holds while the reviewer fills it in. */
export interface DecisionDraft {
  opinion: string;
  /** The chosen reviewer's pkid as the select holds it; '' = none chosen. */
  transferTo: string;
}

export interface DecisionProblem {
  field: 'opinion' | 'transferTo';
  message: string;
}

/**
 * The decision's own check before asking (the server checks again): an opinion for a rejection, a
 * reason and a reviewer for a transfer.
 */
export function decisionProblem(decision: ReviewDecisionKey, draft: DecisionDraft): DecisionProblem | null {
  if (reviewDecisions[decision].needsOpinion && !draft.opinion.trim())
    return {
      field: 'opinion',
      message: decision === 'transfer' ? reviewMessages.reasonRequired : reviewMessages.opinionRequired,
    };
  if (decision === 'transfer' && !draft.transferTo)
    return { field: 'transferTo', message: reviewMessages.transferTargetRequired };
  return null;
}

/** The decision sent to `onDecide`: the trimmed opinion when there is one, the target of a transfer. */
export function decisionOf(decision: ReviewDecisionKey, draft: DecisionDraft, version?: number): Decision {
  const opinion = draft.opinion.trim();
  return {
    decision,
    ...(opinion ? { opinion } : {}),
    ...(decision === 'transfer' ? { transferToId: Number(draft.transferTo) } : {}),
    ...(version === undefined ? {} : { version }),
  };
}

/**
 * The fields of the spec's approve call for an approval or a rejection (every reviewed subject's
 * approve call takes them): auditStatus 2 or 3, the opinion, the version the reviewer saw.
 */
export function verdictFields(decision: Decision) {
  return {
    auditStatus: decision.decision === 'approve' ? auditStatus.code.approved : auditStatus.code.rejected,
    ...(decision.opinion ? { opinion: decision.opinion } : {}),
    ...(decision.version !== undefined ? { version: decision.version } : {}),
  };
}

/** The fields of a call that takes an approval or a rejection by its name, the opinion and the version seen. */
export function decisionFields(decision: Decision) {
  return {
    decision: decision.decision === 'approve' ? ('approve' as const) : ('reject' as const),
    ...(decision.opinion ? { opinion: decision.opinion } : {}),
    ...(decision.version !== undefined ? { version: decision.version } : {}),
  };
}

/** The fields of the spec's transfer call: the reason (askReason) and the reviewer (transferStaffId). */
export function transferFields(decision: Decision) {
  return {
    askReason: decision.opinion ?? '',
    transferStaffId: decision.transferToId ?? 0,
    ...(decision.version !== undefined ? { version: decision.version } : {}),
  };
}

export interface DecisionPanelProps {
  status: AuditStatus;
  /**
   * What the server says this user may decide now (getReviewState `allowed`); without it, what the
   * table allows a reviewer from `status`.
   */
  allowed?: readonly ReviewDecisionKey[];
  /** The review item's version (server getReviewItem), passed on with the decision. */
  version?: number;
  /** The audit-opinion templates (/auditManageInfo). */
  opinions: readonly { pkid: number; content: string }[];
  /** Reviewers a task may be transferred to. */
  reviewers: readonly { pkid: number; username: string }[];
  onDecide: (decision: Decision) => Promise<unknown>;
}

export function DecisionPanel({
  status,
  allowed: permitted,
  version,
  opinions,
  reviewers,
  onDecide,
}: DecisionPanelProps) {
  const id = useId();
  const allowed = decisionsFrom(status, 'reviewer').filter((key) => !permitted || permitted.includes(key));
  const [opinion, setOpinion] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const [problem, setProblem] = useState<DecisionProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (allowed.length === 0) return null;

  const draft: DecisionDraft = { opinion, transferTo };

  const send = async (decision: ReviewDecisionKey) => {
    setSending(true);
    setFailure(null);
    try {
      await onDecide(decisionOf(decision, draft, version));
      setDone(`已${reviewDecisions[decision].label}`);
    } catch (error) {
      // The server's message as it is (e.g. another reviewer decided first); a foreign error's own
      // text is not for the user (shared messageOf).
      setFailure(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  const action = (decision: ReviewDecisionKey, variant: 'primary' | 'danger' | 'secondary') => {
    const label = reviewDecisions[decision].label;
    const blocked = decisionProblem(decision, draft);
    return blocked ? (
      <Button key={decision} variant={variant} disabled={sending} onClick={() => setProblem(blocked)}>
        {label}
      </Button>
    ) : (
      <ConfirmDialog
        key={decision}
        trigger={
          <Button variant={variant} disabled={sending} onClick={() => setProblem(null)}>
            {label}
          </Button>
        }
        title={label}
        description={`确定${label}吗？`}
        confirmVariant={variant === 'danger' ? 'danger' : 'primary'}
        onConfirm={() => void send(decision)}
      />
    );
  };

  return (
    <Card data-slot="decision-panel" className="rv-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rv-panel__title">
        审核处理
      </h2>
      {done ? <p role="status">{done}</p> : null}
      {failure ? <Notice tone="danger">{failure}</Notice> : null}
      <Field
        id={`${id}-opinion`}
        label="审核意见"
        hint="可选用常用审核意见，或直接填写；不通过和转办时必填"
        error={problem?.field === 'opinion' ? problem.message : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            className="ui-input ui-textarea"
            rows={3}
            maxLength={500}
            value={opinion}
            onChange={(event) => setOpinion(event.target.value)}
          />
        )}
      </Field>
      {opinions.length > 0 ? (
        <div className="rv-panel__templates" role="group" aria-label="常用审核意见">
          {opinions.map((template) => (
            <Button
              key={template.pkid}
              variant="ghost"
              size="sm"
              onClick={() => setOpinion(template.content)}
            >
              {template.content}
            </Button>
          ))}
        </div>
      ) : null}
      {allowed.includes('transfer') ? (
        <Field
          id={`${id}-transfer`}
          label="转办给"
          error={problem?.field === 'transferTo' ? problem.message : undefined}
        >
          {(control) => (
            <select
              {...control}
              className="ui-input"
              value={transferTo}
              onChange={(e) => setTransferTo(e.target.value)}
            >
              <option value="">请选择审核人员</option>
              {reviewers.map((reviewer) => (
                <option key={reviewer.pkid} value={reviewer.pkid}>
                  {reviewer.username}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <div className="rv-panel__actions">
        {allowed.includes('approve') ? action('approve', 'primary') : null}
        {allowed.includes('reject') ? action('reject', 'danger') : null}
        {allowed.includes('transfer') ? action('transfer', 'secondary') : null}
      </div>
    </Card>
  );
}
