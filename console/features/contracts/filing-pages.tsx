/**
 * The contract's drafting, confirmation and filing pages (issue 14):
 * - /contract/backlogList 待办合同 (the agency: drafts, returned, to file; the owner: to confirm) and
 *   /contract/doneContractList 已办合同 (what they handed on or finished);
 * - /contract/filingbacklogList 备案待审 and /contract/FilingbacklogFiling 备案待办 (the auditors'
 *   to-do; with ?contractId= the filing with its decision panel), /contract/contractToDoList 合同待办
 *   (to-do and done on one page);
 * - /usercenter/contractApply 合同申请 (the agency drafts from an accepted authorization, edits, checks,
 *   sends and files; the owner confirms or returns; with ?contractId= one application),
 *   /usercenter/ContractDone 已办合同申请 and /usercenter/conQueryData 合同查询.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { contractFilingCalls, type Draftable, type FilingTask } from '@shared/calls/contract-filing';
import { contractCalls, type ContractRow } from '@shared/calls/contracts';
import { selectionMethodLabels, type SelectionMethod } from '@shared/domain/selection';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime, formatMoney } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { contractAddSchema } from '@shared/validation/contract-filing';
import { KitForm, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import {
  ApplicationPage,
  ApplicationStatus,
  ContractFields,
  contractFieldLabels,
  filingTouched,
} from './application';
import { useMayCall } from '@console/lib/current-user';
import { contractFilters, overseerFilters } from './columns';
import './contracts.css';

const applyHref = (contractId: number) => `/usercenter/contractApply?contractId=${contractId}`;
const filingHref = (contractId: number) => `/contract/FilingbacklogFiling?contractId=${contractId}`;

/** The columns of an application list; `href` is where the contract number leads. */
function applicationColumns<R extends ContractRow & { returned?: boolean }>(
  href: (id: number) => string,
): Column<R>[] {
  return [
    {
      key: 'contractNo',
      header: '合同编号',
      cell: (row) => <Link to={href(row.contractId)}>{row.contractNo}</Link>,
      nowrap: true,
    },
    { key: 'contractName', header: '合同名称', cell: (row) => row.contractName, wide: true },
    { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
    { key: 'orgName', header: '中介机构', cell: (row) => row.orgName },
    {
      key: 'amount',
      header: '合同金额',
      cell: (row) => <span className="ct-money">{row.amount ? formatMoney(row.amount) : '未填写'}</span>,
      nowrap: true,
    },
    {
      key: 'status',
      header: '合同状态',
      cell: (row) => (
        <ApplicationStatus row={{ status: row.status, returnReason: row.returned ? '已退回' : null }} />
      ),
    },
    {
      key: 'auditStatus',
      header: '备案状态',
      cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
    },
  ];
}

const taskColumns: Column<FilingTask>[] = [
  {
    key: 'contractNo',
    header: '合同编号',
    cell: (row) => <Link to={filingHref(row.contractId)}>{row.contractNo}</Link>,
    nowrap: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'orgName', header: '中介机构', cell: (row) => row.orgName },
  {
    key: 'amount',
    header: '合同金额',
    cell: (row) => <span className="ct-money">{formatMoney(row.amount)}</span>,
    nowrap: true,
  },
  {
    key: 'submittedAt',
    header: '提交时间',
    cell: (row) => (row.submittedAt ? formatDateTime(row.submittedAt) : ''),
    nowrap: true,
  },
];

const doneColumns: Column<FilingTask>[] = [
  ...taskColumns,
  { key: 'decidedAs', header: '办理结果', cell: (row) => row.decidedAs ?? '' },
  {
    key: 'decidedOn',
    header: '办理时间',
    cell: (row) => (row.decidedOn ? formatDateTime(row.decidedOn) : ''),
    nowrap: true,
  },
  { key: 'filingNo', header: '备案编号', cell: (row) => row.filingNo ?? '', nowrap: true },
];

function FilingTodoList({ title, description }: { title: string; description: string }) {
  return (
    <ReviewQueuePage
      title={title}
      caption="待审核的合同备案"
      description={description}
      call={contractFilingCalls.toDo}
      keywordLabel="合同编号或名称"
      columns={taskColumns}
      rowKey={(row) => row.contractId}
      subjectType="contract"
      subjectIdOf={(row) => row.contractId}
      labelOf={(row) => row.contractNo}
      holderOf={(row) => row.assigneeName}
      canClaim={useMayCall(contractFilingCalls.approve.access)}
      noun="合同备案"
    />
  );
}

/** /contract/filingbacklogList 备案待审. */
export function FilingBacklogListPage() {
  return (
    <FilingTodoList
      title="备案待审"
      description="提交备案、等待审核的合同：审核人员办理分配给自己或未分配的，主管部门查看全部。"
    />
  );
}

/** /contract/FilingbacklogFiling 备案待办: the to-do, or one filing with its decision panel. */
export function FilingPage() {
  const [search] = useSearchParams();
  const contractId = Number(search.get('contractId') ?? search.get('id'));
  if (Number.isInteger(contractId) && contractId > 0)
    return <ApplicationPage contractId={contractId} backTo="/contract/FilingbacklogFiling" />;
  return <FilingTodoList title="备案待办" description="点击合同编号审核备案：通过后生成备案编号。" />;
}

/** /contract/contractToDoList 合同待办: the filing to-do and what the user decided. */
export function ContractToDoListPage() {
  return (
    <>
      <FilingTodoList title="合同待办" description="待审核的合同备案，及下方本人已办理的备案。" />
      <ListPage
        title="已办备案"
        caption="已办理的合同备案"
        urlPrefix="done"
        call={contractFilingCalls.done}
        columns={doneColumns}
        rowKey={(row) => row.contractId}
        rowLabel={(row) => row.contractNo}
        emptyText="暂无已办理的合同备案"
      />
    </>
  );
}

/** The user's contract applications from one of the filing lists; a number opens it on 合同申请. */
function ApplicationList({
  call,
  ...texts
}: {
  title: string;
  caption: string;
  description: string;
  call: typeof contractFilingCalls.backlog | typeof contractFilingCalls.queryDoneList;
  emptyText: string;
}) {
  return (
    <ListPage
      {...texts}
      call={call}
      columns={applicationColumns(applyHref)}
      rowKey={(row) => row.contractId}
      rowLabel={(row) => row.contractNo}
    />
  );
}

/** /contract/backlogList 待办合同. */
export function BacklogListPage() {
  return (
    <ApplicationList
      title="待办合同"
      caption="等待办理的合同"
      description="中介机构：待修改、被退回和待提交备案的合同；建设单位：待确认的合同。"
      call={contractFilingCalls.backlog}
      emptyText="暂无待办合同"
    />
  );
}

/** /contract/doneContractList 已办合同. */
export function DoneContractListPage() {
  return (
    <ApplicationList
      title="已办合同"
      caption="已办理的合同"
      description="已提交建设单位确认、已确认、已提交备案或已备案的合同。"
      call={contractFilingCalls.queryDoneList}
      emptyText="暂无已办合同"
    />
  );
}

const draftableColumns = (draft: (row: Draftable) => void): Column<Draftable>[] => [
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  {
    key: 'items',
    header: '阶段与测绘事项',
    cell: (row) => `${row.stageName ?? ''}：${row.items.join('、')}`,
  },
  {
    key: 'selectionMethod',
    header: '选取方式',
    cell: (row) =>
      row.selectionMethod
        ? `${selectionMethodLabels[row.selectionMethod as SelectionMethod] ?? row.selectionMethod}${row.winningQuote ? `（中选报价 ${formatMoney(row.winningQuote)}）` : ''}`
        : '直接委托',
  },
  {
    key: 'action',
    header: '操作',
    cell: (row) => (
      <button
        type="button"
        className="ui-button ui-button--sm"
        aria-label={`起草合同 ${row.projectName}`}
        onClick={() => draft(row)}
      >
        起草合同
      </button>
    ),
  },
];

/** The new-draft form for one accepted authorization (?authorizationId=). */
function NewDraft({ authorizationId }: { authorizationId: number }) {
  const list = useCall(contractFilingCalls.draftable, { pageIdx: 1, pageSize: 100 });
  const found = list.data?.rows.find((row) => row.authorizationId === authorizationId);
  if (list.isLoading) return <PageHeader title="起草合同" description="正在加载…" />;
  if (!found)
    return (
      <>
        <PageHeader title="起草合同" />
        <Notice tone="danger">
          该委托不能起草合同（不存在、未接受或已起草）。
          <Link to="/usercenter/contractApply">返回合同申请</Link>
        </Notice>
      </>
    );
  return <DraftForm found={found} />;
}

function DraftForm({ found }: { found: Draftable }) {
  const navigate = useNavigate();
  const add = useCallMutation(contractFilingCalls.add, { invalidates: filingTouched });
  const form = useContractForm(contractAddSchema, {
    authorizationId: found.authorizationId,
    contractName: `${found.projectName}测绘服务合同`,
    amount: found.winningQuote ?? '',
    startOn: '',
    endOn: '',
    paymentTerms: '',
  });
  return (
    <>
      <PageHeader
        title={`起草合同：${found.projectName}`}
        description={`${found.projectNo} · 委托方 ${found.ownerName}`}
      />
      <Card>
        <p>
          委托方、受托方、项目和测绘事项（{found.stageName}：{found.items.join('、')}）取自委托记录；
          {found.winningQuote ? '合同金额已按比选中选报价填入。' : '请填写合同金额。'}
          草稿可以先保存，提交前用“检查合同”查看缺少的内容。
        </p>
        <KitForm
          form={form}
          fields={contractFieldLabels}
          submitLabel="保存草稿"
          onSubmit={async (values) => {
            const saved = await add.mutateAsync(values);
            void navigate(`/usercenter/contractApply?contractId=${saved.data.contractId}`);
          }}
        >
          <ContractFields form={form} />
        </KitForm>
      </Card>
    </>
  );
}

/** /usercenter/contractApply 合同申请. */
export function ContractApplyPage() {
  const [search, setSearch] = useSearchParams();
  const contractId = Number(search.get('contractId'));
  const authorizationId = Number(search.get('authorizationId'));
  const isAgency = useMayCall(contractFilingCalls.draftable.access);
  if (Number.isInteger(contractId) && contractId > 0)
    return <ApplicationPage contractId={contractId} backTo="/usercenter/contractApply" />;
  if (isAgency && Number.isInteger(authorizationId) && authorizationId > 0)
    return <NewDraft authorizationId={authorizationId} />;
  return (
    <>
      {isAgency ? (
        <ListPage
          title="合同申请"
          caption="可起草合同的委托"
          description="已接受委托、尚未起草合同的项目：起草合同后提交建设单位确认，再提交备案。"
          urlPrefix="auth"
          call={contractFilingCalls.draftable}
          columns={draftableColumns((row) => setSearch({ authorizationId: String(row.authorizationId) }))}
          rowKey={(row) => row.authorizationId}
          rowLabel={(row) => row.projectName}
          emptyText="暂无待起草合同的委托"
        />
      ) : null}
      <ListPage
        title={isAgency ? '本机构的合同申请' : '合同申请'}
        caption="合同申请"
        description="合同从起草、确认到备案的办理情况；点击合同编号办理或查看。"
        call={contractCalls.query}
        filters={contractFilters}
        columns={applicationColumns(applyHref)}
        rowKey={(row) => row.contractId}
        rowLabel={(row) => row.contractNo}
        emptyText={(filtered) => (filtered ? '没有符合条件的合同' : '暂无合同申请')}
      />
    </>
  );
}

/** /usercenter/ContractDone 已办合同申请. */
export function ContractDonePage() {
  return (
    <ApplicationList
      title="已办合同申请"
      caption="已办理的合同申请"
      description="本人一方已办理完毕的合同申请；其他角色为职责范围内已备案的合同。"
      call={contractFilingCalls.queryDoneList}
      emptyText="暂无已办合同申请"
    />
  );
}

/** /usercenter/conQueryData 合同查询. */
export function ConQueryDataPage() {
  return (
    <ListPage
      title="合同查询"
      caption="合同查询结果"
      description="按条件查询职责范围内的合同，可导出查询结果（含金额合计）。"
      call={contractCalls.query}
      filters={overseerFilters}
      columns={[
        ...applicationColumns(applyHref),
        { key: 'filingNo', header: '备案编号', cell: (row) => row.filingNo ?? '', nowrap: true },
      ]}
      rowKey={(row) => row.contractId}
      rowLabel={(row) => row.contractNo}
      exportFile={{ call: contractCalls.exportExcel, fileName: '合同查询.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的合同' : '暂无合同')}
    />
  );
}
