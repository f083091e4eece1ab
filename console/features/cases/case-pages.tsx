/**
 * Survey cases (办件) of /notdchy: the agency's to-do (toDoList) shows, below the offers waiting for an
 * answer, the accepted authorizations whose contract is filed (新建办件) and the cases under way;
 * CaseAdd (?authorizationId=) opens a case: staff per survey item and planned dates, which moves the
 * project to 测绘中; CaseDetail (?id=) shows the case, its project, items, staff, dates and the
 * project's timeline.
 */
import { useState } from 'react';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { caseCalls, type CasePrepare, type CaseTodoRow } from '@shared/contracts/offline';
import { authorizationCalls } from '@shared/contracts/authorizations';
import { roles } from '@shared/domain/roles';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { caseAddSchema } from '@shared/validation/offline';
import {
  DetailSection,
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type Column,
} from '@console/kit';
import './cases.css';

const ADD = '/notdchy/CaseAdd';
const DETAIL = '/notdchy/CaseDetail';

const todoColumns: readonly Column<CaseTodoRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) =>
      row.caseId ? (
        <Link to={`${DETAIL}?id=${row.caseId}`}>{row.projectName}</Link>
      ) : (
        <Link to={`${ADD}?authorizationId=${row.authorizationId}`}>{row.projectName}</Link>
      ),
    wide: true,
  },
  { key: 'projectNo', header: '项目编号', cell: (row) => row.projectNo, nowrap: true },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'items', header: '测绘事项', cell: (row) => `${row.stageName}：${row.itemNames.join('、')}` },
  {
    key: 'projectStatus',
    header: '项目状态',
    cell: (row) => <StatusBadge table={projectStatus} value={row.projectStatus} />,
  },
  { key: 'caseNo', header: '办件编号', cell: (row) => row.caseNo ?? '待新建', nowrap: true },
  { key: 'plannedEnd', header: '计划完成', cell: (row) => row.plannedEnd ?? '', nowrap: true },
];

/**
 * The cases section of /notdchy/toDoList, below the offers to answer (console/app/pages.ts puts the
 * two together); agencies and their staff only.
 */
export function CaseTodoSection() {
  const isAgency = useHasRole(roles.agency.id, roles.staff.id);
  return isAgency ? <CaseTodoList /> : null;
}

/** Whether the signed-in user holds one of the roles (the administrator always does). */
function useHasRole(...wanted: string[]): boolean {
  const shell = useRouteLoaderData<{ user?: { roleid?: string | null } } | undefined>('console');
  const held = (shell?.user?.roleid ?? '').split(',').map((id) => id.trim());
  return held.some((id) => id === roles.admin.id || wanted.includes(id));
}

function CaseTodoList() {
  return (
    <ListPage
      title="测绘办件"
      caption="待新建和在办的办件"
      description="已接受委托且合同已备案的项目，请新建办件、指定作业人员和计划日期后开始测绘。"
      call={caseCalls.todo}
      filters={[{ name: 'projectName', label: '项目名称' }]}
      columns={todoColumns}
      rowKey={(row) => row.authorizationId}
      rowLabel={(row) => row.projectName}
      rowActions={(row) =>
        row.caseId ? (
          <Link to={`${DETAIL}?id=${row.caseId}`}>办件详情</Link>
        ) : (
          <Link to={`${ADD}?authorizationId=${row.authorizationId}`}>新建办件</Link>
        )
      }
      emptyText="暂无待新建或在办的办件"
      urlPrefix="cases"
    />
  );
}

const addLabels = {
  plannedStart: '计划开始日期',
  plannedEnd: '计划完成日期',
  assignments: '作业人员',
  remark: '备注',
} as const;

function CaseForm({ prepared }: { prepared: CasePrepare }) {
  const navigate = useNavigate();
  const add = useCallMutation(caseCalls.add, {
    invalidates: [caseCalls.todo, caseCalls.prepare, caseCalls.query, authorizationCalls.queryOne],
  });
  const form = useContractForm(caseAddSchema, {
    authorizationId: prepared.authorizationId,
    plannedStart: '',
    plannedEnd: '',
    remark: '',
    assignments: prepared.items.map((item) => ({ itemId: item.itemId, staffIds: [] as number[] })),
  });
  const assignments = form.watch('assignments') as { itemId: number; staffIds: number[] }[];
  const toggle = (itemId: number, staffId: number, on: boolean) =>
    form.setValue(
      'assignments',
      assignments.map((a) =>
        a.itemId !== itemId
          ? a
          : { ...a, staffIds: on ? [...a.staffIds, staffId] : a.staffIds.filter((id) => id !== staffId) },
      ),
      { shouldDirty: true },
    );
  return (
    <Card>
      <KitForm
        form={form}
        fields={addLabels}
        submitLabel="新建办件"
        successMessage={null}
        onSubmit={async (values) => {
          const result = await add.mutateAsync(values as never);
          void navigate(`${DETAIL}?id=${result.data.caseId}&created=1`);
        }}
      >
        <div className="case-form__grid">
          <TextField form={form} name="plannedStart" label={addLabels.plannedStart} type="date" />
          <TextField form={form} name="plannedEnd" label={addLabels.plannedEnd} type="date" />
        </div>
        {prepared.staff.length === 0 ? (
          <Notice tone="danger">
            本机构还没有审核通过的从业人员，请先在<Link to="/orgstaff/stafflist">从业人员</Link>中添加。
          </Notice>
        ) : null}
        {prepared.items.map((item) => {
          const chosen = assignments.find((a) => a.itemId === item.itemId)?.staffIds ?? [];
          return (
            <fieldset key={item.itemId} className="case-staff">
              <legend>{item.itemName} · 作业人员</legend>
              {prepared.staff.map((person) => (
                <label key={person.staffId} className="case-staff__person">
                  <input
                    type="checkbox"
                    checked={chosen.includes(person.staffId)}
                    onChange={(event) => toggle(item.itemId, person.staffId, event.target.checked)}
                  />
                  {person.staffName}
                  {person.title ? <span className="case-staff__title">（{person.title}）</span> : null}
                </label>
              ))}
            </fieldset>
          );
        })}
        <TextField form={form} name="remark" label={addLabels.remark} multiline />
      </KitForm>
    </Card>
  );
}

