/**
 * /orgstaff: the agency's staff list with the form that adds a person (sent for review at once), the
 * authority's to-do of additions (personnelReview), and a person's detail with the review timeline and
 * the decision panel (staffdetail).
 */
import { useState } from 'react';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import type { ShellData } from '@console/app/console-shell';
import { roles } from '@shared/domain/roles';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import {
  staffCalls,
  staffChangeCalls,
  staffFileCalls,
  type StaffChangeDetail,
  type StaffChangeRow,
  type StaffRow,
} from '@shared/contracts/staff';
import { staffFieldKeys, staffFieldLabels, type StaffFields } from '@shared/domain/staff';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { formatDate, formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { staffAddSchema, staffUpdateSchema } from '@shared/validation/staff';
import {
  ConfirmAction,
  DetailSection,
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type ActionOutcome,
  type Column,
  deadlineColumn,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { ChangeComparison } from '@console/components/review/change-comparison';
import { DecisionPanel } from '@console/components/review/decision-panel';
import { StaffAccountCard } from './account';
import {
  StaffAttachmentsSection,
  StaffFilePicker,
  StaffFilesCompare,
  type StaffUploadKey,
  type StaffUploads,
} from './attachments';
import './orgstaff.css';

const columns: readonly Column<StaffRow>[] = [
  {
    key: 'name',
    header: '姓名',
    cell: (row) => <Link to={`/orgstaff/staffdetail?id=${row.staffId}`}>{row.name}</Link>,
    nowrap: true,
  },
  { key: 'orgName', header: '所属机构', cell: (row) => row.orgName, wide: true },
  { key: 'title', header: '职称', cell: (row) => row.title ?? '—', nowrap: true },
  { key: 'post', header: '岗位', cell: (row) => row.post ?? '—', nowrap: true },
  { key: 'certificateNo', header: '证书编号', cell: (row) => row.certificateNo ?? '—', nowrap: true },
  {
    key: 'auditStatus',
    header: '审核状态',
    cell: (row) => (
      <>
        <StatusBadge table={auditStatus} value={row.auditStatus} />
        {row.isBlacklisted ? <span className="kit-badge kit-badge--danger">黑名单</span> : null}
      </>
    ),
    nowrap: true,
  },
  { key: 'createdAt', header: '登记时间', cell: (row) => formatDate(row.createdAt), nowrap: true },
];

/** Whether the signed-in user holds the agency role (who edits staff; the server checks again). */
function useIsAgency(): boolean {
  return useHasRole(roles.agency.id);
}

function useHasRole(roleId: string): boolean {
  const shell = useRouteLoaderData<ShellData>('console');
  return (shell?.user.roleid ?? '').split(',').includes(roleId);
}

/** The files chosen in a form and the files in force marked for removal, sent with the form. */
function useStaffUploads() {
  const [uploads, setUploads] = useState<StaffUploads>({});
  const [removed, setRemoved] = useState<string[]>([]);
  return {
    removed,
    onUpload: (key: StaffUploadKey, file: File | null) =>
      setUploads((before) => {
        const next = { ...before };
        if (file) next[key] = file;
        else delete next[key];
        return next;
      }),
    onRemove: (fileId: string) => setRemoved((before) => [...before, fileId]),
    fields: () => ({ ...uploads, ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}) }),
  };
}

/** Edit and delete of one of the agency's own people (the server refuses while it is under review). */
function StaffRowActions({ row, onDone }: { row: StaffRow; onDone: (outcome: ActionOutcome) => void }) {
  const remove = useCallMutation(staffCalls.delete, { invalidates: [staffCalls.query] });
  if (row.auditStatus === auditStatus.code.pending) return <span>审核中</span>;
  return (
    <>
      <Link to={`/orgstaff/editStaffAdd?id=${row.staffId}`}>修改</Link>{' '}
      <ConfirmAction
        label="删除"
        title="删除人员"
        question={`确定删除“${row.name}”吗？删除后不再出现在列表中，审核记录仍可查看。`}
        action={() => remove.mutateAsync({ id: row.staffId })}
        onDone={onDone}
      />
    </>
  );
}

/** /orgstaff/stafflist: an agency's own staff (the authority sees every agency's). */
export function StaffListPage({ organizationId }: { organizationId?: number } = {}) {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const agency = useIsAgency();
  return (
    <ListPage
      title={organizationId ? '机构从业人员' : '从业人员'}
      caption="从业人员列表"
      call={staffCalls.query}
      filters={[
        { name: 'name', label: '姓名' },
        {
          name: 'auditStatus',
          label: '审核状态',
          type: 'select',
          options: auditStatus.entries.map((entry) => ({ value: entry.value, label: entry.label })),
        },
      ]}
      {...(organizationId ? { fixedInput: { organizationId } } : {})}
      columns={columns}
      rowKey={(row) => row.staffId}
      feedback={feedback}
      {...(agency
        ? {
            actions: <Link to="/orgstaff/staffadd">新增人员</Link>,
            rowActions: (row: StaffRow) => <StaffRowActions row={row} onDone={setFeedback} />,
          }
        : {})}
      emptyText="还没有登记从业人员"
    />
  );
}

