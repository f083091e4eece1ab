/**
 * Filing changes (备案变更, issue 14): a party's change form (on the filed contract's detail page, and
 * on a draft or rejected change to edit and resubmit it), one change with old and new side by side
 * (/usercenter/ConChangeDetail?id=, the applicant's and the reviewers' page, with the decision panel
 * for a reviewer), a contract's change history (its earlier versions), and the reviewers' lists
 * (/contract/FilingCh to-do, /contract/FilingChDone done).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import {
  contractChangeApplicantRoles,
  contractChangeCalls,
  contractCalls,
  type ContractChange,
  type ContractChangeFieldsOut,
  type ContractChangeRow,
  type ContractDetail,
} from '@shared/calls/contracts';
import {
  contractChangeFieldKeys,
  contractChangeFieldLabels,
  type ContractChangeFieldKey,
} from '@shared/domain/contract-changes';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { toAppError } from '@shared/errors/app-error';
import { formatDate, formatDateTime, formatMoney } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice } from '@shared/ui/page';
import { contractChangeSaveSchema } from '@shared/validation/contract-changes';
import { documentExtensions } from '@shared/validation/upload';
import { FileField } from '@console/kit/file-field';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import {
  ChangeComparison,
  ChangeDetail,
  ChangeRequestForm,
  changeColumns as common,
  changeQueueKeys,
  changedNames,
  comparedFields,
  decideBySpecCalls,
} from '@console/components/review/change-request';
import { useApi } from '@console/lib/api';
import { useMayCall } from '@console/lib/current-user';
import './contracts.css';

export const changeLink = (id: number) => `/usercenter/ConChangeDetail?id=${id}`;

interface FormStart {
  contractId: number;
  amount: string | null;
  startOn: string | null;
  endOn: string | null;
  paymentTerms: string | null;
  reason?: string | null;
}

/** The change form: the whole set of changeable fields, prefilled, with the reason and a new document. */
export function ContractChangeForm({
  start,
  title,
  onDone,
}: {
  start: FormStart;
  title: string;
  onDone: (done: { message: string; id: number }) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const save = useCallMutation(contractChangeCalls.save, {
    invalidates: [
      contractChangeCalls.query,
      contractChangeCalls.queryOne,
      contractChangeCalls.toDoList,
      contractCalls.queryOne,
    ],
  });
  const form = useContractForm(contractChangeSaveSchema, {
    contractId: start.contractId,
    amount: start.amount ?? '',
    startOn: start.startOn ?? '',
    endOn: start.endOn ?? '',
    paymentTerms: start.paymentTerms ?? '',
    reason: start.reason ?? '',
    action: 'submit',
  });
  return (
    <ChangeRequestForm
      form={form}
      title={title}
      intro="填写变更后的内容和变更原因；审核通过前，合同按原备案内容执行，原内容始终可查。"
      fields={{
        amount: '变更后合同金额（元）',
        startOn: contractChangeFieldLabels.startOn,
        endOn: contractChangeFieldLabels.endOn,
        paymentTerms: contractChangeFieldLabels.paymentTerms,
        reason: '变更原因',
      }}
      send={(values) => save.mutateAsync({ ...values, ...(file ? { file } : {}) })}
      onDone={onDone}
    >
      <div className="ct-change-form">
        <TextField form={form} name="amount" label="变更后合同金额（元）" />
        <TextField form={form} name="startOn" label={contractChangeFieldLabels.startOn} type="date" />
        <TextField form={form} name="endOn" label={contractChangeFieldLabels.endOn} type="date" />
        <TextField form={form} name="paymentTerms" label={contractChangeFieldLabels.paymentTerms} multiline />
        <TextField form={form} name="reason" label="变更原因" multiline />
        <FileField
          id="ct-change-file"
          label="变更后的合同文件（可选）"
          allowed={documentExtensions}
          onFile={setFile}
        />
      </div>
    </ChangeRequestForm>
  );
}

function FileLink({ fields }: { fields: ContractChangeFieldsOut }) {
  const api = useApi();
  if (!fields.fileId) return <>—</>;
  return (
    <a href={callUrl(api, contractChangeCalls.document, { id: fields.fileId })}>
      {fields.fileName ?? '合同文件'}
    </a>
  );
}

function show(key: ContractChangeFieldKey, fields: ContractChangeFieldsOut): ReactNode {
  switch (key) {
    case 'amount':
      return <span className="ct-money">{formatMoney(fields.amount)}</span>;
    case 'startOn':
    case 'endOn':
      return fields[key] ? formatDate(fields[key]) : '';
    case 'fileId':
      return <FileLink fields={fields} />;
    default:
      return fields[key] ?? '';
  }
}

/** One filing change: old and new, why, its records, the reviewer's decision, the applicant's edit. */
export function ContractChangeDetailPage() {
  const change = useRecordFromUrl(contractChangeCalls.queryOne, 'id', (id) => ({ id }));
  const touched = {
    invalidates: [
      contractChangeCalls.queryOne,
      contractChangeCalls.toDoList,
      contractChangeCalls.doneList,
      contractChangeCalls.query,
      contractCalls.queryOne,
    ],
  };
  const approve = useCallMutation(contractChangeCalls.approve, touched);
  const transfer = useCallMutation(contractChangeCalls.transferTask, touched);
  return (
    <RecordPage record={change} title="合同变更详情" missing="请从列表中选择备案变更">
      {(data) => (
        <ChangeDetail
          title={`${data.contractName}：备案变更`}
          change={data}
          status={<span>{data.contractNo}</span>}
          actions={
            <Link to={`/contract/contractDetails?contractId=${data.contractId}`}>查看合同（当前版本）</Link>
          }
          facts={<ChangeFacts change={data} />}
          comparison={
            <ChangeComparison
              changed={data.changedFields}
              fields={comparedFields(contractChangeFieldKeys, contractChangeFieldLabels, data, show)}
            />
          }
          records={data.records}
          review={data.review}
          decide={decideBySpecCalls(data.pkid, approve.mutateAsync, transfer.mutateAsync)}
        >
          {(showOutcome) => (data.canEdit ? <ChangeEdit change={data} onDone={showOutcome} /> : null)}
        </ChangeDetail>
      )}
    </RecordPage>
  );
}

/** What a filing change is about: in force or not yet, the parties, the filing, who asked and why. */
function ChangeFacts({ change }: { change: ContractChange }) {
  return (
    <>
      {change.auditStatus === auditStatus.code.pending ? (
        <Notice>变更审核通过前，合同按原备案内容执行。</Notice>
      ) : null}
      {change.auditStatus === auditStatus.code.approved ? (
        <Notice>本次变更已生效；“变更前”一栏为合同此前的版本，仍可查阅。</Notice>
      ) : null}
      <Card>
        <dl className="ct-change-facts">
          <dt>委托方（甲方）</dt>
          <dd>{change.ownerName}</dd>
          <dt>受托方（乙方）</dt>
          <dd>{change.orgName}</dd>
          <dt>备案编号</dt>
          <dd>{change.filingNo ?? '—'}</dd>
          <dt>申请人</dt>
          <dd>{change.applicantName ?? '—'}</dd>
          <dt>变更原因</dt>
          <dd>{change.reason ?? '—'}</dd>
        </dl>
      </Card>
    </>
  );
}

/** The applicant's edit of a draft or rejected change, sent again as the same request. */
function ChangeEdit({ change, onDone }: { change: ContractChange; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <ContractChangeForm
        title="修改后重新提交"
        start={{ ...change.data, contractId: change.contractId, reason: change.reason }}
        onDone={(done) => {
          setEditing(false);
          onDone(done.message);
        }}
      />
    );
  return (
    <Card>
      <p>
        {change.auditStatus === auditStatus.code.rejected
          ? '审核未通过：请按审核意见修改后重新提交。'
          : '变更申请尚未提交。'}
      </p>
      <Button onClick={() => setEditing(true)}>修改变更申请</Button>
    </Card>
  );
}

/** The contract's filing changes (its earlier versions) on its detail page, and the change form. */
export function ContractChangeHistory({ contract }: { contract: ContractDetail }) {
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ message: string; id: number } | null>(null);
  const mayAsk = useMayCall(contractChangeApplicantRoles) && contract.status === contractStatus.code.filed;
  const history = useCall(contractChangeCalls.query, {
    contractId: contract.contractId,
    pageIdx: 1,
    pageSize: 50,
  });
  const rows = history.data?.rows ?? [];
  return (
    <>
      <Card id="changes">
        <h2 className="kit-detail__title">备案变更记录</h2>
        {history.error ? <Notice tone="danger">{toAppError(history.error).message}</Notice> : null}
        {rows.length === 0 ? (
          <p>暂无备案变更。</p>
        ) : (
          <table className="rv-compare">
            <caption className="visually-hidden">备案变更记录（每次变更保留变更前的版本）</caption>
            <thead>
              <tr>
                <th scope="col">申请时间</th>
                <th scope="col">变更内容</th>
                <th scope="col">变更前金额</th>
                <th scope="col">变更后金额</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.pkid}>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td>{changedNames(row.changedFields, contractChangeFieldLabels)}</td>
                  <td className="ct-money">{formatMoney(row.amountBefore)}</td>
                  <td className="ct-money">{formatMoney(row.amountAfter)}</td>
                  <td>
                    <StatusBadge table={auditStatus} value={row.auditStatus} />
                  </td>
                  <td>
                    <Link to={changeLink(row.pkid)}>查看变更前后</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {outcome ? (
          <Notice>
            {outcome.message} <Link to={changeLink(outcome.id)}>查看变更申请</Link>
          </Notice>
        ) : null}
        {mayAsk && !asking ? (
          <p className="ct-change-ask">
            <Button onClick={() => setAsking(true)}>申请备案变更</Button>
          </p>
        ) : null}
      </Card>
      {mayAsk && asking ? (
        <ContractChangeForm
          title="申请备案变更"
          start={contract}
          onDone={(done) => {
            setAsking(false);
            setOutcome(done);
          }}
        />
      ) : null}
    </>
  );
}

const changeColumns: Column<ContractChangeRow>[] = [
  common.subject('contractNo', '合同编号', (row) => changeLink(row.pkid), 'nowrap'),
  { key: 'contractName', header: '合同名称', cell: (row) => row.contractName, wide: true },
  { key: 'orgName', header: '中介机构', cell: (row) => row.orgName },
  common.changed('变更内容', contractChangeFieldLabels),
  {
    key: 'amount',
    header: '金额（变更前 → 变更后）',
    cell: (row) =>
      row.changedFields.includes('amount') ? (
        <span className="ct-money">
          {formatMoney(row.amountBefore)} → {formatMoney(row.amountAfter)}
        </span>
      ) : (
        <span className="ct-money">{formatMoney(row.amountBefore)}（未变更）</span>
      ),
  },
  { key: 'applicantName', header: '申请人', cell: (row) => row.applicantName ?? '' },
  common.status(),
  common.createdAt(),
];

const filters = [{ name: 'contractNo', label: '合同编号' }];

/** /contract/FilingCh: the reviewer's pending filing changes, oldest first. */
export function FilingChangeTodoPage() {
  return (
    <ReviewQueuePage
      title="合同备案变更"
      caption="待审核的合同备案变更"
      description="待您审核的合同备案变更，按提交时间先后排列；点击合同编号查看变更前后对照并审核，审核通过后变更生效。"
      intro={<Link to="/contract/flowProcess">查看合同备案流程和各环节合同数</Link>}
      call={contractChangeCalls.toDoList}
      filters={filters}
      keywordLabel={null}
      // Every row of a to-do is pending: its deadline says more than its status.
      columns={changeColumns.filter((column) => column.key !== 'auditStatus')}
      {...changeQueueKeys}
      subjectType="contract_change"
      labelOf={(row) => row.contractNo}
      // The authority oversees the queue without deciding: it claims nothing.
      canClaim={useMayCall(contractChangeCalls.approve.access)}
      noun="备案变更"
    />
  );
}

/** /contract/FilingChDone: the filing changes the reviewer decided. */
export function FilingChangeDonePage() {
  return (
    <ListPage
      title="已办备案变更"
      caption="已审核的合同备案变更"
      description="您审核过的合同备案变更，最近处理的在前。"
      call={contractChangeCalls.doneList}
      filters={filters}
      columns={[
        ...changeColumns,
        {
          key: 'decidedAs',
          header: '处理结果',
          cell: (row) => row.decidedAs ?? auditStatus.label(row.auditStatus),
        },
        {
          key: 'decidedOn',
          header: '处理时间',
          cell: (row) => (row.decidedOn ? formatDateTime(row.decidedOn) : ''),
          nowrap: true,
        },
      ]}
      rowKey={(row) => row.pkid}
      emptyText={(filtered) => (filtered ? '没有符合条件的备案变更' : '暂无已办的备案变更')}
    />
  );
}
