/**
 * The profile dialog's body (./profile-dialog.tsx loads it when the dialog opens, so the profile's
 * validation and zod stay out of every console page's first load): the user's details, and the form
 * that changes them. It mounts with each opening, so each opening starts from the user's values.
 */
import { useState, type SubmitEvent } from 'react';
import type { CurrentUser } from '@shared/auth/user';
import { messageOf } from '@shared/errors/app-error';
import { identityMessages as m, passwordChangeSchema, profileSchema } from '@shared/validation/identity';
import { Button } from '@shared/ui/button';
import { DialogFooter } from '@shared/ui/dialog';
import { ErrorSummary, Field, Input, isBlurToSubmit } from '@shared/ui/form';
import { fieldErrorsFromIssues, orderedErrors, type FieldErrors } from '@shared/ui/form-errors';
import { zh } from '@console/lib/i18n';

import type { ProfileDialogProps } from './profile-dialog';

type ProfileField = 'username' | 'userphone' | 'useremail' | 'password' | 'confirm';
const fieldOrder: readonly ProfileField[] = ['username', 'userphone', 'useremail', 'password', 'confirm'];
const controlId = (field: string) => `profile-${field}`;

function valuesOf(user: CurrentUser): Record<ProfileField, string> {
  return {
    username: user.username ?? '',
    userphone: user.userphone ?? '',
    useremail: user.useremail ?? '',
    password: '',
    confirm: '',
  };
}

/** Spec section 5 (profile): the real name is required; a new password follows the strength rule. */
function validate(values: Record<ProfileField, string>): FieldErrors<ProfileField> {
  const profile = profileSchema.safeParse(values);
  const errors: FieldErrors<ProfileField> = profile.success
    ? {}
    : fieldErrorsFromIssues<ProfileField>(profile.error.issues);
  if (values.password !== '' || values.confirm !== '') {
    const change = passwordChangeSchema.safeParse(values);
    if (!change.success) Object.assign(errors, fieldErrorsFromIssues<ProfileField>(change.error.issues));
  }
  return errors;
}

export default function ProfileBody({ user, onSave }: Omit<ProfileDialogProps, 'trigger'>) {
  const [isEditing, setIsEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [attempt, setAttempt] = useState(0);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [isBusy, setIsBusy] = useState(false);

  const cancel = () => {
    setIsEditing(false);
    setValues(valuesOf(user));
    setErrors({});
    setIsSubmitted(false);
    setResult(undefined);
  };

  const update = (field: ProfileField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted || errors[field])
      setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!onSave) return;
    setIsSubmitted(true);
    setResult(undefined);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setIsBusy(true);
    try {
      await onSave({
        username: values.username.trim(),
        userphone: values.userphone.trim(),
        useremail: values.useremail.trim(),
        ...(values.password ? { password: values.password } : {}),
      });
      setResult({ ok: true, message: m.saveSuccess });
      setIsEditing(false);
      setValues((current) => ({ ...current, password: '', confirm: '' }));
    } catch (error) {
      // Spec section 8: '保存成功!' or the server's message; what was typed stays.
      setResult({ ok: false, message: messageOf(error) });
    } finally {
      setIsBusy(false);
    }
  };

  const input = (
    field: ProfileField,
    label: string,
    props: Partial<Parameters<typeof Input>[0]> = {},
    hint?: string,
  ) => (
    <Field id={controlId(field)} label={label} error={errors[field]} {...(hint ? { hint } : {})}>
      {(control) => (
        <Input
          {...control}
          name={field}
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
          onBlur={(event) => {
            if (!isBlurToSubmit(event))
              setErrors((current) => ({ ...current, [field]: validate(values)[field] }));
          }}
          {...props}
        />
      )}
    </Field>
  );

  const shown = (value: string | null | undefined) =>
    value ? value : <span className="cl-profile__empty">{zh.profile.empty}</span>;

  return (
    <>
      {result ? (
        <p
          className={`ui-status-message ui-status-message--${result.ok ? 'success' : 'danger'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </p>
      ) : null}
      {isEditing ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <ErrorSummary
            errors={isSubmitted ? orderedErrors(errors, fieldOrder) : []}
            controlId={controlId}
            focusSignal={attempt}
          />
          <Field id={controlId('loginname')} label={zh.profile.account}>
            {(control) => <Input {...control} value={user.loginname} readOnly />}
          </Field>
          {input('username', zh.profile.realName, { autoComplete: 'name' })}
          {input('userphone', zh.profile.phone, { type: 'tel', inputMode: 'numeric', autoComplete: 'tel' })}
          {input('useremail', zh.profile.email, { type: 'email', autoComplete: 'email' })}
          <fieldset className="cl-profile__password">
            <legend>{zh.profile.changePassword}</legend>
            {input(
              'password',
              zh.profile.newPassword,
              { type: 'password', autoComplete: 'new-password' },
              zh.profile.passwordHint,
            )}
            {input('confirm', zh.profile.confirmPassword, {
              type: 'password',
              autoComplete: 'new-password',
            })}
          </fieldset>
          <DialogFooter>
            <Button variant="secondary" onClick={cancel} disabled={isBusy}>
              {zh.common.cancel}
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? zh.profile.saving : zh.profile.save}
            </Button>
          </DialogFooter>
        </form>
      ) : (
        <>
          <dl className="ui-dl">
            <dt>{zh.profile.realName}</dt>
            <dd>{shown(values.username)}</dd>
            <dt>{zh.profile.account}</dt>
            <dd>{user.loginname}</dd>
            <dt>{zh.profile.phone}</dt>
            <dd>{shown(values.userphone)}</dd>
            <dt>{zh.profile.email}</dt>
            <dd>{shown(values.useremail)}</dd>
          </dl>
          {onSave ? (
            <DialogFooter>
              <Button
                onClick={() => {
                  setResult(undefined);
                  setIsEditing(true);
                }}
              >
                {zh.profile.modify}
              </Button>
            </DialogFooter>
          ) : null}
        </>
      )}
    </>
  );
}
