import type { ActionOutcome } from '@console/kit/confirm-action';
import { Notice } from '@shared/ui/page';

/** The outcome of the last action: announced politely, or as an alert when it failed. */
export function Feedback({ feedback }: { feedback: ActionOutcome | null }) {
  if (!feedback) return <p className="visually-hidden" role="status" aria-live="polite" />;
  return feedback.tone === 'danger' ? (
    <Notice tone="danger">{feedback.text}</Notice>
  ) : (
    <p className="nm-feedback" role="status" aria-live="polite">
      {feedback.text}
    </p>
  );
}
