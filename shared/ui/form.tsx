import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { cx } from '@shared/ui/cx';
import { uiTexts as zh } from './texts';
import './form.css';

export interface ErrorSummaryProps {
  /** What is wrong, in the order the form shows the fields. */
  errors: readonly { field: string; message: string }[];
  /** The id of a field's control, for the entry's link. */
  controlId: (field: string) => string;
  /** Changes on each submit attempt: the summary takes focus again. */
  focusSignal: number;
  title?: string;
}

/**
 * The GOV.UK error summary: at the top of the form, announced (role="alert"), focused after a failed
 * submit, each entry a link that moves focus to its field.
 */
export function ErrorSummary({
  errors,
  controlId,
  focusSignal,
  title = zh.form.summaryTitle,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (hasErrors && focusSignal > 0) ref.current?.focus();
  }, [focusSignal, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div ref={ref} data-slot="error-summary" className="ui-error-summary" role="alert" tabIndex={-1}>
      <h2 className="ui-error-summary__title">{title}</h2>
      <ul className="ui-error-summary__list">
        {errors.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${controlId(field)}`}
              onClick={(event) => {
                // The hash would scroll the page behind a dialog; focus the field instead.
                event.preventDefault();
                document.getElementById(controlId(field))?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface FieldProps {
  /** The control's id; the hint and the error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** A message that is not an error (e.g. '验证码正确'). */
  status?: ReactNode;
  className?: string;
  /** Announce the message as it changes (a check that runs while typing, such as the captcha's). */
  isLive?: boolean;
  /** The control, given the attributes that tie it to the label, hint and error. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled field with its hint and its message beside it. */
export function Field({ id, label, hint, error, status, className, isLive = false, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : status ? `${id}-status` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div data-slot="field" className={cx('ui-field', error && 'ui-field--error', className)}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="ui-field__messages" {...(isLive ? { 'aria-live': 'polite' as const } : {})}>
        {error ? (
          <p id={`${id}-error`} className="ui-field__error">
            <span className="visually-hidden">{zh.form.errorPrefix}</span>
            {error}
          </p>
        ) : status ? (
          <p id={`${id}-status`} className="ui-field__status">
            {status}
          </p>
        ) : null}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
    </div>
  );
}

/** A text input of the kit. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cx('ui-input', className)} {...props} />;
}

/**
 * True when focus leaves a field for a submit button. Validating then would insert a message above the
 * button between mousedown and mouseup, move it, and swallow the click; the submit validates anyway.
 */
export function isBlurToSubmit(event: { relatedTarget: EventTarget | null }): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit';
}
