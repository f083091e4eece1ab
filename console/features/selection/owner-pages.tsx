/**
 * /demandmanger/demandOption (owner): the released demands and how each one's agency is selected;
 * with ?demandId= one demand: pick the method, see the eligible agencies, choose, draw, follow the
 * price comparison and see the quotes once it closed.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  selectionCalls,
  type EligibleAgency,
  type OwnerDemandRow,
  type OwnerSelection,
} from '@shared/calls/selection';
import { selectionMethodLabels, selectionStateLabels, type SelectionMethod } from '@shared/domain/selection';
import { formatDateTime, formatMoney } from '@shared/format';
import { Button, buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { extendSchema, setMethodSchema } from '@shared/validation/selection';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DataTable, type Column } from '@console/kit/data-table';
import { FormDialog, KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { RecordPage } from '@console/kit/record-page';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { DrawRecordView } from '@console/components/selection/draw-record';
import { SelectionMethodFields } from '@console/components/selection/method-fields';
import '@console/components/selection/selection.css';

const PAGE = '/demandmanger/demandOption';
/** The next step once the agency is selected: the 委托 form of the project (authorizations). */
const authorizePath = (projectId: number) => `/notdchy/DemandDetails?projectId=${projectId}`;

const listColumns: readonly Column<OwnerDemandRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={`${PAGE}?demandId=${row.demandId}`}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'stageName', header: '审批阶段', cell: (row) => row.stageName },
  { key: 'itemNames', header: '测绘事项', cell: (row) => row.itemNames.join('、') },
  {
    key: 'method',
    header: '选取方式',
    cell: (row) => (row.method ? selectionMethodLabels[row.method] : '未选择'),
    nowrap: true,
  },
  {
    key: 'state',
    header: '选取状态',
    cell: (row) => (row.state ? selectionStateLabels[row.state] : '待选择方式'),
    nowrap: true,
  },
  { key: 'winnerName', header: '中选机构', cell: (row) => row.winnerName ?? '' },
  {
    key: 'next',
    header: '下一步',
    cell: (row) =>
      row.state === 'done' ? (
        <Link
          to={authorizePath(row.projectId)}
          aria-label={`${row.authorized ? '查看委托' : '委托授权'} ${row.projectName}`}
        >
          {row.authorized ? '查看委托' : '委托授权'}
        </Link>
      ) : (
        ''
      ),
    nowrap: true,
  },
  {
    key: 'quoteDeadline',
    header: '报价截止',
    cell: (row) => (row.quoteDeadline ? formatDateTime(row.quoteDeadline) : ''),
    nowrap: true,
  },
];

export function DemandOptionPage() {
  const [search] = useSearchParams();
  const demandId = Number(search.get('demandId'));
  if (Number.isInteger(demandId) && demandId > 0) return <SelectionDetail demandId={demandId} />;
  return (
    <ListPage
      title="中介选取"
      caption="已发布需求的中介选取"
      description="为已发布的测绘需求选择中介机构：直接选取、随机抽取或比选报价。点击项目名称办理。"
      call={selectionCalls.ownerList}
      columns={listColumns}
      rowKey={(row) => row.demandId}
      rowLabel={(row) => row.projectName}
      emptyText="暂无已发布的测绘需求"
    />
  );
}

const touched = {
  invalidates: [selectionCalls.ownerSelection, selectionCalls.ownerList, selectionCalls.drawRecord],
};

function MethodForm({
  selection,
  onDone,
  only,
}: {
  selection: OwnerSelection;
  onDone: (outcome: ActionOutcome) => void;
  only?: SelectionMethod;
}) {
  const methods = only ? [only] : selection.allowedMethods;
  const form = useContractForm(setMethodSchema, {
    demandId: selection.demandId,
    method: methods[0],
    quoteDeadline: '',
  });
  const save = useCallMutation(selectionCalls.setMethod, touched);
  return (
    <KitForm
      form={form}
      fields={{ method: '选取方式', quoteDeadline: '报价截止时间' }}
      submitLabel={only ? '改为直接选取' : '确定选取方式'}
      guardLeaving={false}
      onSubmit={async (values) => {
        const answer = await save.mutateAsync({
          demandId: values.demandId,
          method: values.method,
          ...(values.quoteDeadline ? { quoteDeadline: values.quoteDeadline.toISOString() } : {}),
        });
        onDone({ tone: 'success', text: answer.message });
      }}
    >
      <SelectionMethodFields form={form} methods={methods} label="选取方式" />
    </KitForm>
  );
}

