/**
 * Forms on react-hook-form with the call's own zod schema: the same rules and Chinese messages as
 * the server. Server refusals land on their field (AppError.field) or above the form; the GOV.UK error
 * summary at the top links to each field; leaving with unsaved changes asks first; the submit button
 * is disabled only while submitting.
 *
 * ```tsx
 * const form = useContractForm(auditOpinionAddSchema, { content: '' });
 * <KitForm form={form} fields={{ content: '审核意见' }} onSubmit={(values) => add.mutateAsync(values)}>
 *   <TextField form={form} name="content" label="审核意见" multiline />
 * </KitForm>
 * ```
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, use, useEffect, useId, useState, type ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type SetValueConfig,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
// Zod's configuration for the schemas a page writes itself (shared/validation's import it too).
import '@shared/validation/locale';
import { isAppError } from '@shared/errors/app-error';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@shared/ui/dialog';
import { ErrorSummary, Field, Input } from '@shared/ui/form';
import { Notice } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';
import { kitTexts } from './texts';
import './kit.css';

/** A form validated by a shared zod schema (its input type is what the fields hold). */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus after a failed submit (GOV.UK); its links lead to the fields.
    shouldFocusError: false,
  });
}

/**
 * The first message at `name` or below it. A field of a list row (`entries.0.name`) is a path into
 * nested errors, and a field holding an array (a list of choices) may carry its message on one
 * element; the DOM element (`ref`) is not searched.
 */
function messageAt(errors: unknown, name: string): string | undefined {
  const dig = (error: unknown, depth: number): string | undefined => {
    if (error === null || typeof error !== 'object' || depth > 4) return undefined;
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    for (const [key, value] of Object.entries(error))
      if (key !== 'ref' && key !== 'types') {
        const found = dig(value, depth + 1);
        if (found) return found;
      }
    return undefined;
  };
  return dig(get(errors, name), 0);
}

/** The id of a field's control in a form (for labels and the summary's links). */
const controlId = (formId: string, name: string) => `${formId}-${name}`;

export interface KitFormProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** Field names with their labels, in the order the form shows them (the summary's order). */
  fields: Partial<Record<Path<V>, string>>;
  onSubmit: (values: O) => Promise<unknown>;
  submitLabel?: string;
  /** Shown above the form after a successful submit, e.g. the server's '保存成功'. */
  successMessage?: string | null;
  /** Extra buttons beside submit (取消). */
  secondary?: ReactNode;
  /** Ask before leaving with unsaved changes (default true). */
  guardLeaving?: boolean;
  children: ReactNode;
}

/** The form's id, for its fields' control ids. */
const FormIdContext = createContext('');

/**
 * The form element: error summary, the fields (children), the submit row, the leave guard. A refusal
 * from the server with a field goes to that field; without one, above the form.
 */
export function KitForm<V extends FieldValues, O>({
  form,
  fields,
  onSubmit,
  submitLabel = kitTexts.save,
  successMessage,
  secondary,
  guardLeaving = true,
  children,
}: KitFormProps<V, O>) {
  const formId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, isSubmitting, submitCount, isDirty, isSubmitSuccessful } = form.formState;
  const order = Object.keys(fields) as Path<V>[];
  const summary = order.flatMap((name) => {
    const message = messageAt(errors, name);
    return message ? [{ field: name as string, message }] : [];
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values);
      form.reset(form.getValues());
    } catch (error) {
      const field = isAppError(error) ? error.field : undefined;
      const message = error instanceof Error ? error.message : kitTexts.failed;
      if (field && order.includes(field as Path<V>)) form.setError(field as Path<V>, { message });
      else setServerError(message);
    }
  });

  return (
    <form data-slot="kit-form" className="kit-form" noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary
        errors={summary}
        controlId={(field) => controlId(formId, field)}
        focusSignal={submitCount}
      />
      {serverError ? <Notice tone="danger">{serverError}</Notice> : null}
      {successMessage && isSubmitSuccessful && !serverError ? <Notice>{successMessage}</Notice> : null}
      <FormIdContext value={formId}>{children}</FormIdContext>
      <div className="kit-form__actions">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? kitTexts.saving : submitLabel}
        </Button>
        {secondary}
      </div>
      {guardLeaving ? <LeaveGuard when={isDirty && !isSubmitting} /> : null}
    </form>
  );
}

