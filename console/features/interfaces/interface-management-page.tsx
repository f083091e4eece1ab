/**
 * /dataExchangeSystem/interfaceManagement: the data interfaces other government systems query
 * (docs/interfaces.md): list, 新增 / 修改 with field and condition pickers, 启用 / 停用, 删除; and the
 * consuming systems with their keys (a new key is shown once), 吊销. Administrators.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { interfaceCalls, type ConsumerRow, type InterfaceRow } from '@shared/calls/interfaces';
import { consumerSaveSchema, type ConsumerSaveInput } from '@shared/validation/interfaces';
import { formatDate, formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice } from '@shared/ui/page';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { InterfaceDialog } from './interface-dialog';

export const detailPath = (id: number) => `/dataExchangeSystem/interfaceDetails?id=${id}`;

const interfaceColumns: readonly Column<InterfaceRow>[] = [
  {
    key: 'name',
    header: '接口名称',
    cell: (row) => <Link to={detailPath(row.id)}>{row.name}</Link>,
    wide: true,
  },
  { key: 'code', header: '接口编码', cell: (row) => <code>{row.code}</code>, nowrap: true },
  { key: 'datasetLabel', header: '数据集', cell: (row) => row.datasetLabel, nowrap: true },
  { key: 'fields', header: '返回字段', cell: (row) => `${row.fields.length} 个` },
  {
    key: 'conditions',
    header: '参数',
    cell: (row) =>
      row.conditions
        .filter((c) => c.source === 'param')
        .map((c) => c.param)
        .join('、') || '无',
  },
  {
    key: 'enabled',
    header: '状态',
    cell: (row) => (
      <span className={`kit-badge kit-badge--${row.enabled ? 'success' : 'neutral'}`}>
        {row.enabled ? '已启用' : '已停用'}
      </span>
    ),
    nowrap: true,
  },
  { key: 'updatedAt', header: '修改时间', cell: (row) => formatDateTime(row.updatedAt), nowrap: true },
];

const consumerStates = {
  active: { label: '有效', tone: 'success' },
  expired: { label: '已过期', tone: 'warning' },
  revoked: { label: '已吊销', tone: 'danger' },
} as const;

const consumerColumns: readonly Column<ConsumerRow>[] = [
  { key: 'name', header: '接入系统', cell: (row) => row.name, wide: true },
  { key: 'contact', header: '联系人', cell: (row) => row.contact ?? '' },
  { key: 'keyPrefix', header: '密钥', cell: (row) => <code>{row.keyPrefix}…</code>, nowrap: true },
  { key: 'expiresAt', header: '有效期至', cell: (row) => formatDate(row.expiresAt), nowrap: true },
  { key: 'rateLimit', header: '频率上限', cell: (row) => `${row.rateLimit} 次/分钟`, nowrap: true },
  {
    key: 'state',
    header: '状态',
    cell: (row) => (
      <span className={`kit-badge kit-badge--${consumerStates[row.state].tone}`}>
        {consumerStates[row.state].label}
      </span>
    ),
    nowrap: true,
  },
  {
    key: 'lastUsedAt',
    header: '最近调用',
    cell: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : '从未调用'),
    nowrap: true,
  },
];

function inAYear(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** 新增接入系统: on success the key is shown once, above the list. */
function ConsumerDialog({
  onCreated,
}: {
  onCreated: (created: { name: string; key: string; message: string }) => void;
}) {
  const add = useCallMutation(interfaceCalls.addConsumer, { invalidates: [interfaceCalls.consumers] });
  const blank: ConsumerSaveInput = { name: '', contact: '', expiresOn: inAYear(), rateLimit: '60' };
  const form = useContractForm(consumerSaveSchema, blank);
  return (
    <FormDialog
      trigger={<Button variant="secondary">新增接入系统</Button>}
      title="新增接入系统"
      description="保存后生成该系统的密钥，只显示一次；系统中只保存密钥的摘要。"
      form={form}
      fields={{
        name: '接入系统名称',
        contact: '联系人',
        expiresOn: '有效期至',
        rateLimit: '每分钟调用次数上限',
      }}
      submitLabel="生成密钥"
      onSubmit={async (values) => {
        const { data, message } = await add.mutateAsync(values);
        onCreated({ name: data.name, key: data.key, message });
      }}
    >
      <TextField form={form} name="name" label="接入系统名称" />
      <TextField form={form} name="contact" label="联系人" />
      <TextField form={form} name="expiresOn" label="有效期至" type="date" />
      <TextField form={form} name="rateLimit" label="每分钟调用次数上限" type="number" />
    </FormDialog>
  );
}

