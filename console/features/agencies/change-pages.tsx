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
import {
  agencyAttachmentKind,
  agencyFieldKeys,
  agencyFieldLabels,
  type AgencyFields,
} from '@shared/domain/agencies';
import { callUrl } from '@shared/api/call';
import { Button } from '@shared/ui/button';
import { documentExtensions } from '@shared/validation/upload';
import { useApi } from '@console/lib/api';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, qualificationGrade, type AuditStatus } from '@shared/domain/statuses';
import { agencyChangeSchema } from '@shared/validation/agencies';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import {
  Attachments,
  FileField,
  KitForm,
  ListPage,
  StatusBadge,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type Column,
  deadlineColumn,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { ChangeComparison as Comparison } from '@console/components/review/change-comparison';
import {
  DecisionPanel,
  type Decision,
  verdictFields,
  transferFields,
} from '@console/components/review/decision-panel';
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
  return (
    <>
      <Comparison
        changed={change.changedFields}
        fields={agencyFieldKeys.map((key) => ({
          key,
          label: agencyFieldLabels[key],
          before: valueText(key, change.before, districts),
          after: valueText(key, change.data, districts),
        }))}
      />
      <ChangeFilesCompare change={change} />
    </>
  );
}

/** The attachments before and after: a change may replace them; the approval puts the new set in force. */
function ChangeFilesCompare({ change }: { change: AgencyChange }) {
  const api = useApi();
  const href = (file: { fileId: string }, kind: 'preview' | 'download') =>
    callUrl(api, kind === 'preview' ? agencyCalls.previewFile : agencyCalls.downloadFile, {
      id: file.fileId,
    });
  const changed = change.changedFields.includes('attachments');
  const label = (files: AgencyChange['dataFiles']) =>
    files.map((file) => ({
      ...file,
      fileName: `${agencyAttachmentKind.label(file.kind)}：${file.fileName}`,
    }));
  return (
    <>
      <h3 className="kit-detail__title">
        附件对照{changed ? <span className="agency-compare__mark">（已变更）</span> : '（无变化）'}
      </h3>
      <div className={`agency-files-compare${changed ? ' is-changed' : ''}`}>
        <Attachments files={label(change.beforeFiles)} href={href} title="变更前附件" />
        <Attachments files={label(change.dataFiles)} href={href} title="变更后附件" />
      </div>
    </>
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
          ...transferFields(decision),
        })
      : approve.mutateAsync({
          id,
          ...verdictFields(decision),
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
    cell: (row) =>
      row.changedFields
        .map((key) => (key === 'attachments' ? '附件' : agencyFieldLabels[key as keyof AgencyFields]))
        .join('、'),
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
      columns={[...changeColumns('/intermediary/OrgChangeInfo'), deadlineColumn()]}
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
  const [uploads, setUploads] = useState<Partial<Record<'licence' | 'qualification' | 'other', File>>>({});
  const [removed, setRemoved] = useState<string[]>([]);
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
            const result = await save.mutateAsync({
              ...values,
              ...uploads,
              ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}),
            } as never);
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
          <fieldset className="agency-files">
            <legend>附件（上传新的营业执照或资质证书即替换原件，审核通过后生效）</legend>
            {agencyAttachmentKind.entries.map((kind) => {
              const key = kind.key as 'licence' | 'qualification' | 'other';
              const current = org.attachments.filter(
                (file) => file.kind === kind.value && !removed.includes(file.fileId),
              );
              return (
                <div key={kind.value} className="agency-files__kind">
                  <FileField
                    id={`change-${key}`}
                    label={kind.label}
                    allowed={documentExtensions}
                    onFile={(file) =>
                      setUploads((before) => {
                        const next = { ...before };
                        if (file) next[key] = file;
                        else delete next[key];
                        return next;
                      })
                    }
                  />
                  {current.length > 0 ? (
                    <ul className="agency-files__list">
                      {current.map((file) => (
                        <li key={file.fileId}>
                          现有：{file.fileName}{' '}
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            onClick={() => setRemoved((before) => [...before, file.fileId])}
                          >
                            删除
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <TextField form={form} name="reason" label="变更原因" multiline />
        </KitForm>
      </Card>
    </>
  );
}
