/**
 * 调整密级 of an archive case (the keepers), in a dialog; loaded with the first press of its button
 * (case-pages.tsx), so the case page loads no form code before.
 */
import { electronicsCalls, type ArchiveCaseDetail } from '@shared/calls/electronics';
import { classification } from '@shared/domain/electronics';
import { archiveCaseClassifySchema } from '@shared/validation/electronics';
import type { LoadedDialogProps } from '@console/kit/deferred-dialog';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCallMutation } from '@console/kit/query';

export default function ClassifyCase({
  found,
  onDone,
  ...dialog
}: LoadedDialogProps & {
  found: ArchiveCaseDetail;
  onDone: (text: string) => void;
}) {
  const form = useContractForm(archiveCaseClassifySchema, {
    id: found.caseId,
    classification: found.classification,
  });
  const classify = useCallMutation(electronicsCalls.caseClassify, {
    invalidates: [electronicsCalls.caseDetail, electronicsCalls.caseList],
  });
  return (
    <FormDialog
      {...dialog}
      title={`调整档案 ${found.caseNo} 的密级`}
      description="档案的密级决定谁能在档案列表中找到它：审核人员只能看到公开档案。调整会记入档案的操作记录。"
      form={form}
      fields={{ classification: '密级' }}
      submitLabel="保存"
      onSubmit={async (values) => onDone((await classify.mutateAsync(values)).message)}
    >
      <TextField
        form={form}
        name="classification"
        label="密级"
        options={classification.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
      />
    </FormDialog>
  );
}
