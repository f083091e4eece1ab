/**
 * The hall's feedback page (/hall/feedback, issue 24): an anonymous visitor sends feedback with the
 * captcha and a contact and is shown a lookup code once; with the code they read the reply. The
 * fields are checked with the server's schema before sending; the server's message is shown as is.
 */
import { useState, type SubmitEvent } from 'react';
import { callApi, callApiWithMessage } from '@shared/api/call';
import type { ApiClient } from '@shared/api/client';
import { feedbackCalls, type FeedbackDetail } from '@shared/calls/feedback';
import {
  feedbackAttachmentExtensions,
  feedbackCategories,
  feedbackCategoryValues,
  feedbackStates,
} from '@shared/domain/feedback';
import { AppError } from '@shared/errors/app-error';
import { Button } from '@shared/ui/button';
import { ErrorSummary, Field, Input } from '@shared/ui/form';
import { fieldErrorsFromIssues, orderedErrors, type FieldErrors } from '@shared/ui/form-errors';
import { checkUpload } from '@shared/validation/upload';
import { feedbackFormSchema, feedbackMessages, type FeedbackForm } from '@shared/validation/feedback';
import { CaptchaInput } from './captcha-input';

type FormField = keyof FeedbackForm | 'file';
const order: readonly FormField[] = ['category', 'title', 'content', 'contact', 'captcha', 'file'];
const controlId = (field: string) => `feedback-${field}`;
const empty = { category: '', title: '', content: '', contact: '', captcha: '' };
const messageOf = (error: unknown) => (error instanceof AppError ? error.message : '提交失败，请稍后重试');

/** The anonymous form's own rule on top of the schema: the contact is required here. */
function validate(values: typeof empty, file: File | null): FieldErrors<FormField> {
  const result = feedbackFormSchema.safeParse(values);
  const errors: FieldErrors<FormField> = result.success
    ? {}
    : fieldErrorsFromIssues<FormField>(result.error.issues);
  if (!values.contact.trim()) errors.contact = feedbackMessages.contact;
  if (!values.captcha.trim()) errors.captcha = feedbackMessages.captcha;
  const problem = file
    ? checkUpload({ name: file.name, size: file.size }, feedbackAttachmentExtensions)
    : null;
  if (problem) errors.file = problem.message;
  return errors;
}

export function FeedbackPanel({ api }: { api: ApiClient }) {
  const [values, setValues] = useState(empty);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [attempt, setAttempt] = useState(0);
  const [image, setImage] = useState(() => Date.now());
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);

  const update = (field: keyof typeof empty, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setFailure(undefined);
    const found = validate(values, file);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const input = {
        ...values,
        category: values.category as FeedbackForm['category'],
        ...(file ? { file } : {}),
      };
      const answer = await callApi(api, feedbackCalls.submit, input);
      setCode(answer.lookupCode);
    } catch (error) {
      setFailure(messageOf(error));
      setImage(Date.now());
      update('captcha', '');
    } finally {
      setBusy(false);
    }
  };

  if (code)
    return (
      <div className="ui-status-message ui-status-message--success" role="status">
        <p>
          反馈已提交。您的查询码是 <strong data-lookup-code>{code}</strong>
        </p>
        <p>请妥善保存：查询码只显示这一次，凭它在下方查看管理员的回复。</p>
      </div>
    );

  const text = (field: 'title' | 'contact', label: string, hint?: string) => (
    <Field id={controlId(field)} label={label} hint={hint} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          name={field}
          value={values[field]}
          onChange={(e) => update(field, e.target.value)}
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
      <ErrorSummary errors={orderedErrors(errors, order)} controlId={controlId} focusSignal={attempt} />
      <Field id={controlId('category')} label="反馈类别" error={errors.category}>
        {(control) => (
          <select
            {...control}
            className="ui-input"
            name="category"
            value={values.category}
            onChange={(e) => update('category', e.target.value)}
          >
            <option value="">请选择</option>
            {feedbackCategoryValues.map((value) => (
              <option key={value} value={value}>
                {feedbackCategories[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('title', '标题', '不超过 50 个字')}
      <Field id={controlId('content')} label="反馈内容" hint="不超过 2000 个字" error={errors.content}>
        {(control) => (
          <textarea
            {...control}
            className="ui-input"
            name="content"
            rows={5}
            value={values.content}
            onChange={(e) => update('content', e.target.value)}
          />
        )}
      </Field>
      {text('contact', '联系方式', '手机号或邮箱，仅管理员可见')}
      <Field id={controlId('file')} label="附件（选填）" hint="文档或图片，不超过50MB" error={errors.file}>
        {(control) => (
          <input
            {...control}
            type="file"
            className="ui-input"
            accept={feedbackAttachmentExtensions.map((extension) => `.${extension}`).join(',')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field
        id={controlId('captcha')}
        label="验证码"
        hint="输入图片中的4个字符，看不清可点击图片更换"
        error={errors.captcha}
      >
        {(control) => (
          <CaptchaInput
            {...control}
            api={api}
            image={image}
            onRefresh={() => setImage(Date.now())}
            value={values.captcha}
            onChange={(e) => update('captcha', e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? '正在提交…' : '提交反馈'}
      </Button>
    </form>
  );
}

export function FeedbackLookup({ api }: { api: ApiClient }) {
  const [code, setCode] = useState('');
  const [found, setFound] = useState<FeedbackDetail | null>(null);
  const [failure, setFailure] = useState<string>();
  const look = async (event: SubmitEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setFound(null);
    try {
      setFound((await callApiWithMessage(api, feedbackCalls.lookup, { code })).data);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  return (
    <form className="account-form" noValidate onSubmit={(event) => void look(event)}>
      <Field id="feedback-lookup" label="查询码" error={failure}>
        {(control) => (
          <Input {...control} name="code" value={code} onChange={(e) => setCode(e.target.value)} />
        )}
      </Field>
      <Button type="submit" variant="secondary">
        查看回复
      </Button>
      {found ? (
        <dl className="feedback-result" aria-label="反馈处理情况">
          <dt>标题</dt>
          <dd>{found.title}</dd>
          <dt>状态</dt>
          <dd>{feedbackStates[found.state]}</dd>
          <dt>回复</dt>
          <dd data-reply>{found.reply ?? '管理员尚未回复，请稍后再查'}</dd>
        </dl>
      ) : null}
    </form>
  );
}
