/**
 * /orgstaff change requests of approved people: the list (staffchecklist), the reviewer's to-do
 * (informationReview, staffcheck) and one change, old and new side by side with its timeline and, for
 * a reviewer, the decision (PersonStaffdetailDifferent, staffcheck?id=).
 */
import { Link, useSearchParams } from 'react-router';
import {
  staffCalls,
  staffChangeCalls,
  type StaffChangeDetail,
  type StaffChangeRow,
} from '@shared/calls/staff';
import { staffFieldKeys, staffFieldLabels } from '@shared/domain/staff';
import { auditStatus } from '@shared/domain/statuses';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { decisionFields } from '@console/components/review/decision-panel';
import { ReviewQueuePage } from '@console/components/review/review-queue';
import {
  ChangeComparison,
  ChangeDetail,
  changeColumns as common,
  changeQueueKeys,
  comparedFields,
} from '@console/components/review/change-request';
import { useStaffFileHref } from './attachments';
import './staff.css';

export const changeColumns = (link: string): readonly Column<StaffChangeRow>[] => [
  common.subject('name', '姓名', (row) => `${link}?id=${row.pkid}`, 'nowrap'),
  { key: 'orgName', header: '所属机构', cell: (row) => row.orgName, wide: true },
  common.changed('变更项目', staffFieldLabels),
  common.status(),
  common.createdAt(),
];

/** /orgstaff/staffchecklist: changes of approved people (an agency sees its own). */
export function StaffChangeListPage() {
  return (
    <ListPage
      title="人员变更"
      caption="人员变更申请"
      call={staffChangeCalls.query}
      filters={[statusFilter('auditStatus', '审核状态', auditStatus)]}
      columns={changeColumns('/orgstaff/PersonStaffdetailDifferent')}
      rowKey={(row) => row.pkid}
      emptyText="没有人员变更申请"
    />
  );
}

/** /orgstaff/informationReview: the reviewer's to-do of staff changes. */
export function StaffChangeTodoPage() {
  return (
    <ReviewQueuePage
      title="人员变更审核"
      caption="待审核的人员变更"
      call={staffChangeCalls.toDo}
      keywordLabel="姓名或证件号码"
      columns={changeColumns('/orgstaff/staffcheck')}
      {...changeQueueKeys}
      subjectType="staff_change"
      labelOf={(row) => row.name}
      noun="人员变更"
    />
  );
}

/** Old and new side by side with the attachments; changed rows are marked (colour and the word 已变更). */
function StaffComparison({ change }: { change: StaffChangeDetail }) {
  const href = useStaffFileHref();
  return (
    <ChangeComparison
      changed={change.changedFields}
      fields={comparedFields(staffFieldKeys, staffFieldLabels, change, (key, fields) => fields[key] ?? '')}
      files={{ before: change.beforeFiles, after: change.dataFiles, changed: change.filesChanged, href }}
    />
  );
}

/**
 * /orgstaff/PersonStaffdetailDifferent?id= (the applicant's) and /orgstaff/staffcheck?id= (the
 * reviewer's): one change, old and new side by side, its timeline and, for a reviewer, the decision.
 * staffcheck without an id lists the changes waiting for review.
 */
export function StaffChangeDetailPage() {
  const change = useRecordFromUrl(staffChangeCalls.queryOne, 'id', (id) => ({ id }));
  const decide = useCallMutation(staffChangeCalls.approve, {
    invalidates: [
      staffChangeCalls.queryOne,
      staffChangeCalls.toDo,
      staffChangeCalls.query,
      staffCalls.queryOne,
    ],
  });
  return (
    <RecordPage record={change} missing="请从人员变更列表中选择变更申请">
      {(data) => (
        <ChangeDetail
          title={`${data.name} · 人员变更`}
          change={data}
          status={
            <>
              <span>{data.orgName}</span>
              <Link to={`/orgstaff/personStaffdetail?id=${data.staffId}`}>查看人员</Link>
            </>
          }
          comparison={<StaffComparison change={data} />}
          records={data.records}
          review={data.review}
          // The staff calls approve or reject; they transfer nothing.
          offers={['approve', 'reject']}
          decide={(decision) => decide.mutateAsync({ id: data.pkid, ...decisionFields(decision) })}
        />
      )}
    </RecordPage>
  );
}

/** /orgstaff/staffcheck: a change to review (?id=), or without an id the changes waiting for review. */
export function StaffCheckPage() {
  const [search] = useSearchParams();
  return search.get('id') ? <StaffChangeDetailPage /> : <StaffChangeTodoPage />;
}