/** /orgstaff/personnelReview: the authority's to-do of staff additions. */
export function PersonnelReviewPage() {
  return (
    <ListPage
      title="人员审核"
      caption="待审核的从业人员"
      call={staffCalls.toDoStaff}
      columns={[...columns, deadlineColumn()]}
      rowKey={(row) => row.staffId}
      emptyText="没有待审核的人员"
    />
  );
}

/** /orgstaff/staffdetail?id=: one person, the review timeline and (for a reviewer) the decision. */
export function StaffDetailPage() {
  const [search] = useSearchParams();
  const agency = useIsAgency();
  const staffAccount = useHasRole(roles.staff.id) && !agency;
  const id = Number(search.get('id') ?? 0);
  // A staff account sees the one person it belongs to (agentstaff/querySelf), whatever the link says.
  const other = useCall(staffCalls.queryOne, { id }, { enabled: id > 0 && !staffAccount });
  const self = useCall(staffFileCalls.querySelf, {}, { enabled: staffAccount });
  const detail = staffAccount ? self : other;
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 } as never);
  const decide = useCallMutation(staffCalls.approve, {
    invalidates: [staffCalls.queryOne, staffCalls.toDoStaff, staffCalls.query],
  });
  if (detail.error) return <Notice tone="danger">{detail.error.message}</Notice>;
  const staff = detail.data;
  if (!staff) return <Notice>加载中……</Notice>;
  const allowed = (staff.review?.allowed ?? []).filter(
    (key): key is ReviewDecisionKey => key === 'approve' || key === 'reject',
  );
  return (
    <>
      <PageHeader title={`从业人员：${staff.name}`} />
      {staff.deletedAt ? (
        <Notice tone="info">该人员已于 {formatDateTime(staff.deletedAt)} 删除，以下为历史信息。</Notice>
      ) : null}
      {staff.openChangeId !== null ? (
        <Notice>
          该人员有一项变更正在审核：
          <Link to={`/orgstaff/PersonStaffdetailDifferent?id=${staff.openChangeId}`}>查看变更对照</Link>
        </Notice>
      ) : null}
      <Card>
        <DetailSection
          title="基本信息"
          items={[
            { label: '姓名', value: staff.name },
            { label: '所属机构', value: staff.orgName },
            { label: '身份证号码', value: staff.idCardNo ?? '—' },
            { label: '手机号码', value: staff.phone ?? '—' },
            { label: '职称', value: staff.title ?? '—' },
            { label: '证书编号', value: staff.certificateNo ?? '—' },
            { label: '岗位', value: staff.post ?? '—' },
            { label: '审核状态', value: <StatusBadge table={auditStatus} value={staff.auditStatus} /> },
            { label: '人员黑名单', value: staff.isBlacklisted ? '是' : '否' },
          ]}
        />
      </Card>
      <StaffAttachmentsSection files={staff.attachments} />
      <StaffAccountCard staff={staff} agency={agency} />
      <AuditTimeline records={staff.records} />
      {staff.review && allowed.length > 0 ? (
        <DecisionPanel
          status={staff.review.status as AuditStatus}
          version={staff.review.version}
          allowed={allowed}
          opinions={(templates.data?.rows ?? []) as { pkid: number; content: string }[]}
          reviewers={[]}
          onDecide={(decision) =>
            decide.mutateAsync({
              id,
              decision: decision.decision as 'approve' | 'reject',
              ...(decision.opinion ? { opinion: decision.opinion } : {}),
              ...(decision.version !== undefined ? { version: decision.version } : {}),
            })
          }
        />
      ) : null}
    </>
  );
}

/** /orgstaff/staffListChild?orgId=: one agency's staff (an agency always sees its own only). */
export function StaffListChildPage() {
  const [search] = useSearchParams();
  const orgId = Number(search.get('orgId'));
  return <StaffListPage {...(Number.isInteger(orgId) && orgId > 0 ? { organizationId: orgId } : {})} />;
}

const formLabels = {
  name: '姓名',
  idCardNo: '身份证号码',
  phone: '手机号码',
  title: '职称',
  certificateNo: '证书编号',
  post: '岗位',
};

