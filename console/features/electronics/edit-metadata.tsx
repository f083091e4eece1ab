/**
 * 修改元数据: the editable fields of a record (shared/domain/electronics.ts) and its level, in a dialog.
 * Saving appends the next version to the hash chain; the server refuses a stale or empty edit. Loaded
 * with the first press of a 修改 button (./record-edit.tsx), so no archive page loads form code before.
 */
import { electronicsCalls } from '@shared/calls/electronics';
import {
  classification,
  editableFieldsOf,
  metadataKind,
  type MetadataKind,
} from '@shared/domain/electronics';
import { metadataUpdateSchema } from '@shared/validation/electronics';
import type { LoadedDialogProps } from '@console/kit/deferred-dialog';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCallMutation } from '@console/kit/query';
import { text, type EditMetadataProps } from './records';

const labels = {
  name: '名称',
  alias: '别名',
  type: '类型',
  managingUnit: '管理单位',
  productionTime: '生产时间',
  coordinateSystem: '坐标系',
  scale: '比例尺',
  producer: '生产单位',
  dataSource: '数据来源',
  classification: '密级',
} as const;

type TextName = Exclude<keyof typeof labels, 'classification'>;

export default function EditMetadataDialog({
  record,
  onDone,
  ...dialog
}: EditMetadataProps & LoadedDialogProps) {
  const editable = editableFieldsOf(record.kind as MetadataKind) as readonly TextName[];
  const form = useContractForm(metadataUpdateSchema, {
    id: record.recordId,
    name: text(record.content.name),
    alias: text(record.content.alias),
    type: text(record.content.type),
    managingUnit: text(record.content.managingUnit),
    productionTime: text(record.content.productionTime),
    coordinateSystem: text(record.content.coordinateSystem),
    scale: text(record.content.scale),
    producer: text(record.content.producer),
    dataSource: text(record.content.dataSource),
    classification: record.classification,
  });
  const save = useCallMutation(electronicsCalls.recordUpdate, {
    invalidates: [electronicsCalls.caseDetail, electronicsCalls.recordList, electronicsCalls.caseList],
  });
  const name = text(record.content.name);
  return (
    <FormDialog
      {...dialog}
      title={`修改元数据：${name}`}
      description={`保存后追加为新版本，原版本保留在哈希链中（${metadataKind.label(record.kind)}）。`}
      form={form}
      fields={labels}
      submitLabel="保存为新版本"
      onSubmit={async (values) => onDone((await save.mutateAsync(values)).message)}
    >
      {editable.map((field) => (
        <TextField
          key={field}
          form={form}
          name={field}
          label={labels[field]}
          type={field === 'productionTime' ? 'date' : 'text'}
        />
      ))}
      <TextField
        form={form}
        name="classification"
        label="密级"
        options={classification.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
      />
    </FormDialog>
  );
}
