/**
 * The contract flow views (issue 14): /contract/flowProcess (the filing process as a diagram with how
 * many of the user's contracts stand at each step), /contract/ContractListFlow (the contracts with
 * their current step and who holds it, filtered and paged) and /contract/ContractListFlowOne (one
 * contract's steps and its timeline: drafting, confirmation, filing with the reviewers' opinions and
 * transfers, filing changes).
 */
import { Link } from 'react-router';
import { contractFlowCalls, type FlowOne, type FlowRow } from '@shared/calls/contracts';
import { formatDateTime, formatMoney } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { flowStepKeys } from '@shared/validation/contract-changes';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { changeLink } from './change-pages';
import { useMayCall } from '@console/lib/current-user';
import './contracts.css';

/** Where the page leads back to after a refusal. */
const flowList = { to: '/contract/ContractListFlow', label: '返回合同流转' };

const stepLabels: Record<string, string> = {
  drafting: '起草合同',
  confirming: '建设单位确认',
  submitting: '提交备案',
  reviewing: '备案审核',
  returned: '备案退回修改',
  filed: '已备案',
  changing: '备案变更审核',
  terminated: '已终止',
};

const flowOneLink = (contractId: number) => `/contract/ContractListFlowOne?contractId=${contractId}`;

function StepTag({ step, label }: { step: string; label: string }) {
  return <span className={`ct-step ct-step--${step}`}>{label}</span>;
}

/** /contract/flowProcess: the process diagram with the counts of the user's contracts at each step. */
export function FlowProcessPage() {
  const summary = useCall(contractFlowCalls.summary, {});
  const mayList = useMayCall(contractFlowCalls.query.access);
  const main = ['drafting', 'confirming', 'submitting', 'reviewing', 'filed', 'changing'];
  const side = ['returned', 'terminated'];
  const steps = summary.data?.steps ?? [];
  const box = (key: string) => {
    const step = steps.find((item) => item.key === key);
    if (!step) return null;
    const count = mayList ? (
      <Link to={`/contract/ContractListFlow?step=${key}`} aria-label={`${step.label}：${step.count} 份合同`}>
        {step.count} 份
      </Link>
    ) : (
      <span>{step.count} 份</span>
    );
    return (
      <li key={key} className={`ct-flow__step ct-step--${key}`}>
        <span className="ct-flow__name">{step.label}</span>
        <span className="ct-flow__holder">办理：{step.holder}</span>
        <span className="ct-flow__count">{count}</span>
      </li>
    );
  };
  return (
    <>
      <PageHeader
        title="流程进度"
        description="测绘服务合同从起草到备案、备案变更的办理流程，以及您可见的合同在各环节的数量。"
      />
      {summary.error ? <Notice tone="danger">{summary.error.message}</Notice> : null}
      {summary.data ? (
        <>
          <Card>
            <h2 className="kit-detail__title">合同备案流程（共 {summary.data.total} 份合同）</h2>
            <ol className="ct-flow" aria-label="合同备案流程">
              {main.map(box)}
            </ol>
            <h3>流程之外</h3>
            <ul className="ct-flow ct-flow--side" aria-label="退回与终止">
              {side.map(box)}
            </ul>
          </Card>
          <Card>
            <h2 className="kit-detail__title">流程说明</h2>
            <ol>
              <li>中介机构依据已接受的委托起草合同，发送建设单位确认。</li>
              <li>建设单位确认合同，或填写原因退回修改。</li>
              <li>中介机构提交备案，审核人员审核（可转办）；不通过时退回中介机构修改后重新提交。</li>
              <li>审核通过即备案，生成备案编号，项目进入“合同已备案”。</li>
              <li>
                已备案合同需要变更金额、履行期限、付款方式或合同文件时，由合同一方申请备案变更，审核通过后生效，原版本保留可查。
              </li>
            </ol>
          </Card>
        </>
      ) : summary.isLoading ? (
        <p>正在加载…</p>
      ) : null}
    </>
  );
}