/**
 * What a field takes of its form: any form whose schema has the fields `N`, each able to hold a
 * `Value` (what the control writes: a string). A form is invariant in its values, so a field, or a
 * group of fields shared by several forms (the staff fields of 新增 and 修改), takes this instead of
 * one form's type; a form of a schema without one of the fields, or where one cannot hold a string,
 * does not fit.
 */
export interface FormWith<N extends string, Value = string> {
  register: (name: N) => UseFormRegisterReturn;
  setValue: (name: N, value: Value, options?: SetValueConfig) => void;
  watch: (name: N) => unknown;
  formState: { readonly errors: Readonly<Partial<Record<N, { message?: string }>>> };
}

/** The message of a field's error, if it has one (it only reads, so the field may hold any value). */
export function fieldError<N extends string>(form: FormWith<N, never>, name: N): string | undefined {
  return messageAt(form.formState.errors, name);
}

export interface TextFieldProps<N extends string, O extends string | number> {
  /** The form; `name` must be one of its fields and able to hold what the control writes. */
  form: FormWith<NoInfer<N>, `${NoInfer<O>}`>;
  name: N;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: 'text' | 'number' | 'date' | 'email' | 'tel' | 'color';
  /** A select of these choices (the control writes the chosen value as a string). */
  options?: readonly { value: O; label: string }[];
}

/** A text, number, date, textarea or select field registered on the form, with its message beside it. */
export function TextField<N extends string, O extends string | number = string>({
  form,
  name,
  label,
  hint,
  multiline,
  type = 'text',
  options,
}: TextFieldProps<N, O>) {
  const formId = use(FormIdContext);
  return (
    <Field id={controlId(formId, name)} label={label} hint={hint} error={fieldError(form, name)}>
      {(control) =>
        options ? (
          <select className="ui-input" {...control} {...form.register(name)}>
            <option value="">{kitTexts.choose}</option>
            {options.map((option) => (
              <option key={String(option.value)} value={String(option.value)}>
                {option.label}
              </option>
            ))}
          </select>
        ) : multiline ? (
          <textarea className="ui-input ui-textarea" rows={4} {...control} {...form.register(name)} />
        ) : (
          <Input type={type} {...control} {...form.register(name)} />
        )
      }
    </Field>
  );
}

/**
 * Asks before the person leaves a page with unsaved changes: in-app navigation through React Router's
 * blocker (the styled dialog), closing or reloading the tab through the browser's own prompt.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      title={kitTexts.leaveTitle}
      description={kitTexts.leaveQuestion}
      confirmLabel={kitTexts.leave}
      cancelLabel={kitTexts.stay}
      confirmVariant="danger"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}

export interface FormDialogProps<V extends FieldValues, O> extends Omit<
  KitFormProps<V, O>,
  'secondary' | 'guardLeaving'
> {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  /** Open from the start (a dialog loaded by the press of its trigger: ./deferred-dialog.tsx). */
  defaultOpen?: boolean;
}

/**
 * A form in a dialog (新增, 修改): closes and clears itself after a successful submit; a refusal keeps
 * what was typed and shows the server's message on its field.
 */
export function FormDialog<V extends FieldValues, O>({
  trigger,
  title,
  description,
  defaultOpen = false,
  form,
  onSubmit,
  ...formProps
}: FormDialogProps<V, O>) {
  const [open, setOpen] = useState(defaultOpen);
  const close = () => {
    setOpen(false);
    form.reset();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <KitForm
          {...formProps}
          form={form}
          guardLeaving={false}
          onSubmit={async (values) => {
            await onSubmit(values);
            close();
          }}
          secondary={
            <Button type="button" variant="secondary" onClick={close}>
              {zh.common.cancel}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
