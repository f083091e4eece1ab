/**
 * /fruitcatalog/manage (administrators): each survey item's result catalogue, the files an agency
 * submits for it (name, formats, 必交 or 选交, size limit). Saving writes a new version; projects whose
 * agency was already authorized keep the version they were fixed to.
 */
import { useState } from 'react';
import { catalogueCalls, type CatalogueVersion } from '@shared/calls/results';
import { formatDateTime, formatSize } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Field } from '@shared/ui/form';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { documentExtensions } from '@shared/validation/upload';
import { RecordPage, useCall, useCallMutation, type ActionOutcome } from '@console/kit';
import './results.css';

interface DraftEntry {
  name: string;
  formats: string;
  required: boolean;
  maxSizeMb: string;
}

const draftOf = (version: CatalogueVersion): DraftEntry[] =>
  version.entries.map((entry) => ({
    name: entry.name,
    formats: entry.formats.join(','),
    required: entry.required,
    maxSizeMb: String(Math.round(entry.maxSize / 1024 / 1024)),
  }));

function CatalogueEditor({
  version,
  onDone,
}: {
  version: CatalogueVersion;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [entries, setEntries] = useState<DraftEntry[]>(() => draftOf(version));
  const [remark, setRemark] = useState('');
  const save = useCallMutation(catalogueCalls.save, { invalidates: [catalogueCalls.list] });
  const change = (index: number, patch: Partial<DraftEntry>) =>
    setEntries((before) => before.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
  const prefix = `catalogue-${version.itemId}`;
  return (
    <form
      className="results-catalogue__editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save
          .mutateAsync({
            itemId: version.itemId,
            remark,
            entries: entries.map((entry) => ({
              name: entry.name,
              formats: entry.formats
                .split(/[,，\s]+/)
                .map((part) => part.trim().toLowerCase())
                .filter(Boolean) as (typeof documentExtensions)[number][],
              required: entry.required,
              maxSizeMb: entry.maxSizeMb,
            })),
          })
          .then(
            (answer) => onDone({ tone: 'success', text: `${version.itemName}：${answer.message}` }),
            (error: Error) => onDone({ tone: 'danger', text: error.message }),
          );
      }}
    >
      {entries.map((entry, i) => (
        <fieldset key={i} className="results-catalogue__entry">
          <legend>成果 {i + 1}</legend>
          <Field id={`${prefix}-name-${i}`} label="成果名称">
            {(control) => (
              <input {...control} value={entry.name} onChange={(e) => change(i, { name: e.target.value })} />
            )}
          </Field>
          <Field
            id={`${prefix}-formats-${i}`}
            label="接受格式"
            hint={`逗号分隔：${documentExtensions.join(',')}`}
          >
            {(control) => (
              <input
                {...control}
                value={entry.formats}
                onChange={(e) => change(i, { formats: e.target.value })}
              />
            )}
          </Field>
          <Field id={`${prefix}-size-${i}`} label="大小限制（MB）">
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={entry.maxSizeMb}
                onChange={(e) => change(i, { maxSizeMb: e.target.value })}
              />
            )}
          </Field>
          <label className="results-catalogue__required">
            <input
              type="checkbox"
              checked={entry.required}
              onChange={(e) => change(i, { required: e.target.checked })}
            />
            必交
          </label>
          <Button
            size="sm"
            variant="secondary"
            type="button"
            onClick={() => setEntries((before) => before.filter((_, k) => k !== i))}
          >
            移除成果 {i + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        size="sm"
        variant="secondary"
        type="button"
        onClick={() =>
          setEntries((before) => [...before, { name: '', formats: 'pdf', required: true, maxSizeMb: '50' }])
        }
      >
        添加成果
      </Button>
      <Field id={`${prefix}-remark`} label="版本说明">
        {(control) => (
          <input {...control} value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
        )}
      </Field>
      <Button type="submit" disabled={save.isPending}>
        保存为新版本
      </Button>
    </form>
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
