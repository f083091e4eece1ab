/**
 * Changes of a verified unit: the owner's change form (on /construction/update once verified), one
 * change old and new side by side (/usercenter/jsdwVerifyInfo?changeId=, the owner's and the
 * reviewers' page, with the decision panel for a reviewer) and the reviewers' to-do
 * (/usercenter/jsdwVerify?view=changes).
 */
import { type ReactNode } from 'react';
import {
  constructionCalls,
  type ConstructionRecord,
  type UnitChange,
  type UnitChangeRow,
} from '@shared/calls/construction';
import { constructionFieldKeys, constructionFieldLabels } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { constructionChangeSchema } from '@shared/validation/construction';
import { Notice } from '@shared/ui/page';
import { RecordPage } from '@console/kit/record-page';
import { TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import {
  ChangeComparison,
  ChangeDetail,
  ChangeRequestForm,
  changeColumns as common,
  changeQueueKeys,
  comparedFields,
  decideBySpecCalls,
} from '@console/components/review/change-request';
import { UnitInputs } from './unit-inputs';
import './construction.css';

export const changeLink = (id: number) => `/usercenter/jsdwVerifyInfo?changeId=${id}`;

function useDistrictNames(): Map<string, string> {
  const districts = useCall(constructionCalls.metadata, { x: 'district' });
  return new Map((districts.data ?? []).map((option) => [String(option.value), option.label]));
}

/** The owner's change request of its verified unit; the unit's data stays in force until approval. */
export function UnitChangeForm({
  unit,
  onDone,
}: {
  unit: ConstructionRecord;
  onDone: (done: { message: string; id: number }) => void;
}) {
  const save = useCallMutation(constructionCalls.update, { invalidates: [constructionCalls.querySelf] });
  const form = useContractForm(constructionChangeSchema, {
    name: unit.name,
    creditCode: unit.creditCode ?? '',
    legalPersonName: unit.legalPersonName ?? '',
    contactName: unit.contactName ?? '',
    contactPhone: unit.contactPhone ?? '',
    address: unit.address ?? '',
    districtCode: unit.districtCode ?? '',
    reason: '',
    action: 'submit',
  });
  return (
    <ChangeRequestForm
      form={form}
      title="信息变更申请"
      fields={{ ...constructionFieldLabels, reason: '变更原因' }}
      send={(values) => save.mutateAsync(values)}
      onDone={onDone}
    >
      <UnitInputs form={form}>
        <TextField form={form} name="reason" label="变更原因" multiline />
      </UnitInputs>
    </ChangeRequestForm>
  );
}

function UnitComparison({ change }: { change: UnitChange }) {
  const districts = useDistrictNames();
  return (
    <ChangeComparison
      changed={change.changedFields}
      fields={comparedFields(constructionFieldKeys, constructionFieldLabels, change, (key, fields) =>
        key === 'districtCode' ? (districts.get(fields[key]) ?? fields[key]) : fields[key],
      )}
    />
  );
}

/** One change: old and new, why, its records, and for a reviewer the decision. */
export function UnitChangeView({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const change = useRecord(constructionCalls.queryOneChange, valid ? { id } : undefined);
  return (
    <RecordPage record={change} title="建设单位变更" missing="请从列表中选择变更申请">
      {(data) => <UnitChangeDetail change={data} />}
    </RecordPage>
  );
}

function UnitChangeDetail({ change }: { change: UnitChange }) {
  const approve = useCallMutation(constructionCalls.approveChange, {
    invalidates: [
      constructionCalls.queryOneChange,
      constructionCalls.toDoChange,
      constructionCalls.querySelf,
    ],
  });
  return (
    <ChangeDetail
      title={`${change.unitName}：信息变更`}
      change={change}
      facts={
        change.auditStatus === auditStatus.code.pending ? (
          <Notice>变更审核通过前，单位现有信息继续有效。</Notice>
        ) : null
      }
      reason={change.reason}
      comparison={<UnitComparison change={change} />}
      records={change.records}
      review={change.review}
      decide={decideBySpecCalls(change.pkid, approve.mutateAsync)}
    />
  );
}

const changeColumns: Column<UnitChangeRow>[] = [
  common.subject('unitName', '单位名称', (row) => changeLink(row.pkid)),
  common.changed('变更内容', constructionFieldLabels),
  common.reason(),
  common.status(),
  common.createdAt(),
];

export function UnitChangeTodo({ intro }: { intro: ReactNode }) {
  return (
    <ReviewQueuePage
      title="建设单位认证"
      caption="待审核的建设单位变更"
      description="待您审核的建设单位信息变更，按提交时间先后排列；审核通过后变更生效。"
      intro={intro}
      call={constructionCalls.toDoChange}
      keywordLabel="单位名称或信用代码"
      columns={changeColumns}
      {...changeQueueKeys}
      subjectType="unit_change"
      labelOf={(row) => row.unitName}
      noun="建设单位变更"
    />
  );
}
