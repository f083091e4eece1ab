/**
 * /intermediary/informationReviewShow, orgManageDetail and orgdetail (?id=): one agency with its
 * attachments previewed, its audit timeline, and for a reviewer the decision panel (approve, reject
 * with an opinion from the templates, transfer), offering only what the server says this user may
 * decide now.
 */
import { useState } from 'react';
import { agencyCalls, type AgencyRecord } from '@shared/calls/agencies';
import { Notice, PageHeader } from '@shared/ui/page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCallMutation } from '@console/kit/query';
import { type Decision, verdictFields, transferFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { AgencySatisfaction } from '@console/components/satisfaction/agency-satisfaction';
import { RegistrationStatus } from '@console/components/registration/registration';
import { AgencyDetails, AgencyTimeline } from './agency-view';
import './agencies.css';

/** Where the page leads back to after a refusal. */
const orgList = { to: '/intermediary/orglist', label: '返回列表' };

export function AgencyReviewPage() {
  const org = useRecordFromUrl(agencyCalls.queryOne, ['id', 'orgId'], (orgId) => ({ orgId }));
  return (
    <RecordPage record={org} title="机构详情" missing="请从列表中选择机构" back={orgList}>
      {(data) => <AgencyReview org={data} />}
    </RecordPage>
  );
}

function AgencyReview({ org }: { org: AgencyRecord }) {
  const id = org.organizationId;
  const [outcome, setOutcome] = useState<string | null>(null);
  const touched = {
    invalidates: [agencyCalls.queryOne, agencyCalls.auditInfo, agencyCalls.todo, agencyCalls.done],
  };
  const approve = useCallMutation(agencyCalls.approve, touched);
  const transfer = useCallMutation(agencyCalls.transfer, touched);

  const decideNow = (decision: Decision) =>
    decision.decision === 'transfer'
      ? transfer.mutateAsync({ organizationId: id, ...transferFields(decision) })
      : approve.mutateAsync({ organizationId: id, ...verdictFields(decision) });

  return (
    <>
      <PageHeader title={org.orgName} description={<RegistrationStatus record={org} />} />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <AgencyDetails org={org} />
      <AgencySatisfaction organizationId={id} />
      <AgencyTimeline organizationId={id} />
      <ReviewDecision
        review={org.review}
        // The panel goes away once nothing is left to decide; the outcome stays above the page.
        onDecide={async (decision) => setOutcome((await decideNow(decision)).message)}
      />
    </>
  );
}