function rate(agency: EligibleAgency): string {
  return agency.passRate === null
    ? '暂无'
    : `${(agency.passRate * 100).toFixed(1)}%（${agency.adopted}/${agency.decided}）`;
}

function EligibleList({
  selection,
  onDone,
  choosing,
}: {
  selection: OwnerSelection;
  onDone: (outcome: ActionOutcome) => void;
  choosing: boolean;
}) {
  const agencies = useCall(selectionCalls.getAgentOrganizationByItems, { demandId: selection.demandId });
  const choose = useCallMutation(selectionCalls.choose, touched);
  const columns: Column<EligibleAgency>[] = [
    { key: 'organizationId', header: '编号', cell: (a) => a.organizationId, nowrap: true },
    {
      key: 'orgName',
      header: '机构名称',
      cell: (a) => <a href={`/intermediaryhall/orgdetail?id=${a.organizationId}`}>{a.orgName}</a>,
      wide: true,
    },
    { key: 'passRate', header: '成果通过率', cell: rate },
    { key: 'workload', header: '在办项目', cell: (a) => a.workload },
    ...(choosing
      ? [
          {
            key: 'choose',
            header: '操作',
            cell: (a: EligibleAgency) => (
              <ConfirmAction
                label="选定"
                ariaLabel={`选定 ${a.orgName}`}
                title="直接选取中介机构"
                question={`确定选定“${a.orgName}”承担该需求的测绘吗？选定后不能更改。`}
                action={() =>
                  choose.mutateAsync({ demandId: selection.demandId, organizationId: a.organizationId })
                }
                onDone={onDone}
              />
            ),
          },
        ]
      : []),
  ];
  if (agencies.error) return <Notice tone="danger">{agencies.error.message}</Notice>;
  return (
    <Card>
      <h2 className="selection-title">符合条件的中介机构（{agencies.data?.length ?? '…'} 家）</h2>
      <p className="selection-muted">
        审核通过、业务范围覆盖本需求全部测绘事项、无失信、不合格或黑名单记录的机构。
      </p>
      <DataTable
        caption="符合条件的中介机构"
        columns={columns}
        rows={agencies.data ?? []}
        rowKey={(a) => a.organizationId}
      />
      {agencies.data?.length === 0 ? <Notice>没有符合条件的中介机构</Notice> : null}
    </Card>
  );
}

function ExtendDialog({
  selection,
  onDone,
}: {
  selection: OwnerSelection;
  onDone: (o: ActionOutcome) => void;
}) {
  const form = useContractForm(extendSchema, { demandId: selection.demandId, quoteDeadline: '' });
  const extend = useCallMutation(selectionCalls.extend, touched);
  return (
    <FormDialog
      trigger={<Button variant="secondary">延长报价截止时间</Button>}
      title="延长报价截止时间"
      description="报价不足三家时可以延长一次。"
      form={form}
      fields={{ quoteDeadline: '新的截止时间' }}
      onSubmit={async (values) =>
        onDone({
          tone: 'success',
          text: (
            await extend.mutateAsync({
              demandId: values.demandId,
              quoteDeadline: values.quoteDeadline.toISOString(),
            })
          ).message,
        })
      }
    >
      <TextField form={form} name="quoteDeadline" label="新的截止时间" hint="北京时间，如 2026-12-05T17:00" />
    </FormDialog>
  );
}

function QuoteTable({ selection }: { selection: OwnerSelection }) {
  return (
    <Card>
      <h2 className="selection-title">报价（截止后公开）</h2>
      <DataTable
        caption="各机构报价"
        columns={[
          { key: 'orgName', header: '机构名称', cell: (q) => q.orgName, wide: true },
          { key: 'amount', header: '报价（元）', cell: (q) => formatMoney(q.amount), nowrap: true },
          { key: 'plan', header: '服务方案', cell: (q) => q.plan },
          { key: 'quotedAt', header: '报价时间', cell: (q) => formatDateTime(q.quotedAt), nowrap: true },
        ]}
        rows={selection.quotes ?? []}
        rowKey={(q) => q.organizationId}
      />
      {selection.quotes?.length === 0 ? <Notice>没有收到报价</Notice> : null}
    </Card>
  );
}

