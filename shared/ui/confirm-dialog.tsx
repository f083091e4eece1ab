import { useState, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { uiTexts as zh } from './texts';
import { buttonClass, type ButtonVariant } from './button';
import { dormantTriggerProps, useRadixDialogs } from './dialog';

export interface ConfirmDialogProps {
  /** The control that opens the dialog (rendered as is, e.g. a Button); none when `open` controls it. */
  trigger?: ReactNode;
  /** Controlled: the dialog is open (e.g. a navigation blocked by unsaved changes). */
  open?: boolean;
  /** Cancel, Escape: controlled dialogs close through this. */
  onCancel?: () => void;
  title: string;
  /** The question, in the spec's words where it gives them. */
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
}

/**
 * A confirmation for consequential actions (logout, deletes). An alert dialog: it does not close on an
 * outside click, and focus starts on Cancel so Enter never confirms by accident. Radix's code comes
 * when it first opens, as for every dialog (./dialog.tsx); until then the trigger alone shows.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = zh.common.confirm,
  cancelLabel = zh.common.cancel,
  confirmVariant = 'primary',
  onConfirm,
  open,
  onCancel,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const loaded = useRadixDialogs(isOpen);
  if (!loaded) {
    return trigger ? (
      <Slot.Root {...dormantTriggerProps} data-slot="confirm-dialog-trigger" onClick={() => setOwnOpen(true)}>
        {trigger}
      </Slot.Root>
    ) : null;
  }
  const { AlertDialog } = loaded;
  return (
    <AlertDialog.Root
      data-slot="confirm-dialog"
      open={isOpen}
      onOpenChange={(next: boolean) => {
        if (open === undefined) setOwnOpen(next);
        else if (!next) onCancel?.();
      }}
    >
      {trigger ? (
        <AlertDialog.Trigger asChild data-slot="confirm-dialog-trigger">
          {trigger}
        </AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay data-slot="confirm-dialog-overlay" className="ui-overlay" />
        <AlertDialog.Content data-slot="confirm-dialog-content" className="ui-dialog ui-dialog--narrow">
          <div className="ui-dialog__header">
            <AlertDialog.Title data-slot="confirm-dialog-title" className="ui-dialog__title">
              {title}
            </AlertDialog.Title>
          </div>
          <AlertDialog.Description data-slot="confirm-dialog-description" className="ui-dialog__description">
            {description}
          </AlertDialog.Description>
          <div className="ui-dialog__footer">
            <AlertDialog.Cancel
              data-slot="confirm-dialog-cancel"
              className={buttonClass({ variant: 'secondary' })}
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              data-slot="confirm-dialog-action"
              className={buttonClass({ variant: confirmVariant })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
