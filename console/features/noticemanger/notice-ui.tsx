import type { ReactNode } from 'react';
import { noticeState } from '@shared/domain/statuses';
import { Notice } from '@console/components/ui/page';

/** The state of a notice as a coloured tag. */
export function NoticeStateTag({ state }: { state: number }) {
  const entry = noticeState.find(state);
  return <span className={`nm-tag nm-tag--${entry?.tone ?? 'neutral'}`}>{noticeState.label(state)}</span>;
}

/** The outcome of the last action: announced politely, or as an alert when it failed. */
export function Feedback({ feedback }: { feedback: { tone: 'success' | 'danger'; text: ReactNode } | null }) {
  if (!feedback) return <p className="visually-hidden" role="status" aria-live="polite" />;
  return feedback.tone === 'danger' ? (
    <Notice tone="danger">{feedback.text}</Notice>
  ) : (
    <p className="nm-feedback" role="status" aria-live="polite">
      {feedback.text}
    </p>
  );
}

export type FeedbackState = { tone: 'success' | 'danger'; text: ReactNode } | null;
