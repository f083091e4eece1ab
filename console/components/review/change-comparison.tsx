/**
 * Old and new side by side for any change request (agency, staff, unit, contract filing): one row per
 * field, the changed ones marked by colour and by the word 已变更 (for screen readers and print), and,
 * for a kind whose changes may replace attachments, the files before and after.
 */
import type { ReactNode } from 'react';
import { Card } from '@shared/ui/page';
import { Attachments, type AttachmentFile } from '@console/kit/detail';
import './review.css';

export interface ComparedField {
  key: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
}

/** A change's attachments before and after, and whether it replaces them. */
export interface ComparedFiles {
  before: readonly AttachmentFile[];
  after: readonly AttachmentFile[];
  changed: boolean;
  /** The files' preview and download links (the kind's file calls). */
  href: (file: AttachmentFile, kind: 'preview' | 'download') => string;
}

/** What a change holds of its kind's fields: the values in force and the requested ones. */
export interface ComparedSides<F> {
  before: F;
  data: F;
}

/**
 * The rows of the comparison for a kind's fields, in the order of its keys: each value as the kind
 * shows it (a district's name, a sum of money), the same way before and after.
 */
export function comparedFields<K extends string, F>(
  keys: readonly K[],
  labels: Readonly<Record<K, string>>,
  change: ComparedSides<F>,
  show: (key: K, fields: F) => ReactNode,
): ComparedField[] {
  return keys.map((key) => ({
    key,
    label: labels[key],
    before: show(key, change.before),
    after: show(key, change.data),
  }));
}

export function ChangeComparison({
  fields,
  changed,
  files,
}: {
  fields: readonly ComparedField[];
  changed: readonly string[];
  files?: ComparedFiles;
}) {
  const marked = new Set(changed);
  return (
    <Card>
      <h2 className="kit-detail__title">变更内容对照</h2>
      <p>共 {marked.size} 项变更，已用底色标出。</p>
      <table className="rv-compare">
        <caption className="visually-hidden">变更前后对照</caption>
        <thead>
          <tr>
            <th scope="col">项目</th>
            <th scope="col">变更前</th>
            <th scope="col">变更后</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.key} className={marked.has(field.key) ? 'is-changed' : undefined}>
              <th scope="row">
                {field.label}
                {marked.has(field.key) ? <span className="rv-compare__mark">（已变更）</span> : null}
              </th>
              <td>{field.before === '' || field.before === null ? '—' : field.before}</td>
              <td>{field.after === '' || field.after === null ? '—' : field.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {files ? <FilesComparison files={files} /> : null}
    </Card>
  );
}

/** The attachments before and after: the approval puts the new set in force. */
function FilesComparison({ files }: { files: ComparedFiles }) {
  return (
    <>
      <h3 className="kit-detail__title rv-compare__files-title">
        附件对照{files.changed ? <span className="rv-compare__mark">（已变更）</span> : '（无变化）'}
      </h3>
      <div className={`rv-files-compare${files.changed ? ' is-changed' : ''}`}>
        <Attachments files={files.before} href={files.href} title="变更前附件" />
        <Attachments files={files.after} href={files.href} title="变更后附件" />
      </div>
    </>
  );
}
