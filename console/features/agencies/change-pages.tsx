/**
 * Agency change requests: /usercenter/OrgChangeApply (the agency edits a copy of its data and submits
 * it), OrgChangeDone (its requests), OrgChangeDetail and /intermediary/OrgChangeInfo (old and new side
 * by side with the differences marked, the timeline, and for a reviewer the decision panel),
 * /intermediary/OrgChange (the reviewers' to-do).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  agencyChangeCalls,
  agencyCalls,
  type AgencyChange,
  type AgencyChangeRow,
} from '@shared/contracts/agencies';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import { agencyFieldKeys, agencyFieldLabels, type AgencyFields } from '@shared/domain/agencies';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, qualificationGrade, type AuditStatus } from '@shared/domain/statuses';
import { agencyChangeSchema } from '@shared/validation/agencies';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import {
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type Column,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { DecisionPanel, type Decision } from '@console/components/review/decision-panel';
import { scopeText } from './agency-view';
import './agencies.css';

function valueText(key: keyof AgencyFields, fields: AgencyFields, districts: Map<string, string>): string {
  const value = fields[key];
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'businessScope') return scopeText(value as number[]);
  if (key === 'qualificationGrade') return qualificationGrade.label(value);
  if (key === 'districtCode') return districts.get(String(value)) ?? String(value);
  return String(value);
}

function useDistrictNames(): Map<string, string> {
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  return new Map((districts.data ?? []).map((option) => [String(option.value), option.label]));
}

/** Old and new side by side; changed rows are marked (colour and the word 已变更 for screen readers). */
export function ChangeComparison({ change }: { change: AgencyChange }) {
  const districts = useDistrictNames();
  const changed = new Set(change.changedFields);
  return (
    <Card>
      <h2 className="kit-detail__title">变更内容对照</h2>
      <p>共 {changed.size} 项变更，已用底色标出。</p>
      <table className="agency-compare">
        <caption className="sr-only">变更前后对照</caption>
        <thead>
          <tr>
            <th scope="col">项目</th>
            <th scope="col">变更前</th>
            <th scope="col">变更后</th>
          </tr>
        </thead>
        <tbody>
          {agencyFieldKeys.map((key) => (
            <tr key={key} className={changed.has(key) ? 'is-changed' : undefined}>
              <th scope="row">
                {agencyFieldLabels[key]}
                {changed.has(key) ? <span className="agency-compare__mark">（已变更）</span> : null}
              </th>
              <td>{valueText(key, change.before, districts)}</td>
              <td>{valueText(key, change.data, districts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export function ChangeDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [outcome, setOutcome] = useState<string | null>(null);
  const change = useCall(agencyChangeCalls.queryOne, { id }, { enabled: valid });
  const records = useCall(agencyChangeCalls.auditInfo, { id }, { enabled: valid });
  const reviewing = Boolean(
    change.data?.review?.allowed.some((key) => key !== 'submit' && key !== 'withdraw'),
  );
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const touched = {
    invalidates: [agencyChangeCalls.queryOne, agencyChangeCalls.auditInfo, agencyChangeCalls.todo],
  };
  const approve = useCallMutation(agencyChangeCalls.approve, touched);
  const transfer = useCallMutation(agencyChangeCalls.transfer, touched);
  if (!valid) return <Notice tone="danger">请从列表中选择变更申请</Notice>;
  if (change.error) return <Notice tone="danger">{change.error.message}</Notice>;
  const data = change.data?.pkid === id ? change.data : undefined;
  if (!data) return <PageHeader title="变更详情" description="正在加载…" />;
  const decideNow = (decision: Decision) =>
    decision.decision === 'transfer'
      ? transfer.mutateAsync({
          id,
          askReason: decision.opinion ?? '',
          transferStaffId: decision.transferToId ?? 0,
          ...(decision.version !== undefined ? { version: decision.version } : {}),
        })
      : approve.mutateAsync({
          id,
          auditStatus: decision.decision === 'approve' ? 2 : 3,
          ...(decision.opinion ? { opinion: decision.opinion } : {}),
          ...(decision.version !== undefined ? { version: decision.version } : {}),
        });
  const decide = async (decision: Decision) => setOutcome((await decideNow(decision)).message);
  return (
    <>
      <PageHeader
        title={`${data.orgName} · 机构变更`}
        description={
          <span className="agency-status">
            <StatusBadge table={auditStatus} value={data.auditStatus} />
            <span>申请时间：{formatDateTime(data.createdAt)}</span>
            {data.appliedAt ? <span>生效时间：{formatDateTime(data.appliedAt)}</span> : null}
          </span>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {data.reason ? <Notice>变更原因：{data.reason}</Notice> : null}
      <ChangeComparison change={data} />
      <Card>
        <AuditTimeline records={records.data ?? []} title="审核记录" />
      </Card>
      {data.review && reviewing ? (
        <DecisionPanel
          status={data.review.status as AuditStatus}
          version={data.review.version}
          allowed={data.review.allowed as ReviewDecisionKey[]}
          opinions={templates.data?.rows ?? []}
          reviewers={data.review.reviewers}
          onDecide={decide}
        />
      ) : null}
    </>
  );
}

const changeColumns = (link: string): Column<AgencyChangeRow>[] => [
  {
    key: 'orgName',
    header: '机构名称',
    cell: (row) => <Link to={`${link}?id=${row.pkid}`}>{row.orgName}</Link>,
    wide: true,
  },
  {
    key: 'changedFields',
    header: '变更项目',
    cell: (row) => row.changedFields.map((key) => agencyFieldLabels[key as keyof AgencyFields]).join('、'),
  },
  { key: 'reason', header: '变更原因', cell: (row) => row.reason ?? '' },
  {
    key: 'auditStatus',
    header: '状态',
    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus} />,
  },
  { key: 'createdAt', header: '申请时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

export function ChangeTodoPage() {
  return (
    <ListPage
      title="机构变更审核"
      caption="待审核的机构变更"
      call={agencyChangeCalls.todo}
      columns={changeColumns('/intermediary/OrgChangeInfo')}
      rowKey={(row) => row.pkid}
      emptyText="暂无待审核的机构变更"
    />
  );
}

export function OwnChangesPage() {
  return (
    <ListPage
      title="已办机构变更"
      caption="本机构的变更申请"
      actions={<Link to="/usercenter/OrgChangeApply">申请变更</Link>}
      call={agencyChangeCalls.querySelf}
      columns={changeColumns('/usercenter/OrgChangeDetail')}
      rowKey={(row) => row.pkid}
      emptyText="暂无变更申请"
    />
  );
}

export function ChangeApplyPage() {
  const check = useCall(agencyChangeCalls.check, {});
  const self = useCall(agencyCalls.querySelf, {});
  // Kept here: after submitting, the check says a change is open and the form goes away.
  const [done, setDone] = useState<{ message: string; id: number } | null>(null);
  if (done)
    return (
      <>
        <PageHeader title="机构变更申请" />
        <Notice>
          {done.message} <Link to={`/usercenter/OrgChangeDetail?id=${done.id}`}>查看变更申请</Link>
        </Notice>
      </>
    );
  if (check.isPending || self.isPending) return <PageHeader title="机构变更申请" description="正在加载…" />;
  if (check.error || self.error) return <Notice tone="danger">{(check.error ?? self.error)?.message}</Notice>;
  if (!check.data?.canChange || !self.data)
    return (
      <>
        <PageHeader title="机构变更申请" />
        <Notice>
          {check.data?.message}
          {check.data?.openChangeId ? (
            <>
              {' '}
              <Link to={`/usercenter/OrgChangeDetail?id=${check.data.openChangeId}`}>查看变更申请</Link>
            </>
          ) : null}
        </Notice>
      </>
    );
  return <ChangeForm org={self.data} onDone={setDone} />;
}

function ChangeForm({
  org,
  onDone,
}: {
  org: NonNullable<ReturnType<typeof useCall<typeof agencyCalls.querySelf>>['data']>;
  onDone: (done: { message: string; id: number }) => void;
}) {
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  const save = useCallMutation(agencyChangeCalls.updateSelf, {
    invalidates: [agencyChangeCalls.check, agencyChangeCalls.querySelf],
  });
  const form = useContractForm(agencyChangeSchema, {
    orgName: org.orgName,
    credential: org.credential ?? '',
    legalPersonName: org.legalPersonName ?? '',
    registrationOrgan: org.registrationOrgan ?? '',
    qualificationCertNo: org.qualificationCertNo ?? '',
    qualificationGrade: org.qualificationGrade ? String(org.qualificationGrade) : '',
    qualificationValidUntil: org.qualificationValidUntil ?? '',
    businessScope: org.businessScope.map(String).join(','),
    districtCode: org.districtCode ?? '',
    address: org.address ?? '',
    contactName: org.contactName ?? '',
    contactPhone: org.contactPhone ?? '',
    email: org.email ?? '',
    introduction: org.introduction ?? '',
    reason: '',
    action: 'submit',
  });
  return (
    <>
      <PageHeader
        title="机构变更申请"
        description="修改需要变更的信息并填写变更原因；审核通过前，现有信息继续有效。"
      />
      <Card>
        <KitForm
          form={form}
          fields={{
            orgName: '机构名称',
            legalPersonName: '法定代表人',
            address: '办公地址',
            contactName: '联系人',
            contactPhone: '联系电话',
            reason: '变更原因',
          }}
          submitLabel="提交变更申请"
          onSubmit={async (values) => {
            const result = await save.mutateAsync(values as never);
            onDone({ message: result.message, id: result.data.pkid });
          }}
        >
          <div className="agency-form__grid">
            <TextField form={form} name="orgName" label="机构名称" />
            <TextField form={form} name="legalPersonName" label="法定代表人" />
            <TextField form={form} name="registrationOrgan" label="登记机关" />
            <TextField form={form} name="qualificationCertNo" label="资质证书编号" />
            <TextField
              form={form}
              name="qualificationGrade"
              label="资质等级"
              options={qualificationGrade.entries.map((entry) => ({
                value: entry.value,
                label: entry.label,
              }))}
            />
            <TextField
              form={form}
              name="districtCode"
              label="所在区县"
              options={(districts.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
            />
            <TextField form={form} name="address" label="办公地址" />
            <TextField form={form} name="contactName" label="联系人" />
            <TextField form={form} name="contactPhone" label="联系电话" type="tel" />
            <TextField form={form} name="email" label="电子邮箱" type="email" />
          </div>
          <TextField form={form} name="introduction" label="机构简介" multiline />
          <TextField form={form} name="reason" label="变更原因" multiline />
        </KitForm>
      </Card>
    </>
  );
}
