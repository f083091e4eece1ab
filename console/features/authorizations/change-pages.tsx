/**
 * Authorization changes: /demandmanger/demandAuthChange (the owner picks a project, the new agency and
 * a reason; with ?id= one change and its review trail), /checkaddaccreditation/check (the authority's
 * to-do; with ?id= the decision panel), /notdchy/ToDoAuditList (the same to-do), /usercenter/prochange
 * (changes under review the user may see) and proChangeDone (decided ones).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  authChangeCalls,
  authorizationCalls,
  type AuthChangeRow,
  type ChangeableProject,
} from '@shared/calls/authorizations';
import { roles } from '@shared/domain/roles';
import { auditStatus, authorizationState } from '@shared/domain/statuses';
import { Card } from '@shared/ui/page';
import { authChangeAddSchema } from '@shared/validation/authorizations';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { RecordPage } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { ChangeDetail, changeQueueKeys, decideBySpecCalls } from '@console/components/review/change-request';
import { useHasRole } from '@console/lib/current-user';
import { changeColumns } from './shared';

/** One change, its review trail and, for a reviewer, the decision panel. */
function ChangeView({ id }: { id: number }) {
  const change = useRecord(authChangeCalls.queryOne, { id });
  const records = useCall(authChangeCalls.auditInfo, { id });
  const touched = {
    invalidates: [authChangeCalls.queryOne, authChangeCalls.auditInfo, authChangeCalls.todo],
  };
  const approve = useCallMutation(authChangeCalls.approve, touched);
  const transfer = useCallMutation(authChangeCalls.transfer, touched);
  // An authorization change replaces the agency: what changes is the agency, shown as the facts.
  return (
    <RecordPage record={change} title="授权变更">
      {(data) => (
        <ChangeDetail
          title={`${data.projectName} · 授权变更`}
          change={data}
          facts={
            <DetailSection
              title="变更内容"
              items={[
                { label: '项目名称', value: data.projectName },
                { label: '项目编号', value: data.projectNo },
                { label: '原受托机构', value: data.fromOrgName },
                { label: '新受托机构', value: data.toOrgName },
                { label: '变更原因', value: data.reason, wide: true },
                {
                  label: '新委托',
                  value: data.newAuthorizationId ? (
                    <Link to={`/notdchy/Detials?id=${data.newAuthorizationId}`}>查看新机构的答复</Link>
                  ) : (
                    ''
                  ),
                },
              ]}
            />
          }
          records={records.data ?? []}
          review={data.review}
          decide={decideBySpecCalls(id, approve.mutateAsync, transfer.mutateAsync)}
        />
      )}
    </RecordPage>
  );
}

function ChangeForm({ project, onDone }: { project: ChangeableProject; onDone: (id: number) => void }) {
  const candidates = useCall(authorizationCalls.candidates, { projectId: project.projectId });
  const add = useCallMutation(authChangeCalls.add, {
    invalidates: [authorizationCalls.queryChange, authChangeCalls.query],
  });
  const form = useContractForm(authChangeAddSchema, {
    projectId: project.projectId,
    organizationId: '',
    reason: '',
  });
  const options = (candidates.data ?? []).map((c) => ({ value: c.organizationId, label: c.orgName }));
  return (
    <Card>
      <h2 className="kit-detail__title">申请授权变更：{project.projectName}</h2>
      <p>
        当前受托机构：{project.orgName}（{authorizationState.label(project.state)}
        ）。提交后由行业主管部门审核， 审核通过后委托转给新的机构，由其接受或拒绝。
      </p>
      <KitForm
        form={form}
        fields={{ organizationId: '新的中介机构', reason: '变更原因' }}
        submitLabel="提交审核"
        onSubmit={async (values) => onDone((await add.mutateAsync(values)).data.pkid)}
      >
        <TextField form={form} name="organizationId" label="新的中介机构" options={options} />
        <TextField form={form} name="reason" label="变更原因" multiline />
      </KitForm>
    </Card>
  );
}

