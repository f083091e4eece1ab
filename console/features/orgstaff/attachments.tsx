/**
 * A person's attachments on the staff pages: the upload fields of the add and edit forms (the upload
 * rules checked before sending, FileField), the files in force previewed and downloaded through the
 * staff file calls, and a change's files before and after.
 */
import { callUrl } from '@shared/api/call';
import { staffFileCalls, type StaffAttachment, type StaffChangeDetail } from '@shared/contracts/staff';
import { staffAttachmentKind } from '@shared/domain/staff';
import { Button } from '@shared/ui/button';
import { Card } from '@shared/ui/page';
import { documentExtensions } from '@shared/validation/upload';
import { Attachments, DetailSection, FileField } from '@console/kit';
import { useApi } from '@console/lib/api';

export type StaffUploadKey = 'idCardFile' | 'certificateFile' | 'otherFile';
export type StaffUploads = Partial<Record<StaffUploadKey, File>>;

const fieldOf: Record<string, StaffUploadKey> = {
  idCard: 'idCardFile',
  certificate: 'certificateFile',
  other: 'otherFile',
};
const requirement: Record<string, string> = {
  idCard: '（必须）',
  certificate: '（填写证书编号时必须）',
  other: '',
};

function useHref() {
  const api = useApi();
  return (file: { fileId: string }, kind: 'preview' | 'download') =>
    callUrl(api, kind === 'preview' ? staffFileCalls.previewFile : staffFileCalls.downloadFile, {
      id: file.fileId,
    });
}

/** The person's attachments in force, by kind, each previewed and downloadable. */
export function StaffAttachmentsSection({ files }: { files: readonly StaffAttachment[] }) {
  const href = useHref();
  return (
    <Card>
      <DetailSection title="附件" items={[]}>
        {staffAttachmentKind.entries.map((kind) => (
          <Attachments
            key={kind.value}
            files={files.filter((file) => file.kind === kind.value)}
            href={href}
            title={kind.label}
          />
        ))}
      </DetailSection>
    </Card>
  );
}

/**
 * The upload fields of the add and edit forms. A new ID card copy or certificate replaces the one
 * there; other files add up; a file in force can be marked for removal.
 */
export function StaffFilePicker({
  current,
  removed,
  onUpload,
  onRemove,
}: {
  current: readonly StaffAttachment[];
  removed: readonly string[];
  onUpload: (key: StaffUploadKey, file: File | null) => void;
  onRemove: (fileId: string) => void;
}) {
  return (
    <fieldset className="staff-files">
      <legend>附件</legend>
      {staffAttachmentKind.entries.map((kind) => {
        const key = fieldOf[kind.key] as StaffUploadKey;
        const kept = current.filter((file) => file.kind === kind.value && !removed.includes(file.fileId));
        return (
          <div key={kind.value} className="staff-files__kind">
            <FileField
              id={`staff-${key}`}
              label={`${kind.label}${requirement[kind.key] ?? ''}`}
              allowed={documentExtensions}
              onFile={(file) => onUpload(key, file)}
            />
            {kept.length > 0 ? (
              <ul className="staff-files__list">
                {kept.map((file) => (
                  <li key={file.fileId}>
                    已上传：{file.fileName}{' '}
                    <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(file.fileId)}>
                      删除
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A change's attachments before and after, side by side, marked when they differ. */
export function StaffFilesCompare({ change }: { change: StaffChangeDetail }) {
  const href = useHref();
  return (
    <Card>
      <h2 className="kit-detail__title">
        附件对照{change.filesChanged ? <span className="staff-compare__mark">（已变更）</span> : '（无变化）'}
      </h2>
      <div className={`staff-files-compare${change.filesChanged ? ' is-changed' : ''}`}>
        <Attachments files={change.beforeFiles} href={href} title="变更前附件" />
        <Attachments files={change.dataFiles} href={href} title="变更后附件" />
      </div>
    </Card>
  );
}
