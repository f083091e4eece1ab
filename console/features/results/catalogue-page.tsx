/**
 * /fruitcatalog/manage (administrators): each survey item's result catalogue, the files an agency
 * submits for it (name, formats, 必交 or 选交, size limit). Saving writes a new version; projects whose
 * agency was already authorized keep the version they were fixed to.
 */
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { catalogueCalls, type CatalogueVersion } from '@shared/calls/results';
import { formatDateTime, formatSize } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { documentExtensions } from '@shared/validation/upload';
import { catalogueSaveSchema } from '@shared/validation/results';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { RecordPage } from '@console/kit/record-page';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import './results.css';

/**
 * The editor's values: the save's, with each entry's formats as the typed text ("pdf,dwg"). They are
 * split into the list and then validated by the save's own schema (the server's rules and messages).
 */
const editorSchema = z
  .object({
    itemId: z.number(),
    remark: z.string(),
    entries: z.array(
      z.object({ name: z.string(), formats: z.string(), required: z.boolean(), maxSizeMb: z.string() }),
    ),
  })
  .transform((values): z.input<typeof catalogueSaveSchema> => ({
    ...values,
    entries: values.entries.map((entry) => ({
      ...entry,
      formats: entry.formats
        .split(/[,，\s]+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean) as (typeof documentExtensions)[number][],
    })),
  }))
  .pipe(catalogueSaveSchema);

const draftOf = (version: CatalogueVersion) => ({
  itemId: version.itemId,
  remark: '',
  entries: version.entries.map((entry) => ({
    name: entry.name,
    formats: entry.formats.join(','),
    required: entry.required,
    maxSizeMb: String(Math.round(entry.maxSize / 1024 / 1024)),
  })),
});

/** The labels of the editor's fields, in the order it shows them (the error summary's order). */
function fieldLabels(count: number): Record<string, string> {
  // A rule of the whole list (one entry at least, one required) lands on its root, not on a row.
  const labels: Record<string, string> = { 'entries.root': '成果' };
  for (let i = 0; i < count; i++) {
    labels[`entries.${i}.name`] = `成果 ${i + 1} 名称`;
    labels[`entries.${i}.formats`] = `成果 ${i + 1} 接受格式`;
    labels[`entries.${i}.maxSizeMb`] = `成果 ${i + 1} 大小限制`;
  }
  return { ...labels, remark: '版本说明' };
}

function CatalogueEditor({
  version,
  onDone,
}: {
  version: CatalogueVersion;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const form = useContractForm(editorSchema, draftOf(version));
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  const save = useCallMutation(catalogueCalls.save, { invalidates: [catalogueCalls.list] });
  return (
    <div className="results-catalogue__editor">
      <KitForm
        form={form}
        fields={fieldLabels(entries.fields.length)}
        submitLabel="保存为新版本"
        onSubmit={async (values) => {
          const answer = await save.mutateAsync(values);
          onDone({ tone: 'success', text: `${version.itemName}：${answer.message}` });
        }}
      >
        {entries.fields.map((entry, i) => (
          <fieldset key={entry.id} className="results-catalogue__entry">
            <legend>成果 {i + 1}</legend>
            <TextField form={form} name={`entries.${i}.name`} label="成果名称" />
            <TextField
              form={form}
              name={`entries.${i}.formats`}
              label="接受格式"
              hint={`逗号分隔：${documentExtensions.join(',')}`}
            />
            <TextField form={form} name={`entries.${i}.maxSizeMb`} label="大小限制（MB）" />
            <label className="results-catalogue__required">
              <input type="checkbox" {...form.register(`entries.${i}.required`)} />
              必交
            </label>
            <Button size="sm" variant="secondary" type="button" onClick={() => entries.remove(i)}>
              移除成果 {i + 1}
            </Button>
          </fieldset>
        ))}
        <Button
          size="sm"
          variant="secondary"
          type="button"
          onClick={() => entries.append({ name: '', formats: 'pdf', required: true, maxSizeMb: '50' })}
        >
          添加成果
        </Button>
        <TextField form={form} name="remark" label="版本说明" />
      </KitForm>
    </div>
  );
}

function CatalogueCard({
  version,
  onDone,
}: {
  version: CatalogueVersion;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="results-catalogue" aria-label={version.itemName}>
      <div className="results-item__head">
        <h2 className="results-item__title">
          {version.stageName} · {version.itemName}
        </h2>
        <span>
          第 {version.version} 版 · {formatDateTime(version.createdAt)}
          {version.createdByName ? ` · ${version.createdByName}` : ''}
        </span>
      </div>
      <table className="results-catalogue__table">
        <caption className="visually-hidden">{version.itemName}的成果目录</caption>
        <thead>
          <tr>
            <th scope="col">成果名称</th>
            <th scope="col">格式</th>
            <th scope="col">必交</th>
            <th scope="col">大小限制</th>
          </tr>
        </thead>
        <tbody>
          {version.entries.map((entry) => (
            <tr key={entry.entryId}>
              <td>{entry.name}</td>
              <td>{entry.formats.join('、')}</td>
              <td>{entry.required ? '必交' : '选交'}</td>
              <td>{formatSize(entry.maxSize)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <CatalogueEditor
          version={version}
          onDone={(outcome) => {
            if (outcome.tone === 'success') setEditing(false);
            onDone(outcome);
          }}
        />
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`编辑 ${version.itemName}`}
          onClick={() => setEditing(true)}
        >
          编辑
        </Button>
      )}
    </Card>
  );
}

export function CatalogueManagePage() {
  const list = useCall(catalogueCalls.list, {});
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  return (
    <RecordPage record={list} title="成果目录管理">
      {(versions) => (
        <>
          <PageHeader
            title="成果目录管理"
            description="每个测绘事项须提交的成果文件。保存即生成新版本；已授权项目的成果目录在授权时固定，不随之改变。"
          />
          {outcome ? (
            <Notice tone={outcome.tone === 'danger' ? 'danger' : 'info'}>{outcome.text}</Notice>
          ) : null}
          {versions.map((version) => (
            <CatalogueCard key={version.versionId} version={version} onDone={setOutcome} />
          ))}
        </>
      )}
    </RecordPage>
  );
}
