import { useRef, useState, type SubmitEvent } from 'react';
import { clearReturnToCookie, readReturnTo } from '@shared/auth/return-to';
import type { ApiClient } from '@shared/api/client';
import { signOn, verifyCaptcha } from '@shared/auth/sign-on';
import { AppError } from '@shared/errors/app-error';
import {
  CAPTCHA_LENGTH,
  identityMessages as m,
  loginSchema,
  type LoginForm,
} from '@shared/validation/identity';
import { Button } from '@shared/ui/button';
import { ErrorSummary, Field, Input, isBlurToSubmit } from '@shared/ui/form';
import { fieldErrorsFromIssues, orderedErrors, type FieldErrors } from '@shared/ui/form-errors';
import { CaptchaInput } from './captcha-input';

type LoginField = keyof LoginForm;
const fieldOrder: readonly LoginField[] = ['username', 'password', 'captcha'];
const controlId = (field: string) => `login-${field}`;

/** Spec section 9: the page refreshes 1 s after a successful login. */
export const REFRESH_DELAY_MS = 1000;

type CaptchaState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'ok'; message: string }
  | { kind: 'wrong'; message: string };

export interface LoginFormProps {
  api: ApiClient;
  /** Runs after a successful sign-on (the page reloads after REFRESH_DELAY_MS). */
  onSignedIn?: () => void;
  /** Where to go after REFRESH_DELAY_MS instead of reloading (the /login page: a service or a page). */
  continueTo?: string;
}

/** The 登录 tab (spec section 5, login; section 8, login failure). */
/** What the login still needs, in one sentence, or undefined when nothing is missing. */
export function missingForLogin(
  values: { username: string; password: string },
  captchaVerified: boolean,
): string | undefined {
  const parts = [
    ...(values.username.trim() ? [] : ['登录账户']),
    ...(values.password ? [] : ['登录密码']),
    ...(captchaVerified ? [] : ['正确的验证码']),
  ];
  return parts.length > 0 ? `请填写${parts.join('、')}后登录` : undefined;
}

export function LoginPanel({ api, onSignedIn, continueTo }: LoginFormProps) {
  const [values, setValues] = useState<LoginForm>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [attempt, setAttempt] = useState(0);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState>({ kind: 'idle' });
  const [captchaImage, setCaptchaImage] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const captchaRequest = useRef(0);

  const validate = (next: LoginForm) => {
    const result = loginSchema.safeParse(next);
    return result.success ? {} : fieldErrorsFromIssues<LoginField>(result.error.issues);
  };

  const update = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted || errors[field])
      setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const blur = (field: LoginField, event: { relatedTarget: EventTarget | null }) => {
    if (isBlurToSubmit(event)) return;
    setErrors((current) => ({ ...current, [field]: validate(values)[field] }));
  };

  const refreshCaptcha = () => {
    captchaRequest.current += 1;
    setCaptchaImage((n) => n + 1);
    setCaptcha({ kind: 'idle' });
    setValues((current) => ({ ...current, captcha: '' }));
  };

  // Spec section 5: the captcha is verified as soon as its 4th character is typed.
  const typeCaptcha = async (value: string) => {
    update('captcha', value);
    const request = ++captchaRequest.current;
    if (value.trim().length !== CAPTCHA_LENGTH) {
      setCaptcha({ kind: 'idle' });
      return;
    }
    setCaptcha({ kind: 'checking' });
    let next: CaptchaState;
    try {
      // The server's own text ('验证码正确') is what the person reads.
      next = { kind: 'ok', message: await verifyCaptcha(api, value.trim()) };
    } catch (error) {
      next = { kind: 'wrong', message: error instanceof AppError ? error.message : m.captchaWrong };
    }
    if (request === captchaRequest.current) setCaptcha(next);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setAttempt((n) => n + 1);
    setFailure(undefined);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || captcha.kind !== 'ok') return;
    setIsBusy(true);
    try {
      await signOn(api, values);
      setIsDone(true);
      onSignedIn?.();
      // On to the page the caller names (the /login page), else the page the guard sent the visitor
      // away from, if any (shared/auth/return-to.ts).
      const returnTo = continueTo ?? readReturnTo(document.cookie, window.location.origin);
      document.cookie = clearReturnToCookie;
      window.setTimeout(
        () => (returnTo ? window.location.assign(returnTo) : window.location.reload()),
        REFRESH_DELAY_MS,
      );
    } catch (error) {
      // Too many attempts has its own message; every other failure reads the same (spec section 8).
      setFailure(error instanceof AppError && error.code === 'rate_limited' ? error.message : m.loginFailed);
      refreshCaptcha();
      setAttempt((n) => n + 1);
    } finally {
      setIsBusy(false);
    }
  };

  const summary = isSubmitted ? orderedErrors(errors, fieldOrder) : [];
  // Issue 11: the button says what it still waits for, rather than just being grey.
  const missing = isBusy || isDone ? undefined : missingForLogin(values, captcha.kind === 'ok');
  const captchaError = errors.captcha ?? (captcha.kind === 'wrong' ? captcha.message : undefined);

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <p className="ui-status-message ui-status-message--danger" role="alert">
          {failure}
        </p>
      ) : null}
      {isDone ? (
        <p className="ui-status-message ui-status-message--success" role="status">
          登录成功，正在进入…
        </p>
      ) : null}
      <ErrorSummary errors={summary} controlId={controlId} focusSignal={attempt} />
      <Field id={controlId('username')} label="登录账户" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={(event) => update('username', event.target.value)}
            onBlur={(event) => blur('username', event)}
          />
        )}
      </Field>
      <Field id={controlId('password')} label="登录密码" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            onBlur={(event) => blur('password', event)}
          />
        )}
      </Field>
      <Field
        id={controlId('captcha')}
        isLive
        label="验证码"
        hint="输入图片中的4个字符，看不清可点击图片更换"
        error={captchaError}
        status={
          captcha.kind === 'ok' ? captcha.message : captcha.kind === 'checking' ? '正在校验…' : undefined
        }
      >
        {(control) => (
          <CaptchaInput
            {...control}
            api={api}
            image={captchaImage}
            onRefresh={refreshCaptcha}
            inputMode="text"
            value={values.captcha}
            onChange={(event) => void typeCaptcha(event.target.value)}
            onBlur={(event) => blur('captcha', event)}
          />
        )}
      </Field>
      <Button
        type="submit"
        className="account-submit"
        disabled={captcha.kind !== 'ok' || isBusy || isDone}
        aria-describedby={missing ? controlId('missing') : undefined}
      >
        {isBusy ? '正在登录…' : '登录'}
      </Button>
      {missing ? (
        <p id={controlId('missing')} className="account-missing" aria-live="polite">
          {missing}
        </p>
      ) : null}
    </form>
  );
}
