/**
 * Agency change requests: /usercenter/OrgChangeApply (the agency edits a copy of its data and submits
 * it), OrgChangeDone (its requests), OrgChangeDetail and /intermediary/OrgChangeInfo (old and new side
 * by side with the differences marked, the timeline, and for a reviewer the decision panel),
 * /intermediary/OrgChange (the reviewers' to-do).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  agencyChangeCalls,
  agencyCalls,
  type AgencyChange,
  type AgencyChangeRow,
} from '@shared/calls/agencies';
import {
  agencyAttachmentKind,
  agencyFieldKeys,
  agencyFieldLabels,
  type AgencyFields,
} from '@shared/domain/agencies';
import { callUrl } from '@shared/api/call';
import { useApi } from '@console/lib/api';
import { qualificationGrade } from '@shared/domain/statuses';
import { agencyChangeSchema } from '@shared/validation/agencies';
import { Notice, PageHeader } from '@shared/ui/page';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { useFormFiles } from '@console/kit/file-field';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import { AttachmentFields, type AttachmentKey } from '@console/components/registration/registration';
import {
  ChangeComparison,
  ChangeDetail,
  ChangeRequestForm,
  changeColumns as common,
  changeQueueKeys,
  comparedFields,
  decideBySpecCalls,
} from '@console/components/review/change-request';
import { scopeText } from './agency-view';
import { AgencyInputs } from './agency-inputs';
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

/** Old and new side by side with the attachments; changed rows are marked (colour and the word 已变更). */
function AgencyComparison({ change }: { change: AgencyChange }) {
  const districts = useDistrictNames();
  const api = useApi();
  const label = (files: AgencyChange['dataFiles']) =>
    files.map((file) => ({
      ...file,
      fileName: `${agencyAttachmentKind.label(file.kind)}：${file.fileName}`,
    }));
  return (
    <ChangeComparison
      changed={change.changedFields}
      fields={comparedFields(agencyFieldKeys, agencyFieldLabels, change, (key, fields) =>
        valueText(key, fields, districts),
      )}
      files={{
        before: label(change.beforeFiles),
        after: label(change.dataFiles),
        changed: change.changedFields.includes('attachments'),
        href: (file, kind) =>
          callUrl(api, kind === 'preview' ? agencyCalls.previewFile : agencyCalls.downloadFile, {
            id: file.fileId,
          }),
      }}
    />
  );
}

export function ChangeDetailPage() {
  const change = useRecordFromUrl(agencyChangeCalls.queryOne, 'id', (id) => ({ id }));
  return (
    <RecordPage record={change} title="变更详情" missing="请从列表中选择变更申请">
      {(data) => <AgencyChangeView change={data} />}
    </RecordPage>
  );
}

function AgencyChangeView({ change }: { change: AgencyChange }) {
  const id = change.pkid;
  const records = useCall(agencyChangeCalls.auditInfo, { id });
  const touched = {
    invalidates: [agencyChangeCalls.queryOne, agencyChangeCalls.auditInfo, agencyChangeCalls.todo],
  };
  const approve = useCallMutation(agencyChangeCalls.approve, touched);
  const transfer = useCallMutation(agencyChangeCalls.transfer, touched);
  return (
    <ChangeDetail
      title={`${change.orgName} · 机构变更`}
      change={change}
      reason={change.reason}
      comparison={<AgencyComparison change={change} />}
      records={records.data ?? []}
      review={change.review}
      decide={decideBySpecCalls(id, approve.mutateAsync, transfer.mutateAsync)}
    />
  );
}

const changeColumns = (link: string): Column<AgencyChangeRow>[] => [
  common.subject('orgName', '机构名称', (row) => `${link}?id=${row.pkid}`),
  common.changed('变更项目', agencyFieldLabels),
  common.reason(),
  common.status(),
  common.createdAt(),
];

export function ChangeTodoPage() {
  return (
    <ReviewQueuePage
      title="机构变更审核"
      caption="待审核的机构变更"
      call={agencyChangeCalls.todo}
      keywordLabel="机构名称或信用代码"
      columns={changeColumns('/intermediary/OrgChangeInfo')}
      {...changeQueueKeys}
      subjectType="org_change"
      labelOf={(row) => row.orgName}
      noun="机构变更"
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
  const save = useCallMutation(agencyChangeCalls.updateSelf, {
    invalidates: [agencyChangeCalls.check, agencyChangeCalls.querySelf],
  });
  const uploads = useFormFiles<AttachmentKey<typeof agencyAttachmentKind>>();
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
      <PageHeader title="机构变更申请" />
      <ChangeRequestForm
        form={form}
        fields={{
          orgName: '机构名称',
          legalPersonName: '法定代表人',
          address: '办公地址',
          contactName: '联系人',
          contactPhone: '联系电话',
          reason: '变更原因',
        }}
        send={(values) => save.mutateAsync({ ...values, ...uploads.input() })}
        onDone={onDone}
      >
        <AgencyInputs form={form} applying={false} />
        <TextField form={form} name="introduction" label="机构简介" multiline />
        <fieldset>
          <legend>附件（上传新的营业执照或资质证书即替换原件，审核通过后生效）</legend>
          <AttachmentFields
            kinds={agencyAttachmentKind}
            kept={org.attachments.filter((file) => !uploads.removed.includes(file.fileId))}
            keptLabel="现有："
            onFile={uploads.choose}
            onRemove={uploads.remove}
          />
        </fieldset>
        <TextField form={form} name="reason" label="变更原因" multiline />
      </ChangeRequestForm>
    </>
  );
}
