import { useState } from 'react';
import { auditOpinionCalls, type AuditOpinionRow } from '@shared/calls/audit-opinions';
import { formatDateTime } from '@shared/format';
import { auditOpinionAddSchema, auditOpinionTexts } from '@shared/validation/messages';
import { Button } from '@shared/ui/button';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { approvalOpinionTexts } from './texts';

const t = approvalOpinionTexts;

const columns: readonly Column<AuditOpinionRow>[] = [
  { key: 'content', header: t.content, cell: (row) => row.content, wide: true, sortable: true },
  { key: 'createUserName', header: t.createdBy, cell: (row) => row.createUserName ?? '—', nowrap: true },
  {
    key: 'createTime',
    header: t.createTime,
    cell: (row) => <time dateTime={row.createTime}>{formatDateTime(row.createTime)}</time>,
    sortValue: (row) => row.createTime,
    nowrap: true,
    sortable: true,
  },
];

/** /noticemanger/approvalOpinions: the audit-opinion templates reviewers pick from. */
export function ApprovalOpinionsPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const touched = { invalidates: [auditOpinionCalls.list] };
  const add = useCallMutation(auditOpinionCalls.add, touched);
  const remove = useCallMutation(auditOpinionCalls.remove, touched);
  const removeMany = useCallMutation(auditOpinionCalls.removeMany, touched);
  const form = useContractForm(auditOpinionAddSchema, { content: '' });

  return (
    <ListPage
      title={t.title}
      caption={t.title}
      description={t.description}
      call={auditOpinionCalls.list}
      filters={[{ name: 'content', label: t.search, placeholder: t.searchPlaceholder }]}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => t.select(row.content)}
      emptyText={(filtered) => (filtered ? t.emptySearch : t.empty)}
      feedback={feedback}
      actions={
        <FormDialog
          trigger={<Button>{t.add}</Button>}
          title={t.addTitle}
          description={t.description}
          form={form}
          fields={{ content: t.content }}
          submitLabel={t.save}
          onSubmit={async (values) => {
            const { message } = await add.mutateAsync(values);
            setFeedback({ tone: 'success', text: message || auditOpinionTexts.addSuccess });
          }}
        >
          <TextField form={form} name="content" label={t.content} hint={t.contentHint} multiline />
        </FormDialog>
      }
      rowActions={(row) => (
        <ConfirmAction
          label={t.deleteOne}
          title={t.deleteTitle}
          question={auditOpinionTexts.deleteConfirm}
          variant="danger"
          action={() => remove.mutateAsync({ id: row.pkid })}
          onDone={setFeedback}
        />
      )}
      bulkActions={(selected, clear) =>
        selected.length === 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setFeedback({ tone: 'warning', text: auditOpinionTexts.selectToDelete })}
          >
            {t.deleteSelected}
          </Button>
        ) : (
          <ConfirmAction
            label={t.deleteSelected}
            title={t.deleteTitle}
            question={auditOpinionTexts.batchDeleteConfirm(selected.length)}
            variant="danger"
            action={async () => {
              const outcome = await removeMany.mutateAsync({
                ids: selected.map((row) => row.pkid).join(','),
              });
              clear();
              return outcome;
            }}
            onDone={setFeedback}
          />
        )
      }
    />
  );
}
