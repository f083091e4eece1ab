import { useState } from 'react';
import { casServiceCalls, type CasServiceRow } from '@shared/calls/cas';
import {
  casAttributeLabels,
  casAttributeNames,
  casServiceFormSchema,
  type CasServiceForm,
} from '@shared/validation/cas';
import { Button } from '@shared/ui/button';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { fieldError, FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { casServiceTexts } from './texts';

const t = casServiceTexts;

const columns: readonly Column<CasServiceRow>[] = [
  { key: 'name', header: t.name, cell: (row) => row.name },
  { key: 'serviceId', header: t.serviceId, cell: (row) => <code>{row.serviceId}</code>, wide: true },
  {
    key: 'attributes',
    header: t.attributes,
    cell: (row) => (row.attributes.length > 0 ? row.attributes.join('、') : t.none),
  },
  { key: 'logoutUrl', header: t.logoutUrl, cell: (row) => row.logoutUrl ?? '—' },
  { key: 'enabled', header: t.status, cell: (row) => (row.enabled ? t.on : t.off), nowrap: true },
  { key: 'source', header: t.source, cell: (row) => t.sources[row.source], nowrap: true },
];

const blank: CasServiceForm = { name: '', serviceId: '', attributes: [], logoutUrl: '', enabled: true };

function formValues(row: CasServiceRow): CasServiceForm {
  return {
    name: row.name,
    serviceId: row.serviceId,
    attributes: row.attributes,
    logoutUrl: row.logoutUrl ?? '',
    enabled: row.enabled,
  };
}

/** 新增 or 修改 one service: the shared schema validates here and again on the server. */
function ServiceDialog({ row, onSaved }: { row?: CasServiceRow; onSaved: (outcome: ActionOutcome) => void }) {
  const save = useCallMutation(casServiceCalls.save, { invalidates: [casServiceCalls.list] });
  const form = useContractForm(casServiceFormSchema, row ? formValues(row) : blank);
  const attributesError = fieldError(form, 'attributes');
  return (
    <FormDialog
      trigger={
        row ? (
          <Button size="sm" variant="secondary">
            {t.edit}
          </Button>
        ) : (
          <Button>{t.add}</Button>
        )
      }
      title={row ? t.editTitle(row.name) : t.addTitle}
      description={t.description}
      form={form}
      fields={{
        name: t.name,
        serviceId: t.serviceId,
        attributes: t.attributes,
        logoutUrl: t.logoutUrl,
        enabled: t.enabled,
      }}
      submitLabel={t.save}
      onSubmit={async (values) => {
        const { message } = await save.mutateAsync(row ? { ...values, id: row.id } : values);
        onSaved({ tone: 'success', text: message || casServiceTexts.save });
      }}
    >
      <TextField form={form} name="name" label={t.name} />
      <TextField form={form} name="serviceId" label={t.serviceId} hint={t.serviceIdHint} />
      <fieldset
        className="ui-field ui-choice-group"
        aria-describedby={attributesError ? 'cas-attributes-error' : undefined}
      >
        <legend>{t.attributes}</legend>
        <p className="ui-field__hint">{t.attributesHint}</p>
        {casAttributeNames.map((name) => (
          <label key={name} className="ui-choice">
            <input type="checkbox" value={name} {...form.register('attributes')} /> {casAttributeLabels[name]}
          </label>
        ))}
        {attributesError ? (
          <p id="cas-attributes-error" className="ui-field__error">
            {attributesError}
          </p>
        ) : null}
      </fieldset>
      <TextField form={form} name="logoutUrl" label={t.logoutUrl} hint={t.logoutUrlHint} />
      <label className="ui-choice">
        <input type="checkbox" {...form.register('enabled')} /> {t.enabled}
      </label>
    </FormDialog>
  );
}

/**
 * /system/casServices: the systems that may sign their users on through our CAS (issue 11). Rows
 * from the configuration files and the built-in one are shown read-only.
 */
export function CasServicesPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const remove = useCallMutation(casServiceCalls.remove, { invalidates: [casServiceCalls.list] });
  return (
    <ListPage
      title={t.title}
      caption={t.title}
      description={t.description}
      call={casServiceCalls.list}
      columns={columns}
      rowKey={(row) => `${row.source}-${row.id}`}
      rowLabel={(row) => t.select(row.name)}
      emptyText={t.empty}
      feedback={feedback}
      actions={<ServiceDialog onSaved={setFeedback} />}
      rowActions={(row) =>
        row.source === 'console' ? (
          <>
            <ServiceDialog row={row} onSaved={setFeedback} />
            <ConfirmAction
              label={t.remove}
              title={t.removeTitle}
              question={t.removeQuestion(row.name)}
              variant="danger"
              action={() => remove.mutateAsync({ id: row.id })}
              onDone={setFeedback}
            />
          </>
        ) : null
      }
    />
  );
}
