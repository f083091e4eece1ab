/**
 * /orgstaff: the agency's staff list with the form that adds a person (sent for review at once), the
 * authority's to-do of additions (personnelReview), and a person's detail with the review timeline and
 * the decision panel (staffdetail).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import { staffCalls, type StaffRow } from '@shared/contracts/staff';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { formatDate } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { staffAddSchema } from '@shared/validation/staff';
import {
  DetailSection,
  FormDialog,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type ActionOutcome,
  type Column,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { DecisionPanel } from '@console/components/review/decision-panel';

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

function AddStaff({ onDone }: { onDone: (outcome: ActionOutcome) => void }) {
  const form = useContractForm(staffAddSchema, {
    name: '',
    idCardNo: '',
    phone: '',
    title: '',
    certificateNo: '',
    post: '',
  });
  const add = useCallMutation(staffCalls.add, { invalidates: [staffCalls.query] });
  return (
    <FormDialog
      trigger={<Button>新增人员</Button>}
      title="新增从业人员"
      description="保存后提交行业主管部门审核；人员黑名单中的人员不能添加。"
      form={form}
      fields={{
        name: '姓名',
        idCardNo: '身份证号码',
        phone: '手机号码',
        title: '职称',
        certificateNo: '证书编号',
        post: '岗位',
      }}
      onSubmit={async (values) => onDone({ tone: 'success', text: (await add.mutateAsync(values)).message })}
    >
      <TextField form={form} name="name" label="姓名" />
      <TextField form={form} name="idCardNo" label="身份证号码" />
      <TextField form={form} name="phone" label="手机号码" type="tel" />
      <TextField form={form} name="title" label="职称" />
      <TextField form={form} name="certificateNo" label="证书编号" />
      <TextField form={form} name="post" label="岗位" />
    </FormDialog>
  );
}

/** /orgstaff/stafflist: an agency's own staff (the authority sees every agency's). */
export function StaffListPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      title="从业人员"
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
      columns={columns}
      rowKey={(row) => row.staffId}
      feedback={feedback}
      actions={<AddStaff onDone={setFeedback} />}
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
      columns={columns}
      rowKey={(row) => row.staffId}
      emptyText="没有待审核的人员"
    />
  );
}

/** /orgstaff/staffdetail?id=: one person, the review timeline and (for a reviewer) the decision. */
export function StaffDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const detail = useCall(staffCalls.queryOne, { id }, { enabled: id > 0 });
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
