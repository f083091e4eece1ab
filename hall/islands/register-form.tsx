import { useState, type SubmitEvent } from 'react';
import type { ApiClient } from '@shared/api/client';
import { AppError } from '@shared/errors/app-error';
import {
  PHONE_CODE_LENGTH,
  identityMessages as m,
  phoneCodeRequestSchema,
  registerFormSchema,
  userTypes,
} from '@shared/validation/identity';
import { Button } from '@shared/ui/button';
import { ErrorSummary, Field, Input, isBlurToSubmit } from '@shared/ui/form';
import { fieldErrorsFromIssues, orderedErrors, type FieldErrors } from '@shared/ui/form-errors';
import { isUsernameTaken, register, sendPhoneCode } from './register-api';
import { useCountdown } from './use-countdown';

interface RegisterValues {
  loginname: string;
  password: string;
  confirm: string;
  username: string;
  userphone: string;
  phoneverify: string;
  usertype: string;
}
type RegisterField = keyof RegisterValues;

const fieldOrder: readonly RegisterField[] = [
  'loginname',
  'password',
  'confirm',
  'username',
  'userphone',
  'phoneverify',
  'usertype',
];
const controlId = (field: string) => `register-${field}`;
const empty: RegisterValues = {
  loginname: '',
  password: '',
  confirm: '',
  username: '',
  userphone: '',
  phoneverify: '',
  usertype: '',
};

/** Spec section 4: after a code is sent, the button counts down 60 s. */
export const PHONE_CODE_COUNTDOWN_S = 60;

const userTypeOptions = [
  { value: String(userTypes.agency), label: '测绘中介机构' },
  { value: String(userTypes.owner), label: '建设单位' },
] as const;

export interface RegisterPanelProps {
  api: ApiClient;
  /** Registration succeeded: the dialog shows the login tab with '注册成功，请登录'. */
  onRegistered: () => void;
}

