import { createContext, use, useEffect, useState, type ComponentProps } from 'react';
import { Slot, type Dialog as DialogPrimitive } from 'radix-ui';
import { cx } from '@shared/ui/cx';
import { uiTexts as zh } from './texts';
import type * as RadixDialogsModule from './radix-dialogs';

/*
 * Radix's dialog code (focus trap, scroll lock, portal, outside-click layer: about 13 KB gzipped)
 * comes by import() when a dialog first opens: nearly every console page shows a dialog's trigger
 * (the header's bell, profile and logout, a list's 新增), few visits open one (issue 23: each
 * /electronics page ≤ 150 KB gzipped before interaction). Until then a dialog is "dormant": its
 * trigger alone, which opens it as Radix's would; once the code is here every dialog is Radix's.
 */
type RadixDialogs = typeof RadixDialogsModule;
let radix: RadixDialogs | undefined;
let loading: Promise<RadixDialogs> | undefined;

function loadRadixDialogs(): Promise<RadixDialogs> {
  loading ??= import('./radix-dialogs').then((module) => (radix = module));
  return loading;
}

/** Radix's dialogs once loaded; asks for them when `wanted` (a dialog is to be open). */
export function useRadixDialogs(wanted: boolean): RadixDialogs | undefined {
  const [, setLoaded] = useState(radix !== undefined);
  useEffect(() => {
    if (!wanted || radix) return;
    let live = true;
    void loadRadixDialogs().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return radix;
}

/** What a trigger shows before Radix's trigger takes over (its closed state's attributes). */
export const dormantTriggerProps = {
  'aria-haspopup': 'dialog',
  'aria-expanded': false,
  'data-state': 'closed',
} as const;

/** Inside a dormant dialog: how its trigger opens it. */
const DormantDialog = createContext<{ open: () => void } | null>(null);

/** A modal dialog: focus is trapped inside and returns to the trigger on close (Radix). */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const loaded = useRadixDialogs(isOpen);
  if (!loaded) return <DormantDialog value={{ open: () => setOpen(true) }}>{children}</DormantDialog>;
  return (
    <DormantDialog value={null}>
      <loaded.Dialog.Root data-slot="dialog" {...props} open={isOpen} onOpenChange={setOpen}>
        {children}
      </loaded.Dialog.Root>
    </DormantDialog>
  );
}

export function DialogTrigger({
  asChild,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Trigger>) {
  const dormant = use(DormantDialog);
  if (dormant || !radix) {
    const Trigger = asChild ? Slot.Root : 'button';
    return (
      <Trigger
        data-slot="dialog-trigger"
        {...(asChild ? {} : { type: 'button' as const })}
        {...dormantTriggerProps}
        {...props}
        onClick={(event) => {
          props.onClick?.(event);
          if (!event.defaultPrevented) dormant?.open();
        }}
      >
        {children}
      </Trigger>
    );
  }
  return (
    <radix.Dialog.Trigger data-slot="dialog-trigger" asChild={asChild ?? false} {...props}>
      {children}
    </radix.Dialog.Trigger>
  );
}

/** Inside the content (rendered only once the dialog is Radix's). */
export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  if (!radix) return null;
  return <radix.Dialog.Close data-slot="dialog-close" {...props} />;
}

export function DialogContent({
  className,
  children,
  showClose = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showClose?: boolean }) {
  // A dormant dialog is closed: no content.
  if (use(DormantDialog) || !radix) return null;
  const Primitive = radix.Dialog;
  return (
    <Primitive.Portal data-slot="dialog-portal">
      <Primitive.Overlay data-slot="dialog-overlay" className="ui-overlay" />
      <Primitive.Content data-slot="dialog-content" className={cx('ui-dialog', className)} {...props}>
        {children}
        {showClose ? (
          <Primitive.Close data-slot="dialog-close" className="ui-dialog__close" aria-label={zh.common.close}>
            <span aria-hidden="true">×</span>
          </Primitive.Close>
        ) : null}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cx('ui-dialog__header', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={cx('ui-dialog__footer', className)} {...props} />;
}

/** Inside the content, like DialogDescription (rendered only once the dialog is Radix's). */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  if (!radix) return null;
  return (
    <radix.Dialog.Title data-slot="dialog-title" className={cx('ui-dialog__title', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  if (!radix) return null;
  return (
    <radix.Dialog.Description
      data-slot="dialog-description"
      className={cx('ui-dialog__description', className)}
      {...props}
    />
  );
}