function StaffFields({ form }: { form: Parameters<typeof TextField>[0]['form'] }) {
  return (
    <>
      <TextField form={form} name="name" label="姓名" />
      <TextField form={form} name="idCardNo" label="身份证号码" />
      <TextField form={form} name="phone" label="手机号码" type="tel" />
      <TextField form={form} name="title" label="职称" />
      <TextField form={form} name="certificateNo" label="证书编号" />
      <TextField form={form} name="post" label="岗位" />
    </>
  );
}

/** /orgstaff/staffadd: the agency adds a person; the addition goes to review at once. */
export function StaffAddPage() {
  const navigate = useNavigate();
  const form = useContractForm(staffAddSchema, {
    name: '',
    idCardNo: '',
    phone: '',
    title: '',
    certificateNo: '',
    post: '',
  });
  const add = useCallMutation(staffCalls.add, { invalidates: [staffCalls.query] });
  const files = useStaffUploads();
  return (
    <>
      <PageHeader
        title="新增从业人员"
        description="保存后提交行业主管部门审核；人员黑名单中的人员不能添加。"
      />
      <Card>
        <KitForm
          form={form}
          fields={formLabels}
          submitLabel="提交审核"
          onSubmit={async (values) => {
            const saved = await add.mutateAsync({ ...values, ...files.fields() } as never);
            await navigate(`/orgstaff/staffdetail?id=${saved.data.staffId}`);
          }}
        >
          <StaffFields form={form as never} />
          <StaffFilePicker current={[]} {...files} />
        </KitForm>
      </Card>
    </>
  );
}

/**
 * /orgstaff/editStaffAdd?id=: the agency edits a person. Not yet approved: edited in place and sent
 * to review again; approved: the edits go to review as a change and apply only when approved.
 */
export function EditStaffPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const detail = useCall(staffCalls.queryOne, { id }, { enabled: id > 0 });
  if (!(id > 0)) return <Notice tone="danger">请从人员列表中选择要修改的人员</Notice>;
  if (detail.error) return <Notice tone="danger">{detail.error.message}</Notice>;
  if (!detail.data || detail.data.staffId !== id) return <Notice>加载中……</Notice>;
  return <EditStaffForm staff={detail.data} />;
}

function EditStaffForm({
  staff,
}: {
  staff: NonNullable<ReturnType<typeof useCall<typeof staffCalls.queryOne>>['data']>;
}) {
  const navigate = useNavigate();
  const form = useContractForm(staffUpdateSchema, {
    id: staff.staffId,
    name: staff.name,
    idCardNo: staff.idCardNo ?? '',
    phone: staff.phone ?? '',
    title: staff.title ?? '',
    certificateNo: staff.certificateNo ?? '',
    post: staff.post ?? '',
  });
  const update = useCallMutation(staffCalls.update, {
    invalidates: [staffCalls.query, staffCalls.queryOne, staffChangeCalls.query],
  });
  const files = useStaffUploads();
  const approved = staff.auditStatus === auditStatus.code.approved;
  const blocked = staff.auditStatus === auditStatus.code.pending || staff.openChangeId !== null;
  return (
    <>
      <PageHeader
        title={`修改人员：${staff.name}`}
        description={
          approved
            ? '该人员已审核通过：修改内容作为变更提交审核，审核通过后生效，之前仍按原信息。'
            : '修改后重新提交审核。'
        }
      />
      {blocked ? <Notice tone="info">该人员正在审核中，请等审核结束后再修改。</Notice> : null}
      <Card>
        <KitForm
          form={form}
          fields={formLabels}
          submitLabel={approved ? '提交变更审核' : '提交审核'}
          onSubmit={async (values) => {
            const saved = (await update.mutateAsync({ ...values, ...files.fields() } as never)).data;
            await navigate(
              saved.changeId === null
                ? `/orgstaff/staffdetail?id=${saved.staffId}`
                : `/orgstaff/PersonStaffdetailDifferent?id=${saved.changeId}`,
            );
          }}
        >
          <StaffFields form={form as never} />
          <StaffFilePicker current={staff.attachments} {...files} />
        </KitForm>
      </Card>
    </>
  );
}

