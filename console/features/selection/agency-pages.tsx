/**
 * /notdchy/DemandOption (agency): the price comparisons the agency is invited to; it quotes (amount
 * and a short plan) or revises its quote until the deadline. Other agencies' quotes are never shown.
 */
import { useState } from 'react';
import { selectionCalls, type InvitationRow } from '@shared/calls/selection';
import { selectionStateLabels } from '@shared/domain/selection';
import { formatDateTime, formatMoney } from '@shared/format';
import { Button } from '@shared/ui/button';
import { quoteSchema } from '@shared/validation/selection';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { type Column } from '@console/kit/data-table';

function QuoteDialog({ row, onDone }: { row: InvitationRow; onDone: (outcome: ActionOutcome) => void }) {
  const form = useContractForm(quoteSchema, {
    demandId: row.demandId,
    amount: row.myAmount ?? '',
    plan: row.myPlan ?? '',
  });
  const quote = useCallMutation(selectionCalls.quote, { invalidates: [selectionCalls.invitations] });
  const label = row.myAmount ? '修改报价' : '报价';
  return (
    <FormDialog
      trigger={
        <Button size="sm" aria-label={`${label} ${row.projectName}`}>
          {label}
        </Button>
      }
      title={`${label}：${row.projectName}`}
      description={`截止时间 ${formatDateTime(row.quoteDeadline)}。截止前可以修改，其他单位看不到您的报价。`}
      form={form}
      fields={{ amount: '报价金额（元）', plan: '服务方案' }}
      onSubmit={async (values) =>
        onDone({ tone: 'success', text: (await quote.mutateAsync(values)).message })
      }
    >
      <TextField form={form} name="amount" label="报价金额（元）" hint="最多两位小数，如 86000.00" />
      <TextField form={form} name="plan" label="服务方案" hint="人员、工期等，500 字以内" multiline />
    </FormDialog>
  );
}

const columns: readonly Column<InvitationRow>[] = [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'stageName', header: '审批阶段', cell: (row) => row.stageName },
  { key: 'itemNames', header: '测绘事项', cell: (row) => row.itemNames.join('、') },
  {
    key: 'quoteDeadline',
    header: '报价截止',
    cell: (row) => formatDateTime(row.quoteDeadline),
    nowrap: true,
  },
  {
    key: 'myAmount',
    header: '本机构报价（元）',
    cell: (row) => (row.myAmount ? formatMoney(row.myAmount) : '未报价'),
    nowrap: true,
  },
  {
    key: 'state',
    header: '状态',
    nowrap: true,
    cell: (row) =>
      row.won === true
        ? '已中选'
        : row.won === false
          ? '未中选'
          : row.open
            ? '报价中'
            : selectionStateLabels[row.state],
  },
];

export function AgencyDemandOptionPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      title="比选报价"
      caption="收到的比选报价邀请"
      description="建设单位以比选报价方式选取中介机构时，符合条件的机构会收到邀请。截止时报价最低者中选，报价相同的由随机抽取决定。"
      call={selectionCalls.invitations}
      columns={columns}
      rowKey={(row) => row.demandId}
      rowLabel={(row) => row.projectName}
      feedback={feedback}
      rowActions={(row) => (row.open ? <QuoteDialog row={row} onDone={setFeedback} /> : null)}
      emptyText="暂无比选报价邀请"
    />
  );
}