function NewKey({
  created,
  onClose,
}: {
  created: { name: string; key: string; message: string };
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Card aria-label="新密钥">
      <Notice tone="info">
        <p>
          {created.message}（{created.name}）
        </p>
        <p>
          <code data-testid="new-key">{created.key}</code>
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(created.key).then(() => setCopied(true))}
        >
          {copied ? '已复制' : '复制密钥'}
        </Button>{' '}
        <Button size="sm" variant="secondary" onClick={onClose}>
          我已保存，关闭
        </Button>
      </Notice>
    </Card>
  );
}

export function InterfaceManagementPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const [keyFeedback, setKeyFeedback] = useState<ActionOutcome | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string; message: string } | null>(null);
  const remove = useCallMutation(interfaceCalls.remove, { invalidates: [interfaceCalls.list] });
  const setEnabled = useCallMutation(interfaceCalls.setEnabled, {
    invalidates: [interfaceCalls.list, interfaceCalls.get],
  });
  const revoke = useCallMutation(interfaceCalls.revokeConsumer, { invalidates: [interfaceCalls.consumers] });
  return (
    <>
      <ListPage
        title="接口管理"
        caption="数据共享接口"
        description="供其他政务系统查询本系统数据的接口：每个接口开放一个数据集的部分字段，按条件查询。接入系统以各自的密钥调用，调用记录见接口详情。"
        call={interfaceCalls.list}
        filters={[{ name: 'name', label: '接口名称或编码' }]}
        columns={interfaceColumns}
        rowKey={(row) => row.id}
        rowLabel={(row) => `选择 ${row.name}`}
        emptyText="还没有接口"
        feedback={feedback}
        actions={<InterfaceDialog onSaved={setFeedback} />}
        rowActions={(row) => (
          <>
            <InterfaceDialog row={row} onSaved={setFeedback} />
            <ConfirmAction
              label={row.enabled ? '停用' : '启用'}
              ariaLabel={`${row.enabled ? '停用' : '启用'} ${row.name}`}
              title={row.enabled ? '停用接口' : '启用接口'}
              question={
                row.enabled
                  ? `确定停用“${row.name}”吗？停用后接入系统调用将收到“接口不存在或已停用”。`
                  : `确定启用“${row.name}”吗？`
              }
              action={() => setEnabled.mutateAsync({ id: row.id, enabled: !row.enabled })}
              onDone={setFeedback}
            />
            <ConfirmAction
              label="删除"
              ariaLabel={`删除 ${row.name}`}
              variant="danger"
              title="删除接口"
              question={`确定删除“${row.name}”吗？删除后接入系统不能再调用，访问日志保留。`}
              action={() => remove.mutateAsync({ id: row.id })}
              onDone={setFeedback}
            />
          </>
        )}
      />
      {created ? <NewKey created={created} onClose={() => setCreated(null)} /> : null}
      <ListPage
        title="接入系统与密钥"
        caption="接入系统"
        description="每个接入系统有自己的密钥、有效期和调用频率上限；吊销后立即失效。"
        call={interfaceCalls.consumers}
        urlPrefix="consumers"
        columns={consumerColumns}
        rowKey={(row) => row.id}
        rowLabel={(row) => `选择 ${row.name}`}
        emptyText="还没有接入系统"
        feedback={keyFeedback}
        actions={
          <ConsumerDialog
            onCreated={(made) => {
              setCreated(made);
              setKeyFeedback(null);
            }}
          />
        }
        rowActions={(row) =>
          row.state === 'revoked' ? null : (
            <ConfirmAction
              label="吊销"
              ariaLabel={`吊销 ${row.name} 的密钥`}
              variant="danger"
              title="吊销密钥"
              question={`确定吊销“${row.name}”的密钥吗？吊销后该系统的调用立即被拒绝，不能恢复。`}
              action={() => revoke.mutateAsync({ id: row.id })}
              onDone={setKeyFeedback}
            />
          )
        }
      />
    </>
  );
}
