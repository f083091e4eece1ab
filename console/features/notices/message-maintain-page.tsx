import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { noticeInputSchema, noticeMessages } from '@shared/validation/notices';
import { useQueryClient } from '@tanstack/react-query';
import { callApiWithMessage } from '@shared/api/call';
import { noticeCalls, type NoticeDetail } from '@shared/calls/notices';
import { toAppError } from '@shared/errors/app-error';
import { inlineImageExtensions } from '@shared/validation/upload';
import { Button, buttonClass } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { ErrorSummary, Field, Input } from '@shared/ui/form';
import { fieldErrorsFromIssues, orderedErrors, type FieldErrors } from '@shared/ui/form-errors';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { callKey, useCall } from '@console/kit/query';
import { StatusBadge } from '@console/kit/status-badge';
import { uploadWithProgress } from '@console/kit/upload';
import { AttachmentList, attachmentItemsOf, type AttachmentItem } from './attachment-list';
import type { SavedNoticeState } from './message-info-page';
import { RichTextEditor } from './rich-text-editor-lazy';
import { texts } from './texts';
import './notices.css';

type FieldName = 'noticeTitle' | 'noticeType' | 'noticeContent' | 'attachmentIds';
const fieldOrder: FieldName[] = ['noticeTitle', 'noticeType', 'noticeContent', 'attachmentIds'];
const controlId = (field: string) => `nm-${field}`;

/** /noticemanger/messagemaintain/:noticeid — create ('add' or 0) or edit a notice. */
export function MessageMaintainPage() {
  const raw = useParams().noticeid ?? 'add';
  const id = raw === 'add' || raw === '0' ? 0 : Number(raw);
  const [search] = useSearchParams();
  const loaded = useCall(noticeCalls.get, { id }, { enabled: id > 0, keepPrevious: false });
  if (loaded.error)
    return (
      <>
        <PageHeader title={texts.editTitle} />
        <Notice tone="danger">
          {loaded.error.message} <Link to="/noticemanger/message/0">{texts.back}</Link>
        </Notice>
      </>
    );
  if (id > 0 && !loaded.data)
    return (
      <PageHeader title={id > 0 ? texts.editTitle : texts.editTitleNew} description={zh.common.loading} />
    );
  const initialType = noticeType.has(Number(search.get('type'))) ? Number(search.get('type')) : 0;
  return <NoticeForm key={id} notice={id > 0 ? (loaded.data ?? null) : null} initialType={initialType} />;
}

