/**
 * A registration under review as its applicant sees it (an agency's application, a construction
 * unit's verification; the server half is server/modules/review/registration.ts): the page with the
 * status in its header and the state's banner (the rejection with its reason, pending, approved), the
 * form while the registration may be edited (nothing yet, a draft, rejected) and the details
 * otherwise, then the audit timeline. The form is the domain's fields plus the file fields of every
 * attachment kind (the required ones marked), 提交 and 保存草稿; it sends the fields with the action,
 * the new files and the removed ones to the domain's updateSelf call.
 *
 * ```tsx
 * const self = useCall(agencyCalls.querySelf, {});
 * <RegistrationPage title="机构申请" intro="请填写机构信息…" query={self}
 *   banner={{
 *     rejected: () => <Notice tone="danger">…</Notice>,
 *     pending: () => <Notice>…</Notice>,
 *     approved: () => <Notice>…</Notice>,
 *   }}
 *   form={(org, onSaved) => <ApplyForm org={org} onSaved={onSaved} />}
 *   details={(org) => <AgencyDetails org={org} />}
 *   timeline={(org) => <AgencyTimeline organizationId={org.organizationId} />} />
 *
 * // ApplyForm: the domain's form on the call's own schema
 * <RegistrationForm form={form} fields={fieldLabels} submitLabel="提交审核" files={agencyFiles}
 *   attachments={org?.attachments ?? []} save={save.mutateAsync} onSaved={onSaved}>
 *   <TextField form={form} name="orgName" label="机构名称" />
 * </RegistrationForm>
 * ```
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import type { StatusEntry, StatusTable } from '@shared/domain/statuses';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import type { RegistrationFiles } from '@shared/validation/registration';
import { documentExtensions } from '@shared/validation/upload';
import { Attachments, DetailSection, type AttachmentFile } from '@console/kit/detail';
import { FileField, KeptFiles, useFormFiles } from '@console/kit/file-field';
import { KitForm } from '@console/kit/form';
import { StatusBadge } from '@console/kit/status-badge';
import './registration.css';

/** An attachment of a registrant as the calls answer it. */
export interface RegisteredFile {
  fileId: string;
  fileName: string;
  size: number;
  kind: number;
}

/** What every registrant's record carries (querySelf, queryOne). */
export interface RegistrationRecord {
  auditStatus: number;
  submittedAt: string | null;
  auditedAt: string | null;
  attachments: readonly RegisteredFile[];
}

/** The upload field names of a table of attachment kinds (a kind's key is its field). */
export type AttachmentKey<K extends StatusTable<StatusEntry<number>>> = K['entries'][number]['key'];

/** Nothing registered yet, a draft, or rejected: the applicant may edit and (re)submit. */
export const isEditable = (record: RegistrationRecord | null): boolean =>
  !record ||
  record.auditStatus === auditStatus.code.draft ||
  record.auditStatus === auditStatus.code.rejected;

/** The status with the submission and decision times (a page header's description). */
export function RegistrationStatus({ record }: { record: RegistrationRecord }) {
  return (
    <span className="rg-status">
      <StatusBadge table={auditStatus} value={record.auditStatus} />
      {record.submittedAt ? <span>提交时间：{formatDateTime(record.submittedAt)}</span> : null}
      {record.auditedAt ? <span>审核时间：{formatDateTime(record.auditedAt)}</span> : null}
    </span>
  );
}

/** One section per attachment kind with its files (previewed and downloaded by `href`), or 未上传. */
export function AttachmentsByKind({
  kinds,
  files,
  href,
}: {
  kinds: RegistrationFiles['kinds'];
  files: readonly RegisteredFile[];
  href: (file: AttachmentFile, kind: 'preview' | 'download') => string;
}) {
  return kinds.entries.map((kind) => {
    const ofKind = files.filter((file) => file.kind === kind.value);
    return (
      <DetailSection key={kind.value} title={kind.label} items={[]}>
        {ofKind.length > 0 ? <Attachments files={ofKind} href={href} /> : <p>未上传</p>}
      </DetailSection>
    );
  });
}

export interface RegistrationPageProps<R extends RegistrationRecord> {
  title: string;
  /** The header's description before anything was registered. */
  intro: string;
  /** The querySelf call's state: the account's record, null before it registered. */
  query: { isPending: boolean; error: { message: string } | null; data: R | null | undefined };
  /** The banner of each reviewed state; `rejected` says why it was sent back. */
  banner: Record<'rejected' | 'pending' | 'approved', (record: R) => ReactNode>;
  /** The form (while editable); `onSaved` shows the server's confirmation above the page. */
  form: (record: R | null, onSaved: (message: string) => void) => ReactNode;
  /** The registration read-only (pending or approved). */
  details: (record: R) => ReactNode;
  timeline: (record: R) => ReactNode;
}

function bannerOf<R extends RegistrationRecord>(banner: RegistrationPageProps<R>['banner'], record: R) {
  switch (record.auditStatus) {
    case auditStatus.code.rejected:
      return banner.rejected(record);
    case auditStatus.code.pending:
      return banner.pending(record);
    case auditStatus.code.approved:
      return banner.approved(record);
    default:
      return null;
  }
}