const flowColumns: readonly Column<FlowRow>[] = [
  {
    key: 'contractNo',
    header: '合同编号',
    cell: (row) => <Link to={flowOneLink(row.contractId)}>{row.contractNo}</Link>,
    nowrap: true,
  },
  { key: 'contractName', header: '合同名称', cell: (row) => row.contractName, wide: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  {
    key: 'amount',
    header: '合同金额',
    cell: (row) => <span className="ct-money">{formatMoney(row.amount)}</span>,
    nowrap: true,
  },
  { key: 'step', header: '当前环节', cell: (row) => <StepTag step={row.step} label={row.stepLabel} /> },
  { key: 'holder', header: '当前办理', cell: (row) => row.holder },
  { key: 'since', header: '进入环节时间', cell: (row) => formatDateTime(row.since), nowrap: true },
];

/** /contract/ContractListFlow: the contracts with their current step and holder. */
export function ContractListFlowPage() {
  return (
    <ListPage
      title="合同流转"
      caption="合同流转列表"
      description="您的合同当前所处的环节和办理人；点击合同编号查看完整的流转记录。"
      intro={<Link to="/contract/flowProcess">查看合同备案流程和各环节合同数</Link>}
      call={contractFlowCalls.query}
      filters={[
        { name: 'contractNo', label: '合同编号' },
        { name: 'projectName', label: '项目名称' },
        {
          name: 'step',
          label: '当前环节',
          type: 'select',
          options: flowStepKeys.map((key) => ({ value: key, label: stepLabels[key] ?? key })),
        },
      ]}
      columns={flowColumns}
      rowKey={(row) => row.contractId}
      emptyText={(filtered) => (filtered ? '没有符合条件的合同' : '暂无合同')}
    />
  );
}

/** /contract/ContractListFlowOne?contractId=: one contract's steps and timeline. */
export function ContractListFlowOnePage() {
  const flow = useRecordFromUrl(contractFlowCalls.queryOne, ['contractId', 'id'], (contractId) => ({
    contractId,
  }));
  return (
    <RecordPage record={flow} title="合同流转详情" missing="请从合同流转列表中选择合同" back={flowList}>
      {(data) => <FlowView flow={data} />}
    </RecordPage>
  );
}

function FlowView({ flow }: { flow: FlowOne }) {
  return (
    <>
      <PageHeader
        title={`${flow.contractName}：流转`}
        description={
          <span className="ct-status-line">
            {flow.contractNo} 当前环节：
            <StepTag step={flow.step} label={flow.stepLabel} /> 办理：{flow.holder}
          </span>
        }
        actions={<Link to={`/contract/contractDetails?contractId=${flow.contractId}`}>查看合同详情</Link>}
      />
      <Card>
        <h2 className="kit-detail__title">办理环节</h2>
        <ol className="ct-flow" aria-label="办理环节">
          {flow.steps.map((step) => (
            <li
              key={step.key}
              className={`ct-flow__step is-${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className="ct-flow__name">{step.label}</span>
              <span className="ct-flow__holder">
                {step.state === 'done'
                  ? '已完成'
                  : step.state === 'current'
                    ? `当前：${flow.holder}`
                    : '未开始'}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <h2 className="kit-detail__title">流转记录</h2>
        <ol className="ct-events" aria-label="流转记录">
          {flow.events.map((event, index) => (
            <li key={`${event.key}-${index}`} className={`ct-events__item ct-events__item--${event.tone}`}>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              <span className="ct-events__label">{event.label}</span>
              {event.actor ? <span className="ct-events__actor">{event.actor}</span> : null}
              {event.opinion ? <span className="ct-events__opinion">意见：{event.opinion}</span> : null}
              {event.changeId ? <Link to={changeLink(event.changeId)}>查看变更前后</Link> : null}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