/** The 注册 tab (spec section 5, register; section 8, username taken and register results). */
export function RegisterPanel({ api, onRegistered }: RegisterPanelProps) {
  const [values, setValues] = useState<RegisterValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [attempt, setAttempt] = useState(0);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [codeNote, setCodeNote] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const { secondsLeft, start } = useCountdown();

  const validate = (next: RegisterValues) => {
    const result = registerFormSchema.safeParse(next);
    return result.success ? {} : fieldErrorsFromIssues<RegisterField>(result.error.issues);
  };

  const setField = (field: RegisterField, message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const update = (field: RegisterField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted || errors[field]) setField(field, validate(next)[field]);
  };

  const checkUsername = async (loginname: string): Promise<boolean> => {
    try {
      if (await isUsernameTaken(api, loginname)) {
        setField('loginname', m.usernameTaken);
        return false;
      }
      return true;
    } catch (error) {
      setField('loginname', error instanceof AppError ? error.message : m.usernameTaken);
      return false;
    }
  };

  const blur = (field: RegisterField, event: { relatedTarget: EventTarget | null }) => {
    if (isBlurToSubmit(event)) return;
    const message = validate(values)[field];
    setField(field, message);
    // Spec section 5: the account's uniqueness is checked on leaving the field and before submitting.
    if (field === 'loginname' && !message) void checkUsername(values.loginname.trim());
  };

  const requestCode = async () => {
    setCodeNote(undefined);
    const parsed = phoneCodeRequestSchema.safeParse({ userphone: values.userphone });
    if (!parsed.success) {
      setField('userphone', fieldErrorsFromIssues(parsed.error.issues, 'userphone').userphone);
      document.getElementById(controlId('userphone'))?.focus();
      return;
    }
    setField('userphone', undefined);
    try {
      const sent = await sendPhoneCode(api, parsed.data.userphone);
      start(PHONE_CODE_COUNTDOWN_S);
      setCodeNote(sent || m.phoneCodeSent);
    } catch (error) {
      // Spec section 8: a phone code failure warns the server's message.
      setField('phoneverify', error instanceof AppError ? error.message : new AppError('internal').message);
    }
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(undefined);
    const result = registerFormSchema.safeParse(values);
    if (!result.success) {
      setErrors(fieldErrorsFromIssues<RegisterField>(result.error.issues));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      if (!(await checkUsername(result.data.loginname))) {
        setAttempt((n) => n + 1);
        return;
      }
      await register(api, result.data);
      setValues(empty);
      setIsSubmitted(false);
      setCodeNote(undefined);
      onRegistered();
    } catch (error) {
      // Spec section 8: a register failure warns the server's message; what was typed stays.
      const message = error instanceof AppError ? error.message : new AppError('internal').message;
      const field = error instanceof AppError ? error.field : undefined;
      if (field && (fieldOrder as readonly string[]).includes(field)) {
        setField(field as RegisterField, message);
        setAttempt((n) => n + 1);
      } else setFailure(message);
    } finally {
      setIsBusy(false);
    }
  };

  const summary = isSubmitted ? orderedErrors(errors, fieldOrder) : [];
  const text = (
    field: Exclude<RegisterField, 'usertype'>,
    label: string,
    extra: Partial<Parameters<typeof Input>[0]> = {},
    hint?: string,
  ) => (
    <Field id={controlId(field)} label={label} error={errors[field]} {...(hint ? { hint } : {})}>
      {(control) => (
        <Input
          {...control}
          name={field}
          value={values[field]}
          onChange={(event) => update(field, event.target.value)}
          onBlur={(event) => blur(field, event)}
          {...extra}
        />
      )}
    </Field>
  );

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <p className="ui-status-message ui-status-message--danger" role="alert">
          {failure}
        </p>
      ) : null}
      <ErrorSummary errors={summary} controlId={controlId} focusSignal={attempt} />
      {text('loginname', '登录账号', { autoComplete: 'username' }, '字母、数字或符号，不能使用汉字')}
      {text(
        'password',
        '密码',
        { type: 'password', autoComplete: 'new-password' },
        '不少于8位，须同时包含大写字母、小写字母和数字',
      )}
      {text('confirm', '确认密码', { type: 'password', autoComplete: 'new-password' })}
      {text('username', '单位名称', { autoComplete: 'organization' })}
      {text('userphone', '手机号码', {
        type: 'tel',
        inputMode: 'numeric',
        autoComplete: 'tel',
        maxLength: 11,
      })}
      <Field id={controlId('phoneverify')} label="手机验证码" error={errors.phoneverify} status={codeNote}>
        {(control) => (
          <div className="ui-input-row">
            <Input
              {...control}
              name="phoneverify"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={PHONE_CODE_LENGTH}
              value={values.phoneverify}
              onChange={(event) => update('phoneverify', event.target.value)}
              onBlur={(event) => blur('phoneverify', event)}
            />
            <Button
              variant="secondary"
              className="account-code-button"
              disabled={secondsLeft > 0}
              onClick={() => void requestCode()}
            >
              {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
            </Button>
          </div>
        )}
      </Field>
      <fieldset
        className={
          errors.usertype ? 'ui-field ui-field--error account-fieldset' : 'ui-field account-fieldset'
        }
        aria-describedby={errors.usertype ? `${controlId('usertype')}-error` : undefined}
      >
        <legend className="ui-field__label">用户类型</legend>
        {errors.usertype ? (
          <p id={`${controlId('usertype')}-error`} className="ui-field__error">
            {errors.usertype}
          </p>
        ) : null}
        <div className="ui-choice-group">
          {userTypeOptions.map((option, index) => (
            <label key={option.value} className="ui-choice">
              <input
                type="radio"
                name="usertype"
                value={option.value}
                {...(index === 0 ? { id: controlId('usertype') } : {})}
                checked={values.usertype === option.value}
                onChange={() => update('usertype', option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="account-submit" disabled={isBusy}>
        {isBusy ? '正在注册…' : '注册'}
      </Button>
    </form>
  );
}
