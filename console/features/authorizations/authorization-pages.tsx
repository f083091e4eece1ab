/**
 * The agency's side of authorizations and the demand view: /notdchy/toDoList (offers waiting for its
 * answer), DoneList (answered), Detials (one authorization: accept, or decline with a reason),
 * DemandDetails (a project's authorizations; the owner authorizes an eligible agency there), and
 * /checkaddaccreditation/DemandList (every authorization, for supervisors).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authorizationCalls, type AuthorizationRow } from '@shared/calls/authorizations';
import { roles } from '@shared/domain/roles';
import { authorizationState, projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { authorizeSchema, declineSchema } from '@shared/validation/authorizations';
import { DataTable, type Column } from '@console/kit/data-table';
import { deadlineColumn } from '@console/kit/deadline-column';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { useHasRole } from '@console/lib/current-user';
import { authorizationColumns } from './shared';

/** The agency's own lists: the agency column would only repeat its name. */
const ownColumns = authorizationColumns.filter((column) => column.key !== 'orgName');

export function AuthorizationTodoPage() {
  return (
    <ListPage
      title="待办需求"
      caption="等待本机构答复的委托"
      intro={<p>建设单位委托本机构承担的测绘需求，请逐项接受或拒绝（拒绝须填写原因）。</p>}
      call={authorizationCalls.todo}
      filters={[{ name: 'projectName', label: '项目名称' }]}
      columns={[...ownColumns, deadlineColumn<AuthorizationRow>()]}
      rowKey={(row) => row.authorizationId}
      emptyText="暂无待答复的委托"
    />
  );
}

export function AuthorizationDonePage() {
  return (
    <ListPage
      title="已办需求"
      caption="本机构已答复的委托"
      call={authorizationCalls.done}
      filters={[{ name: 'projectName', label: '项目名称' }]}
      columns={[
        ...ownColumns,
        { key: 'reason', header: '原因', cell: (row: AuthorizationRow) => row.reason ?? '' },
        {
          key: 'respondedAt',
          header: '答复时间',
          cell: (row: AuthorizationRow) => (row.respondedAt ? formatDateTime(row.respondedAt) : ''),
          nowrap: true,
        },
        deadlineColumn<AuthorizationRow>(),
      ]}
      rowKey={(row) => row.authorizationId}
      emptyText="暂无已答复的委托"
    />
  );
}

export function AllAuthorizationsPage() {
  return (
    <ListPage
      title="需求列表"
      caption="测绘需求的委托情况"
      call={authorizationCalls.list}
      filters={[
        { name: 'projectName', label: '项目名称' },
        statusFilter('state', '委托状态', authorizationState),
      ]}
      columns={authorizationColumns}
      rowKey={(row) => row.authorizationId}
      emptyText="暂无委托"
    />
  );
}

function authorizationItems(row: AuthorizationRow) {
  return [
    { label: '项目名称', value: row.projectName },
    { label: '项目编号', value: row.projectNo },
    { label: '建设单位', value: row.constructionName },
    { label: '项目状态', value: <StatusBadge table={projectStatus} value={row.projectStatus} /> },
    { label: '阶段', value: row.stageName },
    { label: '测绘事项', value: row.itemNames.join('、') },
    { label: '受托机构', value: row.orgName },
    { label: '委托状态', value: <StatusBadge table={authorizationState} value={row.state} /> },
    { label: '委托时间', value: formatDateTime(row.authorizedAt) },
    { label: '答复时间', value: row.respondedAt ? formatDateTime(row.respondedAt) : '' },
    // The agency's answer is due by then (the same rendering as the to-do list's column).
    { label: '答复期限', value: row.dueAt ? deadlineColumn<AuthorizationRow>().cell(row) : '' },
    { label: '原因', value: row.reason ?? '', wide: true },
  ];
}

function AnswerPanel({ row, onDone }: { row: AuthorizationRow; onDone: (message: string) => void }) {
  const touched = {
    invalidates: [authorizationCalls.queryOne, authorizationCalls.todo, authorizationCalls.done],
  };
  const accept = useCallMutation(authorizationCalls.accept, touched);
  const decline = useCallMutation(authorizationCalls.decline, touched);
  const form = useContractForm(declineSchema, { id: row.authorizationId, reason: '' });
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <h2 className="kit-detail__title">答复委托</h2>
      <p>接受后项目状态改为“已委托”，建设单位会收到通知；不能承接时请拒绝并写明原因。</p>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <p>
        <button
          type="button"
          className="ui-button ui-button--primary"
          disabled={accept.isPending}
          onClick={async () => {
            try {
              onDone((await accept.mutateAsync({ id: row.authorizationId })).message);
            } catch (e) {
              setError((e as Error).message);
            }
          }}
        >
          接受委托
        </button>
      </p>
      <KitForm
        form={form}
        fields={{ reason: '拒绝原因' }}
        submitLabel="拒绝委托"
        guardLeaving={false}
        onSubmit={async (values) => onDone((await decline.mutateAsync(values)).message)}
      >
        <TextField form={form} name="reason" label="拒绝原因" multiline />
      </KitForm>
    </Card>
  );
}