export function CaseAddPage() {
  const [search] = useSearchParams();
  const authorizationId = Number(search.get('authorizationId'));
  const isAgency = useHasRole(roles.agency.id, roles.staff.id);
  const valid = Number.isInteger(authorizationId) && authorizationId > 0;
  const prepared = useCall(caseCalls.prepare, { authorizationId }, { enabled: valid && isAgency });
  if (!isAgency)
    return (
      <>
        <PageHeader title="新建办件" />
        <Notice>办件由受托的测绘中介机构新建；可在办件详情中查看办件。</Notice>
      </>
    );
  if (!valid)
    return (
      <>
        <PageHeader title="新建办件" />
        <Notice>
          请从<Link to="/notdchy/toDoList">待办需求</Link>的“测绘办件”中选择项目新建办件。
        </Notice>
      </>
    );
  if (prepared.error) return <Notice tone="danger">{prepared.error.message}</Notice>;
  const data = prepared.data?.authorizationId === authorizationId ? prepared.data : undefined;
  if (!data) return <PageHeader title="新建办件" description="正在加载…" />;
  return (
    <>
      <PageHeader
        title={`新建办件 · ${data.projectName}`}
        description="为每个测绘事项指定本机构的作业人员和计划日期。新建后项目进入“测绘中”，建设单位会收到通知。"
        actions={<Link to="/notdchy/toDoList">返回待办</Link>}
      />
      <DetailSection
        title="委托项目"
        items={[
          { label: '项目名称', value: data.projectName },
          { label: '项目编号', value: data.projectNo },
          { label: '建设单位', value: data.constructionName },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={data.projectStatus} /> },
          { label: '审批阶段', value: data.stageName },
          { label: '测绘事项', value: data.items.map((i) => i.itemName).join('、') },
        ]}
      />
      {data.blocked ? (
        <Notice tone={data.caseId ? 'info' : 'danger'}>
          {data.blocked}
          {data.caseId ? (
            <>
              ，<Link to={`${DETAIL}?id=${data.caseId}`}>查看办件</Link>
            </>
          ) : null}
        </Notice>
      ) : (
        <CaseForm prepared={data} />
      )}
    </>
  );
}

export function CaseDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [created] = useState(search.get('created') === '1');
  const detail = useCall(caseCalls.get, { caseId: id }, { enabled: valid });
  if (!valid)
    return (
      <>
        <PageHeader title="办件详情" />
        <Notice>
          请从<Link to="/notdchy/toDoList">待办需求</Link>中选择办件。
        </Notice>
      </>
    );
  if (detail.error) return <Notice tone="danger">{detail.error.message}</Notice>;
  const data = detail.data?.caseId === id ? detail.data : undefined;
  if (!data) return <PageHeader title="办件详情" description="正在加载…" />;
  return (
    <>
      <PageHeader
        title={`办件详情 · ${data.caseNo}`}
        description={<StatusBadge table={projectStatus} value={data.projectStatus} />}
        actions={<Link to={`/notdchy/Detials?id=${data.authorizationId}`}>委托详情</Link>}
      />
      {created ? <Notice>办件已新建，项目进入测绘中。</Notice> : null}
      <DetailSection
        title="办件信息"
        items={[
          { label: '办件编号', value: data.caseNo },
          { label: '测绘机构', value: data.orgName },
          { label: '计划开始', value: data.plannedStart },
          { label: '计划完成', value: data.plannedEnd },
          { label: '新建人', value: data.createdByName ?? '' },
          { label: '新建时间', value: formatDateTime(data.createdAt) },
          { label: '备注', value: data.remark ?? '', wide: true },
        ]}
      />
      <DetailSection
        title="项目信息"
        items={[
          { label: '项目名称', value: data.projectName },
          { label: '项目编号', value: data.projectNo },
          { label: '建设单位', value: data.constructionName },
          { label: '所在区县', value: data.districtName ?? '' },
          { label: '项目地址', value: data.address ?? '', wide: true },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={data.projectStatus} /> },
          { label: '审批阶段', value: data.stageName },
        ]}
      />
      <DetailSection
        title="测绘事项与作业人员"
        items={data.items.map((item) => ({
          label: item.itemName,
          value: item.staff.map((s) => (s.title ? `${s.staffName}（${s.title}）` : s.staffName)).join('、'),
        }))}
      />
      <Card>
        <h2 className="kit-detail__title">项目进度</h2>
        <ol className="case-timeline" aria-label="项目进度">
          {data.logs.map((log) => (
            <li key={log.pkid} className="case-timeline__item">
              <span className="case-timeline__time">{formatDateTime(log.createdAt)}</span>{' '}
              <StatusBadge table={projectStatus} value={log.statusTo} /> <span>{log.content}</span>
              {log.actorName ? <span className="case-timeline__actor">（{log.actorName}）</span> : null}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
