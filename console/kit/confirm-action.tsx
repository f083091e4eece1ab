/**
 * A button for a consequential action that asks first (Radix AlertDialog, never window.confirm), runs
 * the action, disables itself while it runs, and reports the outcome (the server's message).
 *
 * ```tsx
 * <ConfirmAction label="删除" variant="danger" title="删除审核意见" question={texts.deleteConfirm}
 *   action={() => remove.mutateAsync({ id: row.pkid })} onDone={setFeedback} />
 * ```
 */
import { useState } from 'react';
import { Button } from '@shared/ui/button';
import type { ButtonVariant } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import './kit.css';

export interface ActionOutcome {
  tone: 'success' | 'warning' | 'danger';
  text: string;
}

export interface ConfirmActionProps {
  label: string;
  title: string;
  question: string;
  action: () => Promise<{ message?: string } | unknown>;
  /** The outcome: the server's success message, or the failure's. */
  onDone?: (outcome: ActionOutcome) => void;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** The button's accessible name when the label alone is ambiguous in a table ('删除 意见 3'). */
  ariaLabel?: string;
}

export function ConfirmAction({
  label,
  title,
  question,
  action,
  onDone,
  variant = 'secondary',
  size = 'sm',
  disabled = false,
  ariaLabel,
}: ConfirmActionProps) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = (await action()) as { message?: string } | undefined;
      onDone?.({ tone: 'success', text: result?.message || `${label}成功` });
    } catch (error) {
      onDone?.({ tone: 'danger', text: error instanceof Error ? error.message : `${label}失败` });
    } finally {
      setRunning(false);
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant={variant}
          size={size}
          disabled={disabled || running}
          {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
        >
          {label}
        </Button>
      }
      title={title}
      description={question}
      confirmVariant={variant === 'danger' ? 'danger' : 'primary'}
      onConfirm={() => void run()}
    />
  );
}
