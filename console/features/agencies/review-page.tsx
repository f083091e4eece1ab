/**
 * /intermediary/informationReviewShow, orgManageDetail and orgdetail (?id=): one agency with its
 * attachments previewed, its audit timeline, and for a reviewer the decision panel (approve, reject
 * with an opinion from the templates, transfer), offering only what the server says this user may
 * decide now.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { agencyCalls } from '@shared/contracts/agencies';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import type { AuditStatus } from '@shared/domain/statuses';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { Notice, PageHeader } from '@shared/ui/page';
import { useCall, useCallMutation } from '@console/kit';
import {
  DecisionPanel,
  type Decision,
  verdictFields,
  transferFields,
} from '@console/components/review/decision-panel';
import { AgencySatisfaction } from '@console/components/satisfaction/agency-satisfaction';
import { AgencyDetails, AgencyStatusLine, AgencyTimeline } from './agency-view';
import './agencies.css';

export function AgencyReviewPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? search.get('orgId'));
  const [outcome, setOutcome] = useState<string | null>(null);
  const org = useCall(agencyCalls.queryOne, { orgId: id }, { enabled: Number.isInteger(id) && id > 0 });
  const reviewing = Boolean(
    org.data?.review && org.data.review.allowed.some((key) => key !== 'submit' && key !== 'withdraw'),
  );
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const touched = {
    invalidates: [agencyCalls.queryOne, agencyCalls.auditInfo, agencyCalls.todo, agencyCalls.done],
  };
  const approve = useCallMutation(agencyCalls.approve, touched);
  const transfer = useCallMutation(agencyCalls.transfer, touched);

  if (!Number.isInteger(id) || id <= 0) return <Notice tone="danger">请从列表中选择机构</Notice>;
  if (org.error)
    return (
      <>
        <PageHeader title="机构详情" />
        <Notice tone="danger">
          {org.error.message} <Link to="/intermediary/orglist">返回列表</Link>
        </Notice>
      </>
    );
  const data = org.data?.organizationId === id ? org.data : undefined;
  if (!data) return <PageHeader title="机构详情" description="正在加载…" />;

  const decideNow = (decision: Decision) =>
    decision.decision === 'transfer'
      ? transfer.mutateAsync({ organizationId: id, ...transferFields(decision) })
      : approve.mutateAsync({ organizationId: id, ...verdictFields(decision) });

  // The panel goes away once nothing is left to decide; the outcome stays above the page.
  const decide = async (decision: Decision) => setOutcome((await decideNow(decision)).message);

  return (
    <>
      <PageHeader title={data.orgName} description={<AgencyStatusLine org={data} />} />
      {outcome ? <Notice>{outcome}</Notice> : null}
      <AgencyDetails org={data} />
      <AgencySatisfaction organizationId={id} />
      <AgencyTimeline organizationId={id} />
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
