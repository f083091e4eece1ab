/**
 * Changes of a verified unit: the owner's change form (on /construction/update once verified), one
 * change old and new side by side (/usercenter/jsdwVerifyInfo?changeId=, the owner's and the
 * reviewers' page, with the decision panel for a reviewer) and the reviewers' to-do
 * (/usercenter/jsdwVerify?view=changes).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import {
  constructionCalls,
  type ConstructionRecord,
  type UnitChange,
  type UnitChangeRow,
} from '@shared/contracts/construction';
import { constructionFieldKeys, constructionFieldLabels } from '@shared/domain/construction';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { constructionChangeSchema } from '@shared/validation/construction';
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
  deadlineColumn,
} from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { ChangeComparison } from '@console/components/review/change-comparison';
import { DecisionPanel, type Decision, verdictFields } from '@console/components/review/decision-panel';
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
  const districts = useCall(constructionCalls.metadata, { x: 'district' });
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
    <Card>
      <h2 className="kit-detail__title">信息变更申请</h2>
      <p>修改需要变更的信息并填写变更原因；审核通过前，现有信息继续有效。</p>
      <KitForm
        form={form}
        fields={{ ...constructionFieldLabels, reason: '变更原因' }}
        submitLabel="提交变更申请"
        successMessage={null}
        onSubmit={async (values) => {
          const result = await save.mutateAsync(values as never);
          onDone({ message: result.message, id: result.data.pkid });
        }}
      >
        <div className="unit-form__grid">
          <TextField form={form} name="name" label="单位名称" />
          <TextField form={form} name="creditCode" label="统一社会信用代码" />
          <TextField form={form} name="legalPersonName" label="法定代表人" />
          <TextField form={form} name="contactName" label="联系人" />
          <TextField form={form} name="contactPhone" label="联系电话" type="tel" />
          <TextField
            form={form}
            name="districtCode"
            label="所在区县"
            options={(districts.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
          />
          <TextField form={form} name="address" label="单位地址" />
          <TextField form={form} name="reason" label="变更原因" multiline />
        </div>
      </KitForm>
    </Card>
  );
}

function UnitComparison({ change }: { change: UnitChange }) {
  const districts = useDistrictNames();
  const show = (key: (typeof constructionFieldKeys)[number], value: string) =>
    key === 'districtCode' ? (districts.get(value) ?? value) : value;
  return (
    <ChangeComparison
      changed={change.changedFields}
      fields={constructionFieldKeys.map((key) => ({
        key,
        label: constructionFieldLabels[key],
        before: show(key, change.before[key]),
        after: show(key, change.data[key]),
      }))}
    />
  );
}

/** One change: old and new, why, its records, and for a reviewer the decision. */
export function UnitChangeView({ id }: { id: number }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const valid = Number.isInteger(id) && id > 0;
  const change = useCall(constructionCalls.queryOneChange, { id }, { enabled: valid });
  const review = change.data?.review;
  const reviewing = Boolean(review && review.allowed.some((key) => key === 'approve' || key === 'reject'));
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const approve = useCallMutation(constructionCalls.approveChange, {
    invalidates: [
      constructionCalls.queryOneChange,
      constructionCalls.toDoChange,
      constructionCalls.querySelf,
    ],
  });
  if (!valid) return <Notice tone="danger">请从列表中选择变更申请</Notice>;
  if (change.error)
    return (
      <>
        <PageHeader title="建设单位变更" />
        <Notice tone="danger">{change.error.message}</Notice>
      </>
    );
  const data = change.data?.pkid === id ? change.data : undefined;
  if (!data) return <PageHeader title="建设单位变更" description="正在加载…" />;

  const decide = async (decision: Decision) => {
    const result = await approve.mutateAsync({
      id,
      ...verdictFields(decision),
    });
    setOutcome(result.message);
  };

  return (
    <>
      <PageHeader
        title={`${data.unitName}：信息变更`}
        description={
          <span className="unit-status">
            <StatusBadge table={auditStatus} value={data.auditStatus} />
            <span>申请时间：{formatDateTime(data.createdAt)}</span>
            {data.appliedAt ? <span>生效时间：{formatDateTime(data.appliedAt)}</span> : null}
          </span>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {data.auditStatus === auditStatus.code.pending ? (
        <Notice>变更审核通过前，单位现有信息继续有效。</Notice>
      ) : null}
      <Card>
        <p>变更原因：{data.reason ?? '—'}</p>
      </Card>
      <UnitComparison change={data} />
      <Card>
        <AuditTimeline records={data.records} title="审核记录" />
      </Card>
      {data.review && reviewing ? (
        <DecisionPanel
          status={data.review.status as AuditStatus}
          version={data.review.version}
          allowed={data.review.allowed as ReviewDecisionKey[]}
          opinions={templates.data?.rows ?? []}
          reviewers={[]}
          onDecide={decide}
        />
      ) : null}
    </>
  );
}

const changeColumns: Column<UnitChangeRow>[] = [
  {
    key: 'unitName',
    header: '单位名称',
    cell: (row) => <Link to={changeLink(row.pkid)}>{row.unitName}</Link>,
    wide: true,
  },
  {
    key: 'changedFields',
    header: '变更内容',
    cell: (row) =>
      row.changedFields
        .map((key) => constructionFieldLabels[key as keyof typeof constructionFieldLabels] ?? key)
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

export function UnitChangeTodo({ intro }: { intro: ReactNode }) {
  return (
    <ListPage
      title="建设单位认证"
      caption="待审核的建设单位变更"
      description="待您审核的建设单位信息变更，按提交时间先后排列；审核通过后变更生效。"
      intro={intro}
      call={constructionCalls.toDoChange}
      columns={[...changeColumns, deadlineColumn()]}
      rowKey={(row) => row.pkid}
      emptyText="暂无待审核的建设单位变更"
    />
  );
}
