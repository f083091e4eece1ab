/**
 * A person's attachments on the staff pages: the upload fields of the add and edit forms (the upload
 * rules checked before sending, FileField), the files in force previewed and downloaded through the
 * staff file calls.
 */
import { callUrl } from '@shared/api/call';
import { staffFileCalls, type StaffAttachment } from '@shared/calls/staff';
import { staffAttachmentKind } from '@shared/domain/staff';
import { Card } from '@shared/ui/page';
import { Attachments, DetailSection } from '@console/kit/detail';
import { type FormFiles } from '@console/kit/file-field';
import { AttachmentFields } from '@console/components/registration/registration';
import { useApi } from '@console/lib/api';

/** The upload field of each attachment kind (staffAddSchema, staffUpdateSchema). */
const fieldOf = {
  idCard: 'idCardFile',
  certificate: 'certificateFile',
  other: 'otherFile',
} as const;
export type StaffUploadKey = (typeof fieldOf)[keyof typeof fieldOf];

const notes = { idCard: '（必须）', certificate: '（填写证书编号时必须）' };

/** Preview and download links of a person's files (the staff file calls). */
export function useStaffFileHref() {
  const api = useApi();
  return (file: { fileId: string }, kind: 'preview' | 'download') =>
    callUrl(api, kind === 'preview' ? staffFileCalls.previewFile : staffFileCalls.downloadFile, {
      id: file.fileId,
    });
}

/** The person's attachments in force, by kind, each previewed and downloadable. */
export function StaffAttachmentsSection({ files }: { files: readonly StaffAttachment[] }) {
  const href = useStaffFileHref();
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
  files,
}: {
  current: readonly StaffAttachment[];
  files: FormFiles<StaffUploadKey>;
}) {
  return (
    <fieldset className="staff-files">
      <legend>附件</legend>
      <AttachmentFields
        kinds={staffAttachmentKind}
        notes={notes}
        kept={current.filter((file) => !files.removed.includes(file.fileId))}
        onFile={(kind, file) => files.choose(fieldOf[kind], file)}
        onRemove={files.remove}
      />
    </fieldset>
  );
}
