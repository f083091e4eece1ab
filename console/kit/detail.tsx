/**
 * A detail page's pieces: label/value sections, the attachments with preview and download, and a
 * place for the audit timeline (console/components/review).
 *
 * ```tsx
 * <DetailSection title="基本信息" items={[{ label: '机构名称', value: org.orgName }]} />
 * <Attachments files={org.attachments} href={(file, kind) => callUrl(api, kind === 'preview' ? calls.preview : calls.download, { id: file.fileId })} />
 * ```
 */
import type { ReactNode } from 'react';
import { formatSize } from '@shared/format';
import { Card } from '@shared/ui/page';
import { kitTexts } from './texts';
import './kit.css';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Spans the whole row (long text). */
  wide?: boolean;
}

export function DetailSection({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly DetailItem[];
  children?: ReactNode;
}) {
  return (
    <Card data-slot="detail-section" className="kit-detail">
      <h2 className="kit-detail__title">{title}</h2>
      <dl className="kit-detail__list">
        {items.map((item) => (
          <div
            key={item.label}
            className={item.wide ? 'kit-detail__item kit-detail__item--wide' : 'kit-detail__item'}
          >
            <dt>{item.label}</dt>
            <dd>
              {item.value === null || item.value === undefined || item.value === ''
                ? kitTexts.none
                : item.value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}

export interface AttachmentFile {
  fileId: string;
  fileName: string;
  size?: number;
}

/** A file list with 预览 and 下载 links (links from the call: callUrl). */
export function Attachments({
  files,
  href,
  title = kitTexts.attachments,
}: {
  files: readonly AttachmentFile[];
  href: (file: AttachmentFile, kind: 'preview' | 'download') => string;
  title?: string;
}) {
  return (
    <section data-slot="attachments" className="kit-attachments" aria-label={title}>
      <h3 className="kit-attachments__title">{title}</h3>
      {files.length === 0 ? (
        <p>{kitTexts.noAttachments}</p>
      ) : (
        <ul>
          {files.map((file) => (
            <li key={file.fileId}>
              <span className="kit-attachments__name">{file.fileName}</span>
              {file.size !== undefined ? (
                <span className="kit-attachments__size">{formatSize(file.size)}</span>
              ) : null}
              <a
                href={href(file, 'preview')}
                target="_blank"
                rel="noopener"
                aria-label={`${kitTexts.preview} ${file.fileName}`}
              >
                {kitTexts.preview}
              </a>
              <a href={href(file, 'download')} download aria-label={`${kitTexts.download} ${file.fileName}`}>
                {kitTexts.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
