/**
 * Old and new side by side for any change request (agency, staff, unit): one row per field, the
 * changed ones marked by colour and by the word 已变更 (for screen readers and print).
 */
import type { ReactNode } from 'react';
import { Card } from '@shared/ui/page';
import './review.css';

export interface ComparedField {
  key: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
}

export function ChangeComparison({
  fields,
  changed,
}: {
  fields: readonly ComparedField[];
  changed: readonly string[];
}) {
  const marked = new Set(changed);
  return (
    <Card>
      <h2 className="kit-detail__title">变更内容对照</h2>
      <p>共 {marked.size} 项变更，已用底色标出。</p>
      <table className="rv-compare">
        <caption className="rv-compare__caption">变更前后对照</caption>
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
    </Card>
  );
}
