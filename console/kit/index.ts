/**
 * The console page kit: every console page is assembled from these pieces (docs/adding-a-feature.md).
 * Examples of each render on /system/kitExamples (administrators), where the e2e axe test checks them.
 */
import './kit.css';

export { callKey, createQueryClient, QueryProvider, useCall, useCallMutation, useRecord } from './query';
export { RecordPage, useRecordFromUrl, useUrlId, type RecordPageProps } from './record-page';
export { useListState, type ListState } from './url-state';
export { DataTable, sortRows, type Column } from './data-table';
export {
  FilterBar,
  ListPage,
  statusFilter,
  type ExportDef,
  type FilterDef,
  type ListPageProps,
} from './list-page';
export {
  fieldError,
  FormDialog,
  KitForm,
  LeaveGuard,
  TextField,
  useContractForm,
  type FormWith,
} from './form';
export { Attachments, DetailSection, type AttachmentFile, type DetailItem } from './detail';
export { ConfirmAction, type ActionOutcome } from './confirm-action';
export { StatusBadge } from './status-badge';
export { deadlineColumn, type WithDeadline } from './deadline-column';
export { FileField, KeptFiles, useFormFiles, type FormFiles } from './file-field';
export { InputField } from './input-field';
export { saveBlob } from './download';
export { uploadWithProgress } from './upload';
export {
  ChunkedUpload,
  uploadIdentifier,
  type ChunkedUploadProps,
  type UploadedArchiveFile,
} from './chunked-upload';
