/**
 * Survey cases (办件) of /notdchy: the agency's to-do (toDoList) shows, below the offers waiting for an
 * answer, the accepted authorizations whose contract is filed (新建办件) and the cases under way;
 * CaseAdd (?authorizationId=) opens a case: staff per survey item and planned dates, which moves the
 * project to 测绘中; CaseDetail (?id=) shows the case, its project, items, staff, dates and the
 * project's timeline.
 */
import { useHasRole } from '@console/lib/current-user';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { caseCalls, type CaseDetail, type CasePrepare, type CaseTodoRow } from '@shared/calls/offline';
import { authorizationCalls } from '@shared/calls/authorizations';
import { roles } from '@shared/domain/roles';
import { projectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { caseAddSchema } from '@shared/validation/offline';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl, useUrlId } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import './cases.css';
import { ProjectCertificate } from '@console/components/certificates/project-certificate';

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
          const result = await add.mutateAsync(values);
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
  const isAgency = useHasRole(roles.agency.id, roles.staff.id);
  const authorizationId = useUrlId('authorizationId');
  const prepared = useRecord(
    caseCalls.prepare,
    isAgency && authorizationId !== undefined ? { authorizationId } : undefined,
  );
  if (!isAgency)
    return (
      <>
        <PageHeader title="新建办件" />
        <Notice>办件由受托的测绘中介机构新建；可在办件详情中查看办件。</Notice>
      </>
    );
  if (prepared.missing)
    return (
      <>
        <PageHeader title="新建办件" />
        <Notice>
          请从<Link to="/notdchy/toDoList">待办需求</Link>的“测绘办件”中选择项目新建办件。
        </Notice>
      </>
    );
  return (
    <RecordPage record={prepared} title="新建办件">
      {(data) => <CaseStart prepared={data} />}
    </RecordPage>
  );
}

/** The project of an accepted authorization, and the form that opens its case (or why it cannot). */
function CaseStart({ prepared }: { prepared: CasePrepare }) {
  return (
    <>
      <PageHeader
        title={`新建办件 · ${prepared.projectName}`}
        description="为每个测绘事项指定本机构的作业人员和计划日期。新建后项目进入“测绘中”，建设单位会收到通知。"
        actions={<Link to="/notdchy/toDoList">返回待办</Link>}
      />
      <DetailSection
        title="委托项目"
        items={[
          { label: '项目名称', value: prepared.projectName },
          { label: '项目编号', value: prepared.projectNo },
          { label: '建设单位', value: prepared.constructionName },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={prepared.projectStatus} /> },
          { label: '审批阶段', value: prepared.stageName },
          { label: '测绘事项', value: prepared.items.map((i) => i.itemName).join('、') },
        ]}
      />
      {prepared.blocked ? (
        <Notice tone={prepared.caseId ? 'info' : 'danger'}>
          {prepared.blocked}
          {prepared.caseId ? (
            <>
              ，<Link to={`${DETAIL}?id=${prepared.caseId}`}>查看办件</Link>
            </>
          ) : null}
        </Notice>
      ) : (
        <CaseForm prepared={prepared} />
      )}
    </>
  );
}

export function CaseDetailPage() {
  const [search] = useSearchParams();
  const [created] = useState(search.get('created') === '1');
  const detail = useRecordFromUrl(caseCalls.get, 'id', (caseId) => ({ caseId }));
  if (detail.missing)
    return (
      <>
        <PageHeader title="办件详情" />
        <Notice>
          请从<Link to="/notdchy/toDoList">待办需求</Link>中选择办件。
        </Notice>
      </>
    );
  return (
    <RecordPage record={detail} title="办件详情">
      {(data) => <CaseView detail={data} created={created} />}
    </RecordPage>
  );
}

function CaseView({ detail, created }: { detail: CaseDetail; created: boolean }) {
  return (
    <>
      <PageHeader
        title={`办件详情 · ${detail.caseNo}`}
        description={<StatusBadge table={projectStatus} value={detail.projectStatus} />}
        actions={<Link to={`/notdchy/Detials?id=${detail.authorizationId}`}>委托详情</Link>}
      />
      {created ? <Notice>办件已新建，项目进入测绘中。</Notice> : null}
      <ProjectCertificate projectId={detail.projectId} status={detail.projectStatus} />
      <DetailSection
        title="办件信息"
        items={[
          { label: '办件编号', value: detail.caseNo },
          { label: '测绘机构', value: detail.orgName },
          { label: '计划开始', value: detail.plannedStart },
          { label: '计划完成', value: detail.plannedEnd },
          { label: '新建人', value: detail.createdByName ?? '' },
          { label: '新建时间', value: formatDateTime(detail.createdAt) },
          { label: '备注', value: detail.remark ?? '', wide: true },
        ]}
      />
      <DetailSection
        title="项目信息"
        items={[
          { label: '项目名称', value: detail.projectName },
          { label: '项目编号', value: detail.projectNo },
          { label: '建设单位', value: detail.constructionName },
          { label: '所在区县', value: detail.districtName ?? '' },
          { label: '项目地址', value: detail.address ?? '', wide: true },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={detail.projectStatus} /> },
          { label: '审批阶段', value: detail.stageName },
        ]}
      />
      <DetailSection
        title="测绘事项与作业人员"
        items={detail.items.map((item) => ({
          label: item.itemName,
          value: item.staff.map((s) => (s.title ? `${s.staffName}（${s.title}）` : s.staffName)).join('、'),
        }))}
      />
      <Card>
        <h2 className="kit-detail__title">项目进度</h2>
        <ol className="case-timeline" aria-label="项目进度">
          {detail.logs.map((log) => (
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