/** Once the agency is selected, the owner is led to the 委托 (or to its record once offered). */
function NextStep({ selection }: { selection: OwnerSelection }) {
  const winner = selection.record?.winnerName ?? '中选机构';
  return (
    <Card>
      <h2 className="selection-title">下一步：委托授权</h2>
      {selection.authorized ? (
        <p>已向{winner}发出委托。机构接受委托后起草合同，合同送达后在“待办合同”中确认。</p>
      ) : (
        <p>已选定{winner}。请向该机构发出委托（授权），机构接受后即可起草合同。</p>
      )}
      <div className="selection-actions">
        <Link className={buttonClass()} to={authorizePath(selection.projectId)}>
          {selection.authorized ? '查看委托记录' : '去委托授权'}
        </Link>
      </div>
    </Card>
  );
}

function SelectionDetail({ demandId }: { demandId: number }) {
  const selection = useRecord(selectionCalls.ownerSelection, { demandId });
  return (
    <RecordPage record={selection} title="中介选取">
      {(data) => <SelectionView selection={data} />}
    </RecordPage>
  );
}

function SelectionView({ selection }: { selection: OwnerSelection }) {
  const { demandId } = selection;
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const draw = useCallMutation(selectionCalls.draw, touched);
  const acceptLowest = useCallMutation(selectionCalls.acceptLowest, touched);
  const record = selection.record;
  const state = record?.state;
  return (
    <>
      <PageHeader
        title={`${selection.projectName} · 中介选取`}
        description={`项目编号 ${selection.projectNo}${record ? `；${selectionMethodLabels[record.method]}，${selectionStateLabels[record.state]}` : '；尚未选择选取方式'}`}
        actions={<Link to={PAGE}>返回列表</Link>}
      />
      {outcome ? <Notice tone={outcome.tone === 'danger' ? 'danger' : 'info'}>{outcome.text}</Notice> : null}
      {!record ? (
        <Card>
          <h2 className="selection-title">选择选取方式</h2>
          <MethodForm selection={selection} onDone={setOutcome} />
        </Card>
      ) : null}
      {record && state === 'open' && record.method === 'draw' ? (
        <Card>
          <h2 className="selection-title">随机抽取</h2>
          <p>
            抽取时系统冻结下方符合条件的机构名单并公开随机数，任何人都可以按公示记录复核结果。每个需求只能抽取一次。
          </p>
          <ConfirmAction
            label="开始抽取"
            variant="primary"
            size="md"
            title="随机抽取中介机构"
            question="确定现在抽取吗？抽取结果即时公示，不能重新抽取。"
            action={() => draw.mutateAsync({ demandId })}
            onDone={setOutcome}
          />
        </Card>
      ) : null}
      {record && state === 'quoting' ? (
        <Notice>
          比选报价进行中：已邀请 {selection.invitedCount} 家机构，已收到 {selection.quoteCount}{' '}
          份报价，截止时间 {formatDateTime(record.quoteDeadline)}
          。截止前报价内容保密，截止时系统自动确定报价最低的机构。
        </Notice>
      ) : null}
      {record && state === 'insufficient' ? (
        <Card>
          <h2 className="selection-title">报价不足三家</h2>
          <p>
            截止时有效报价不足三家。您可以{selection.deadlineExtended ? '' : '延长一次截止时间、'}改为直接选取
            {(selection.quotes?.length ?? 0) > 0 ? '，或按最低报价确定中选机构' : ''}。
          </p>
          <div className="selection-actions">
            {selection.deadlineExtended ? null : <ExtendDialog selection={selection} onDone={setOutcome} />}
            {(selection.quotes?.length ?? 0) > 0 ? (
              <ConfirmAction
                label="按最低报价确定"
                size="md"
                title="按最低报价确定"
                question="确定由报价最低的机构中选吗？"
                action={() => acceptLowest.mutateAsync({ demandId })}
                onDone={setOutcome}
              />
            ) : null}
          </div>
          <MethodForm selection={selection} onDone={setOutcome} only="direct" />
        </Card>
      ) : null}
      {record && state === 'open' && record.method === 'direct' ? (
        <EligibleList selection={selection} onDone={setOutcome} choosing />
      ) : null}
      {record && state === 'open' && record.method === 'draw' ? (
        <EligibleList selection={selection} onDone={setOutcome} choosing={false} />
      ) : null}
      {record && state === 'done' ? <NextStep selection={selection} /> : null}
      {selection.quotes ? <QuoteTable selection={selection} /> : null}
      {record ? <DrawRecordView record={record} /> : null}
    </>
  );
}