/** /notdchy/Detials?id=: one authorization; its agency answers a pending one here. */
export function AuthorizationDetailPage() {
  const authorization = useRecordFromUrl(authorizationCalls.queryOne, 'id', (id) => ({ id }));
  const [outcome, setOutcome] = useState<string | null>(null);
  const isAgency = useHasRole(roles.agency.id);
  return (
    <RecordPage record={authorization} title="委托详情" missing="请从待办需求中选择委托">
      {(data) => (
        <>
          <PageHeader
            title={`${data.projectName} · 委托详情`}
            actions={<Link to={`/notdchy/DemandDetails?projectId=${data.projectId}`}>项目委托记录</Link>}
          />
          {outcome ? <Notice>{outcome}</Notice> : null}
          <DetailSection title="委托信息" items={authorizationItems(data)} />
          {isAgency && data.state === authorizationState.code.pending ? (
            <AnswerPanel row={data} onDone={setOutcome} />
          ) : null}
          {isAgency && data.state === authorizationState.code.accepted ? (
            <Card>
              <h2 className="kit-detail__title">下一步：起草合同</h2>
              <p>已接受委托。请起草测绘服务合同，检查无误后提交建设单位确认。</p>
              <Link
                className={buttonClass()}
                to={`/usercenter/contractApply?authorizationId=${data.authorizationId}`}
              >
                起草合同
              </Link>
            </Card>
          ) : null}
        </>
      )}
    </RecordPage>
  );
}

const historyColumns: readonly Column<AuthorizationRow>[] = [
  {
    key: 'orgName',
    header: '中介机构',
    cell: (row) => <Link to={`/notdchy/Detials?id=${row.authorizationId}`}>{row.orgName}</Link>,
    wide: true,
  },
  { key: 'stageName', header: '测绘事项', cell: (row) => `${row.stageName}：${row.itemNames.join('、')}` },
  {
    key: 'state',
    header: '委托状态',
    cell: (row) => <StatusBadge table={authorizationState} value={row.state} />,
  },
  { key: 'reason', header: '原因', cell: (row) => row.reason ?? '' },
  { key: 'authorizedAt', header: '委托时间', cell: (row) => formatDateTime(row.authorizedAt), nowrap: true },
];

function AuthorizeForm({ projectId, onDone }: { projectId: number; onDone: (message: string) => void }) {
  const candidates = useCall(authorizationCalls.candidates, { projectId });
  const authorize = useCallMutation(authorizationCalls.authorize, {
    invalidates: [authorizationCalls.projectAuthorizations, authorizationCalls.candidates],
  });
  const form = useContractForm(authorizeSchema, { projectId, organizationId: '' as unknown as number });
  const options = (candidates.data ?? []).map((c) => ({ value: c.organizationId, label: c.orgName }));
  // After a selection only its winner is a candidate: it is chosen already.
  const only = candidates.data?.length === 1 ? candidates.data[0]!.organizationId : null;
  const { setValue, getValues } = form;
  useEffect(() => {
    if (only !== null && !getValues('organizationId')) setValue('organizationId', only);
  }, [only, setValue, getValues]);
  return (
    <Card>
      <h2 className="kit-detail__title">委托中介机构</h2>
      <p>只列出审核通过、业务范围覆盖本需求全部测绘事项且没有失信、不合格或黑名单记录的机构。</p>
      <KitForm
        form={form}
        fields={{ organizationId: '中介机构' }}
        submitLabel="确认委托"
        guardLeaving={false}
        onSubmit={async (values) => onDone((await authorize.mutateAsync(values)).message)}
      >
        <TextField form={form} name="organizationId" label="中介机构" options={options} />
      </KitForm>
    </Card>
  );
}

/** /notdchy/DemandDetails?projectId=: the authorizations of a project's demands. */
export function DemandAuthorizationsPage() {
  const [search] = useSearchParams();
  const projectId = Number(search.get('projectId'));
  const valid = Number.isInteger(projectId) && projectId > 0;
  const [outcome, setOutcome] = useState<string | null>(null);
  const isOwner = useHasRole(roles.owner.id);
  const rows = useCall(authorizationCalls.projectAuthorizations, { projectId }, { enabled: valid });
  if (!valid) return <Notice tone="danger">请从列表中选择项目</Notice>;
  if (rows.error) return <Notice tone="danger">{rows.error.message}</Notice>;
  const list = rows.data ?? [];
  const first = list[0];
  const live = list.some(
    (row) => row.state === authorizationState.code.pending || row.state === authorizationState.code.accepted,
  );
  const open =
    first === undefined ||
    first.projectStatus === projectStatus.code.published ||
    first.projectStatus === projectStatus.code.commissioned;
  return (
    <>
      <PageHeader
        title={first ? `${first.projectName} · 需求委托` : '需求委托'}
        description={first ? `项目编号：${first.projectNo}` : undefined}
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <Card>
        <h2 className="kit-detail__title">委托记录</h2>
        {rows.isLoading ? (
          <p>正在加载…</p>
        ) : list.length === 0 ? (
          <p>尚未委托中介机构。</p>
        ) : (
          <DataTable
            caption="委托记录"
            columns={historyColumns}
            rows={list}
            rowKey={(row) => row.authorizationId}
          />
        )}
      </Card>
      {isOwner && !live && open ? <AuthorizeForm projectId={projectId} onDone={setOutcome} /> : null}
      {isOwner && live ? (
        <Notice>
          需要更换受托机构时，请<Link to="/demandmanger/demandAuthChange">申请授权变更</Link>。
        </Notice>
      ) : null}
    </>
  );
}
