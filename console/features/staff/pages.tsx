/**
 * /orgstaff: the agency's staff list with the form that adds a person (sent for review at once), the
 * authority's to-do of additions (personnelReview), and a person's detail with the review timeline and
 * the decision panel (staffdetail).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRoleIds } from '@console/lib/current-user';
import { roles } from '@shared/domain/roles';
import {
  staffCalls,
  staffChangeCalls,
  staffFileCalls,
  type StaffDetail,
  type StaffRow,
} from '@shared/calls/staff';
import { type StaffFields } from '@shared/domain/staff';
import { auditStatus } from '@shared/domain/statuses';
import { formatDate, formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { staffAddSchema, staffUpdateSchema } from '@shared/validation/staff';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm, type FormWith } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { useFormFiles } from '@console/kit/file-field';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { decisionFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { StaffAccountCard } from './account';
import { changeColumns } from './change-pages';
import { StaffAttachmentsSection, StaffFilePicker, type StaffUploadKey } from './attachments';
import './staff.css';

/** A row of the reviewers' queue: the person with the task's deadline and holder. */

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

/** Holds the role itself (the administrator is not taken for an agency here). */
function useHasRole(roleId: string): boolean {
  return useRoleIds().includes(roleId);
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
      filters={[{ name: 'name', label: '姓名' }, statusFilter('auditStatus', '审核状态', auditStatus)]}
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
    <ReviewQueuePage
      title="人员审核"
      caption="待审核的从业人员"
      call={staffCalls.toDoStaff}
      keywordLabel="姓名或证件号码"
      columns={columns}
      rowKey={(row) => row.staffId}
      subjectType="agent_staff"
      subjectIdOf={(row) => row.staffId}
      labelOf={(row) => row.name}
      noun="从业人员"
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
  // Opened without an id (and not one's own record): say which record to choose, as other details do.
  const record = staffAccount ? self : { ...other, missing: !(id > 0) };
  return (
    <RecordPage record={record} missing="请从从业人员列表中选择人员">
      {(staff) => <StaffView staff={staff} agency={agency} self={staffAccount} />}
    </RecordPage>
  );
}

function StaffView({ staff, agency, self }: { staff: StaffDetail; agency: boolean; self: boolean }) {
  const decide = useCallMutation(staffCalls.approve, {
    invalidates: [staffCalls.queryOne, staffCalls.toDoStaff, staffCalls.query],
  });
  return (
    <>
      {/* A staff account's own record is its menu's 本人信息. */}
      <PageHeader title={`${self ? '本人信息' : '从业人员'}：${staff.name}`} />
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
      <ReviewDecision
        review={staff.review}
        offers={['approve', 'reject']}
        onDecide={(decision) => decide.mutateAsync({ id: staff.staffId, ...decisionFields(decision) })}
      />
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

/** The person's fields, the same in the add and the edit form. */
function StaffFields({ form }: { form: FormWith<keyof typeof formLabels> }) {
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
  const files = useFormFiles<StaffUploadKey>();
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
            const saved = await add.mutateAsync({ ...values, ...files.input() });
            await navigate(`/orgstaff/staffdetail?id=${saved.data.staffId}`);
          }}
        >
          <StaffFields form={form} />
          <StaffFilePicker current={[]} files={files} />
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
  const staff = useRecordFromUrl(staffCalls.queryOne, 'id', (id) => ({ id }));
  return (
    <RecordPage record={staff} missing="请从人员列表中选择要修改的人员">
      {(data) => <EditStaffForm staff={data} />}
    </RecordPage>
  );
}

function EditStaffForm({ staff }: { staff: StaffDetail }) {
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
  const files = useFormFiles<StaffUploadKey>();
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
            const saved = (await update.mutateAsync({ ...values, ...files.input() })).data;
            await navigate(
              saved.changeId === null
                ? `/orgstaff/staffdetail?id=${saved.staffId}`
                : `/orgstaff/PersonStaffdetailDifferent?id=${saved.changeId}`,
            );
          }}
        >
          <StaffFields form={form} />
          <StaffFilePicker current={staff.attachments} files={files} />
        </KitForm>
      </Card>
    </>
  );
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