function NoticeForm({ notice, initialType }: { notice: NoticeDetail | null; initialType: number }) {
  const api = useApi();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(notice?.noticeTitle ?? '');
  const [type, setType] = useState(notice?.noticeType ?? initialType);
  const [content, setContent] = useState(notice?.noticeContent ?? '');
  const [attachments, setAttachments] = useState<AttachmentItem[]>(() =>
    attachmentItemsOf(notice?.attachments ?? []),
  );
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [serverError, setServerError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const currentState = notice?.state ?? noticeState.code.draft;
  const isPublished = currentState === noticeState.code.published;

  const values = (state: number) => ({
    noticeTitle: title,
    noticeType: type,
    noticeContent: content,
    state,
    attachmentIds: attachments.flatMap((item) =>
      item.status === 'success' && item.fileId ? [item.fileId] : [],
    ),
  });

  const validateField = (field: FieldName) => {
    const result = noticeInputSchema.safeParse(values(currentState));
    const next = result.success ? {} : fieldErrorsFromIssues<FieldName>(result.error.issues);
    setErrors((previous) => ({ ...previous, [field]: next[field] }));
  };

  const submit = async (state: number) => {
    setAttempt((n) => n + 1);
    setServerError('');
    const input = values(state);
    const pending = attachments.some((item) => item.status === 'uploading' || item.status === 'waiting');
    const result = noticeInputSchema.safeParse(input);
    const found: FieldErrors<FieldName> = result.success
      ? {}
      : fieldErrorsFromIssues<FieldName>(result.error.issues);
    if (pending) found.attachmentIds = texts.waitUploads;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = notice
        ? await callApiWithMessage(api, noticeCalls.update, { ...input, pkid: notice.pkid })
        : await callApiWithMessage(api, noticeCalls.add, input);
      await queries.invalidateQueries({ queryKey: callKey(noticeCalls.list) });
      queries.removeQueries({ queryKey: callKey(noticeCalls.get) });
      const state: SavedNoticeState = { message: saved.message };
      navigate(`/noticemanger/messageinfo/${saved.data.pkid}`, { state });
    } catch (error) {
      // What was typed stays in the form; the message says what to fix.
      const appError = toAppError(error);
      if (appError.field && (fieldOrder as string[]).includes(appError.field))
        setErrors({ [appError.field as FieldName]: appError.message });
      else setServerError(appError.message);
    } finally {
      setSaving(false);
    }
  };

  const summary = orderedErrors(errors, fieldOrder);
  return (
    <>
      <PageHeader
        title={notice ? texts.editTitle : texts.editTitleNew}
        description={notice ? <StatusBadge table={noticeState} value={notice.state} /> : null}
        actions={
          <Link
            className={buttonClass({ variant: 'secondary' })}
            to={notice ? `/noticemanger/messageinfo/${notice.pkid}` : `/noticemanger/message/${type}`}
          >
            {zh.common.cancel}
          </Link>
        }
      />
      <Card>
        <form
          className="nm-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(currentState === noticeState.code.withdrawn ? noticeState.code.draft : currentState);
          }}
        >
          <ErrorSummary errors={summary} controlId={controlId} focusSignal={attempt} />
          {serverError ? <Notice tone="danger">{serverError}</Notice> : null}
          <div className="nm-form__row">
            <Field
              id={controlId('noticeTitle')}
              label={texts.fieldTitle}
              error={errors.noticeTitle}
              className="nm-form__title"
            >
              {(control) => (
                <Input
                  {...control}
                  value={title}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(event) => setTitle(event.target.value)}
                  onBlur={() => validateField('noticeTitle')}
                />
              )}
            </Field>
            <Field id={controlId('noticeType')} label={texts.fieldType} error={errors.noticeType}>
              {(control) => (
                <select
                  {...control}
                  className="ui-input"
                  value={type}
                  onChange={(event) => setType(Number(event.target.value))}
                >
                  {noticeType.entries.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className={errors.noticeContent ? 'ui-field ui-field--error' : 'ui-field'}>
            <span className="ui-field__label" id="nm-content-label">
              {texts.fieldContent}
            </span>
            {errors.noticeContent ? (
              <p id="nm-content-error" className="ui-field__error">
                {errors.noticeContent}
              </p>
            ) : null}
            <RichTextEditor
              id={controlId('noticeContent')}
              initialHtml={content}
              onChange={(html) => {
                setContent(html);
                // A shown message goes as soon as the content satisfies the rule.
                if (errors.noticeContent && noticeInputSchema.shape.noticeContent.safeParse(html).success)
                  setErrors((previous) => ({ ...previous, noticeContent: undefined }));
              }}
              labelledBy="nm-content-label"
              describedBy={errors.noticeContent ? 'nm-content-error' : undefined}
              invalid={Boolean(errors.noticeContent)}
              onUploadImage={async (file) =>
                (
                  await uploadWithProgress(
                    api,
                    noticeCalls.upload,
                    { kind: 'image', file },
                    inlineImageExtensions,
                  )
                ).url
              }
            />
          </div>
          <div className={errors.attachmentIds ? 'ui-field ui-field--error' : 'ui-field'}>
            <label className="ui-field__label" htmlFor={controlId('attachmentIds')}>
              {texts.fieldAttachments}
            </label>
            <p id="nm-attachments-hint" className="ui-field__hint">
              {texts.attachmentsHint}
            </p>
            {errors.attachmentIds ? <p className="ui-field__error">{errors.attachmentIds}</p> : null}
            <AttachmentList
              id={controlId('attachmentIds')}
              items={attachments}
              onChange={setAttachments}
              describedBy="nm-attachments-hint"
            />
          </div>
          <div className="nm-form__actions">
            {isPublished ? (
              <Button type="submit" disabled={saving}>
                {saving ? texts.saving : '保存修改'}
              </Button>
            ) : (
              <>
                <Button type="submit" variant="secondary" disabled={saving}>
                  {saving ? texts.saving : texts.saveDraft}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button type="button" disabled={saving}>
                      {texts.saveAndPublish}
                    </Button>
                  }
                  title={texts.publishTitle}
                  description={noticeMessages.confirmPublish}
                  onConfirm={() => void submit(noticeState.code.published)}
                />
              </>
            )}
          </div>
        </form>
      </Card>
    </>
  );
}
