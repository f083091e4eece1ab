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

const sizeUnits = ['B', 'KB', 'MB', 'GB'];
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${sizeUnits[unit]}`;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('zh-CN', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
}