const changeColumns = (link: string): readonly Column<StaffChangeRow>[] => [
  {
    key: 'name',
    header: '姓名',
    cell: (row) => <Link to={`${link}?id=${row.pkid}`}>{row.name}</Link>,
    nowrap: true,
  },
  { key: 'orgName', header: '所属机构', cell: (row) => row.orgName, wide: true },
  {
    key: 'changedFields',
    header: '变更项目',
    cell: (row) =>
      row.changedFields.map((key) => staffFieldLabels[key as keyof StaffFields]).join('、') || '附件',
  },
  {
    key: 'auditStatus',
    header: '状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
    nowrap: true,
  },
  { key: 'createdAt', header: '申请时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

/** /orgstaff/staffchecklist: changes of approved people (an agency sees its own). */
export function StaffChangeListPage() {
  return (
    <ListPage
      title="人员变更"
      caption="人员变更申请"
      call={staffChangeCalls.query}
      filters={[
        {
          name: 'auditStatus',
          label: '审核状态',
          type: 'select',
          options: auditStatus.entries.map((entry) => ({ value: entry.value, label: entry.label })),
        },
      ]}
      columns={changeColumns('/orgstaff/PersonStaffdetailDifferent')}
      rowKey={(row) => row.pkid}
      emptyText="没有人员变更申请"
    />
  );
}

/** /orgstaff/informationReview: the reviewer's to-do of staff changes. */
export function StaffChangeTodoPage() {
  return (
    <ListPage
      title="人员变更审核"
      caption="待审核的人员变更"
      call={staffChangeCalls.toDo}
      columns={[...changeColumns('/orgstaff/staffcheck'), deadlineColumn()]}
      rowKey={(row) => row.pkid}
      emptyText="没有待审核的人员变更"
    />
  );
}

/** Old and new side by side; changed rows are marked (colour and the word 已变更 for screen readers). */
function StaffComparison({ change }: { change: StaffChangeDetail }) {
  return (
    <ChangeComparison
      changed={change.changedFields}
      fields={staffFieldKeys.map((key) => ({
        key,
        label: staffFieldLabels[key],
        before: change.before[key] ?? '',
        after: change.data[key] ?? '',
      }))}
    />
  );
}

/**
 * /orgstaff/PersonStaffdetailDifferent?id= (the applicant's) and /orgstaff/staffcheck?id= (the
 * reviewer's): one change, old and new side by side, its timeline and, for a reviewer, the decision.
 * staffcheck without an id lists the changes waiting for review.
 */
export function StaffChangeDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const change = useCall(staffChangeCalls.queryOne, { id }, { enabled: id > 0 });
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 } as never);
  const decide = useCallMutation(staffChangeCalls.approve, {
    invalidates: [
      staffChangeCalls.queryOne,
      staffChangeCalls.toDo,
      staffChangeCalls.query,
      staffCalls.queryOne,
    ],
  });
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!(id > 0)) return <Notice tone="danger">请从人员变更列表中选择变更申请</Notice>;
  if (change.error) return <Notice tone="danger">{change.error.message}</Notice>;
  const data = change.data?.pkid === id ? change.data : undefined;
  if (!data) return <Notice>加载中……</Notice>;
  const allowed = (data.review?.allowed ?? []).filter(
    (key): key is ReviewDecisionKey => key === 'approve' || key === 'reject',
  );
  return (
    <>
      <PageHeader
        title={`${data.name} · 人员变更`}
        description={
          <span className="staff-status">
            <StatusBadge table={auditStatus} value={data.auditStatus} />
            <span>{data.orgName}</span>
            <span>申请时间：{formatDateTime(data.createdAt)}</span>
            {data.appliedAt ? <span>生效时间：{formatDateTime(data.appliedAt)}</span> : null}
            <Link to={`/orgstaff/personStaffdetail?id=${data.staffId}`}>查看人员</Link>
          </span>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <StaffComparison change={data} />
      <StaffFilesCompare change={data} />
      <AuditTimeline records={data.records} />
      {data.review && allowed.length > 0 ? (
        <DecisionPanel
          status={data.review.status as AuditStatus}
          version={data.review.version}
          allowed={allowed}
          opinions={(templates.data?.rows ?? []) as { pkid: number; content: string }[]}
          reviewers={[]}
          onDecide={async (decision) => {
            const result = await decide.mutateAsync({
              id,
              decision: decision.decision as 'approve' | 'reject',
              ...(decision.opinion ? { opinion: decision.opinion } : {}),
              ...(decision.version !== undefined ? { version: decision.version } : {}),
            });
            setOutcome(result.message);
            return result;
          }}
        />
      ) : null}
    </>
  );
}

/** /orgstaff/staffcheck: a change to review (?id=), or without an id the changes waiting for review. */
export function StaffCheckPage() {
  const [search] = useSearchParams();
  return search.get('id') ? <StaffChangeDetailPage /> : <StaffChangeTodoPage />;
}

/** /orgstaff/personStaffdetail?id=: one person with every change asked for it. */
export function PersonStaffDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  return (
    <>
      <StaffDetailPage />
      {id > 0 ? (
        <ListPage
          title="变更记录"
          caption="该人员的变更申请"
          call={staffChangeCalls.query}
          fixedInput={{ staffId: id }}
          columns={changeColumns('/orgstaff/PersonStaffdetailDifferent')}
          rowKey={(row) => row.pkid}
          emptyText="该人员没有变更申请"
        />
      ) : null}
    </>
  );
}