/** The applicant's page of a registration under review. */
export function RegistrationPage<R extends RegistrationRecord>({
  title,
  intro,
  query,
  banner,
  form,
  details,
  timeline,
}: RegistrationPageProps<R>) {
  // The server's confirmation outlives the form (a submitted registration is shown read-only).
  const [message, setMessage] = useState<string | null>(null);
  const unread = unreadView(title, query);
  if (unread) return unread;
  const record = query.data ?? null;
  return (
    <>
      <PageHeader title={title} description={record ? <RegistrationStatus record={record} /> : intro} />
      {message ? <Notice>{message}</Notice> : null}
      {record ? bannerOf(banner, record) : null}
      {isEditable(record) ? form(record, setMessage) : record ? details(record) : null}
      {record ? timeline(record) : null}
    </>
  );
}

/** The page while the applicant's record loads or when it cannot be read; null once it is read. */
function unreadView(title: string, query: RegistrationPageProps<RegistrationRecord>['query']) {
  if (query.isPending) return <PageHeader title={title} description="正在加载…" />;
  if (query.error) return <Notice tone="danger">{query.error.message}</Notice>;
  return null;
}

/**
 * The applicant's registration as it was sent, read-only: the status in the header, then the domain's
 * view of it; before anything is registered, what is missing and the link to the form.
 */
export function RegistrationStatusPage<R extends RegistrationRecord>({
  title,
  query,
  unregistered,
  children,
}: {
  title: string;
  query: RegistrationPageProps<R>['query'];
  /** Before anything is registered: what is missing (尚未填写…) and the form's page. */
  unregistered: { text: string; form: string };
  children: (record: R) => ReactNode;
}) {
  const unread = unreadView(title, query);
  if (unread) return unread;
  if (!query.data)
    return (
      <>
        <PageHeader title={title} />
        <Notice>
          {unregistered.text}
          <Link to={unregistered.form}>去填写</Link>
        </Notice>
      </>
    );
  return (
    <>
      <PageHeader title={title} description={<RegistrationStatus record={query.data} />} />
      {children(query.data)}
    </>
  );
}

/** What the form sends beside the fields: save or submit, a new file per kind's key, files to remove. */
export type RegistrationUpload<K extends string> = {
  action: 'save' | 'submit';
  removeFileIds?: string;
} & Partial<Record<K, File>>;

export interface RegistrationFormProps<V extends FieldValues, O, E extends StatusEntry<number>> {
  form: UseFormReturn<V, unknown, O>;
  /** The fields' labels in display order (the error summary's order). */
  fields: Partial<Record<Path<V>, string>>;
  submitLabel: string;
  /** The attachment kinds and the required ones (shared/validation, as the server checks them). */
  files: RegistrationFiles<E>;
  /** The files already registered. */
  attachments: readonly RegisteredFile[];
  /** The updateSelf call (useCallMutation's mutateAsync). */
  save: (input: O & RegistrationUpload<E['key']>) => Promise<{ message: string }>;
  onSaved: (message: string) => void;
  /** The domain's fields. */
  children: ReactNode;
}

/** （必须） after the label of each kind a submission needs. */
export const requiredNotes = (files: RegistrationFiles): Record<string, string> =>
  Object.fromEntries(Object.keys(files.required).map((key) => [key, '（必须）']));

/** The registration's form: the domain's fields, a file field per kind, 提交 and 保存草稿. */
export function RegistrationForm<V extends FieldValues, O, E extends StatusEntry<number>>({
  form,
  fields,
  submitLabel,
  files,
  attachments,
  save,
  onSaved,
  children,
}: RegistrationFormProps<V, O, E>) {
  const uploads = useFormFiles<E['key']>();
  const action = useRef<'save' | 'submit'>('submit');

  return (
    <Card>
      <KitForm
        form={form}
        fields={fields}
        submitLabel={submitLabel}
        successMessage={null}
        secondary={
          <Button type="submit" variant="secondary" onClick={() => (action.current = 'save')}>
            保存草稿
          </Button>
        }
        onSubmit={async (values) => {
          const chosenAction = action.current;
          action.current = 'submit';
          const result = await save({ ...values, action: chosenAction, ...uploads.input() });
          uploads.clear();
          onSaved(result.message);
        }}
      >
        {children}
        <AttachmentFields
          kinds={files.kinds}
          notes={requiredNotes(files)}
          kept={attachments.filter((file) => !uploads.removed.includes(file.fileId))}
          onFile={uploads.choose}
          onRemove={uploads.remove}
        />
      </KitForm>
    </Card>
  );
}

/**
 * A file field per attachment kind (each label with its note, as （必须）; the upload rules checked
 * before sending), each with the files it keeps and their 删除 buttons.
 */
export function AttachmentFields<E extends StatusEntry<number>>({
  kinds,
  notes = {},
  kept,
  keptLabel,
  onFile,
  onRemove,
}: {
  kinds: StatusTable<E>;
  /** By kind key, what its label says after the name: that it is required, or when. */
  notes?: Readonly<Record<string, string>>;
  /** The files there now, not removed yet. */
  kept: readonly { fileId: string; fileName: string; kind: number }[];
  /** Before a kept file's name (default 已上传：). */
  keptLabel?: string;
  onFile: (key: E['key'], file: File | null) => void;
  onRemove: (fileId: string) => void;
}) {
  const idPrefix = useId();
  return (
    <div className="rg-files">
      {kinds.entries.map((kind) => (
        <div key={kind.value}>
          <FileField
            id={`${idPrefix}-${kind.key}`}
            label={`${kind.label}${notes[kind.key] ?? ''}`}
            allowed={documentExtensions}
            onFile={(file) => onFile(kind.key, file)}
          />
          <KeptFiles
            files={kept.filter((file) => file.kind === kind.value)}
            label={keptLabel}
            onRemove={onRemove}
          />
        </div>
      ))}
    </div>
  );
}
