/**
 * A dialog that loads with the first press of its trigger: the page shows the trigger at once, and
 * the dialog's module (its form, with react-hook-form, the schema and zod) loads when someone opens
 * it, pointing at the trigger or focusing it starting the load early. The dialog opens as it arrives.
 * For pages held to a JavaScript budget (the archive's, issue 23): a page whose forms are all in
 * dialogs loads none of the form code before anyone interacts with it.
 *
 * ```tsx
 * // layer-settings.tsx: export default function LayerSettings({ row, onDone, ...dialog }: … & LoadedDialogProps) { … <FormDialog {...dialog} … /> }
 * const LayerSettings = deferredDialog(() => import('./layer-settings'));
 * <LayerSettings trigger={<Button>设置</Button>} row={row} onDone={setOutcome} />
 * ```
 */
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { Slot } from 'radix-ui';

export interface DeferredDialogProps {
  /** The control that opens the dialog (one element: it receives the press). */
  trigger: ReactElement;
}

/** What the loaded dialog gets for its FormDialog: the trigger, and `defaultOpen` (true once pressed). */
export interface LoadedDialogProps extends DeferredDialogProps {
  defaultOpen?: boolean;
}

export function deferredDialog<P extends DeferredDialogProps>(
  load: () => Promise<{ default: ComponentType<P & { defaultOpen?: boolean }> }>,
): ComponentType<P> {
  const Dialog = lazy(load);
  return function DeferredDialog(props: P) {
    const [pressed, setPressed] = useState(false);
    if (!pressed)
      return (
        <Slot.Root
          onClick={() => setPressed(true)}
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
        >
          {props.trigger}
        </Slot.Root>
      );
    return (
      <Suspense fallback={props.trigger}>
        <Dialog {...props} defaultOpen />
      </Suspense>
    );
  };
}