/** /demandmanger/demandAuthChange: the owner's projects that may change agency, the form, one change. */
export function OwnerAuthChangePage() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id'));
  const [chosen, setChosen] = useState<ChangeableProject | null>(null);
  if (Number.isInteger(id) && id > 0) return <ChangeView id={id} />;
  const columns: Column<ChangeableProject>[] = [
    { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
    { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
    { key: 'orgName', header: '当前受托机构', cell: (row) => row.orgName },
    {
      key: 'state',
      header: '委托状态',
      cell: (row) => <StatusBadge table={authorizationState} value={row.state} />,
    },
  ];
  return (
    <>
      {chosen ? <ChangeForm project={chosen} onDone={(newId) => setSearch({ id: String(newId) })} /> : null}
      <ListPage
        title="授权变更"
        caption="可以申请授权变更的项目"
        intro={<p>已委托中介机构、合同尚未备案的项目可以申请更换受托机构。</p>}
        call={authorizationCalls.queryChange}
        columns={columns}
        rowKey={(row) => row.authorizationId}
        rowLabel={(row) => row.projectName}
        rowActions={(row) =>
          row.openChangeId ? (
            <Link to={`/demandmanger/demandAuthChange?id=${row.openChangeId}`}>审核中</Link>
          ) : (
            <button
              type="button"
              className="ui-button"
              aria-label={`申请变更 ${row.projectName}`}
              onClick={() => setChosen(row)}
            >
              申请变更
            </button>
          )
        }
        emptyText="暂无可以变更的委托"
      />
    </>
  );
}

function ReviewTodo({ title }: { title: string }) {
  return (
    <ReviewQueuePage
      title={title}
      caption="待审核的授权变更"
      call={authChangeCalls.todo}
      keywordLabel="项目名称或编号"
      columns={changeColumns((row) => `/checkaddaccreditation/check?id=${row.pkid}`)}
      {...changeQueueKeys}
      subjectType="auth_change"
      labelOf={(row) => row.projectName}
      noun="授权变更"
    />
  );
}

/** /checkaddaccreditation/check: the to-do, or one change with the decision panel (?id=). */
export function CheckPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  if (Number.isInteger(id) && id > 0) return <ChangeView id={id} />;
  return <ReviewTodo title="授权核查" />;
}

export function ToDoAuditPage() {
  return <ReviewTodo title="待审核需求" />;
}

function useChangeLink(): ((row: AuthChangeRow) => string) | null {
  const isOwner = useHasRole(roles.owner.id);
  const isSupervisor = useHasRole(roles.authority.id, roles.auditor.id);
  if (isOwner) return (row) => `/demandmanger/demandAuthChange?id=${row.pkid}`;
  if (isSupervisor) return (row) => `/checkaddaccreditation/check?id=${row.pkid}`;
  return null;
}

export function ProChangePage() {
  const link = useChangeLink();
  return (
    <ListPage
      title="项目变更"
      caption="审核中的授权变更"
      call={authChangeCalls.query}
      fixedInput={{ auditStatus: auditStatus.code.pending }}
      columns={changeColumns(link)}
      rowKey={(row) => row.pkid}
      emptyText="暂无审核中的授权变更"
    />
  );
}

export function ProChangeDonePage() {
  const link = useChangeLink();
  return (
    <ListPage
      title="已办项目变更"
      caption="已审核的授权变更"
      call={authChangeCalls.query}
      filters={[
        {
          name: 'auditStatus',
          label: '审核状态',
          type: 'select',
          options: [auditStatus.code.approved, auditStatus.code.rejected].map((v) => ({
            value: v,
            label: auditStatus.label(v),
          })),
        },
      ]}
      columns={changeColumns(link)}
      rowKey={(row) => row.pkid}
      emptyText="暂无已审核的授权变更"
    />
  );
}
