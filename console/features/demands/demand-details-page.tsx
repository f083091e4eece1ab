/**
 * /demandmanger/demandDetails?id= (or ?amendmentId=, the reviewers' link): a demand with its project,
 * items, attachments, its amendments (the authority decides a pending one here, through the review
 * workflow) and the project's log timeline (who, when, from which status to which, why).
 */
import { useState } from 'react';
import { DrawRecord } from '@console/components/selection/draw-record';
import { Link, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { auditOpinionCalls } from '@shared/contracts/audit-opinions';
import { projectCalls, type DemandAmendment, type ProjectLog } from '@shared/contracts/projects';
import type { ReviewDecisionKey } from '@shared/domain/review';
import { auditStatus, projectStatus, type AuditStatus, type ProjectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Attachments, DetailSection, StatusBadge, useCall, useCallMutation } from '@console/kit';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { DecisionPanel, type Decision } from '@console/components/review/decision-panel';
import { useApi } from '@console/lib/api';
import './demands.css';

function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function DemandDetailsPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const demandId = positive(search.get('id'));
  const amendmentId = positive(search.get('amendmentId'));
  const input = demandId !== undefined ? { demandId } : amendmentId !== undefined ? { amendmentId } : null;
  const demand = useCall(projectCalls.getDemand, input ?? {}, { enabled: input !== null });
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!input) return <Notice tone="danger">请从需求列表中选择需求</Notice>;
  if (demand.error)
    return (
      <>
        <PageHeader title="需求详情" />
        <Notice tone="danger">
          {demand.error.message} <Link to="/demandmanger/demandQuery">返回需求查询</Link>
        </Notice>
      </>
    );
  const data = demand.data;
  if (!data || (demandId !== undefined && data.demandId !== demandId))
    return <PageHeader title="需求详情" description="正在加载…" />;
  const { project } = data;
  const href = (f: { fileId: string }) =>
    callUrl(api, projectCalls.demandFile, { demandId: data.demandId, fileId: f.fileId });
  return (
    <>
      <PageHeader
        title={`${data.projectName} · ${data.stageName}`}
        description={
          <>
            需求状态：
            <StatusBadge table={projectStatus} value={data.status} />
            {data.releasedAt ? ` 发布于 ${formatDateTime(data.releasedAt)}` : ' 尚未发布'}
          </>
        }
      />
      {search.get('notice') === 'amended' ? (
        <Notice>该阶段已发布需求，新增事项已作为追加申请提交主管部门审核，审核通过后并入本需求。</Notice>
      ) : null}
      {outcome ? <Notice>{outcome}</Notice> : null}
      {data.canEdit ? (
        <Notice>
          需求尚未发布。<Link to={`/demandmanger/submitFile?demandId=${data.demandId}`}>上传附件并发布</Link>
        </Notice>
      ) : null}
      <DetailSection
        title="测绘需求"
        items={[
          { label: '审批阶段', value: data.stageName },
          { label: '测绘事项', value: data.items.map((i) => i.itemName).join('、') },
          { label: '出资方', value: data.fundingParty },
          { label: '期望完成日期', value: data.deadline ?? '' },
          { label: '需求说明', value: data.remark ?? '', wide: true },
        ]}
      >
        {data.files.length > 0 ? <Attachments files={data.files} href={href} /> : <p>无附件</p>}
      </DetailSection>
      <DetailSection
        title="项目信息"
        items={[
          { label: '项目名称', value: project.projectName },
          { label: '项目编号', value: project.projectNo },
          { label: '项目代码', value: project.centralCode ?? '' },
          { label: '地方项目编码', value: project.localCode ?? '' },
          { label: '建设单位', value: project.constructionName },
          { label: '所在区县', value: project.districtName ?? '' },
          { label: '项目地址', value: project.address ?? '', wide: true },
          { label: '出资方', value: project.fundingParty ?? '' },
          { label: '总投资（万元）', value: project.totalInvestment ?? '' },
          { label: '用地面积（平方米）', value: project.landArea ?? '' },
          { label: '建筑面积（平方米）', value: project.buildingArea ?? '' },
          { label: '联系人', value: project.contactName ?? '' },
          { label: '联系电话', value: project.contactPhone ?? '' },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={project.status} /> },
          ...(project.terminationReason ? [{ label: '终止原因', value: project.terminationReason }] : []),
        ]}
      />
      {data.status !== projectStatus.code.draft ? <DrawRecord demandId={data.demandId} /> : null}
      {data.amendments.map((amendment) => (
        <AmendmentView
          key={amendment.amendmentId}
          amendment={amendment}
          onDecided={(message) => {
            setOutcome(message);
            void demand.refetch();
          }}
        />
      ))}
      <ProjectTimeline logs={data.logs} />
    </>
  );
}

function AmendmentView({
  amendment,
  onDecided,
}: {
  amendment: DemandAmendment;
  onDecided: (message: string) => void;
}) {
  const reviewing = Boolean(amendment.review && amendment.review.allowed.length > 0);
  const templates = useCall(auditOpinionCalls.list, { pageIdx: 1, pageSize: 50 }, { enabled: reviewing });
  const decide = useCallMutation(projectCalls.decideAmendment, {
    invalidates: [projectCalls.getDemand, projectCalls.listDemands],
  });
  const onDecide = async (decision: Decision) => {
    const result = await decide.mutateAsync({
      amendmentId: amendment.amendmentId,
      decision: decision.decision === 'approve' ? 'approve' : 'reject',
      ...(decision.opinion ? { opinion: decision.opinion } : {}),
      ...(decision.version !== undefined ? { version: decision.version } : {}),
    });
    onDecided(result.message);
  };
  return (
    <Card>
      <h2 className="demand-card-title">
        追加测绘事项 <StatusBadge table={auditStatus} value={amendment.auditStatus} />
      </h2>
      <p>
        追加事项：{amendment.itemNames.join('、')}；申请时间：{formatDateTime(amendment.createdAt)}
        {amendment.reason ? `；原因：${amendment.reason}` : ''}
      </p>
      <AuditTimeline records={amendment.records} title="追加审核记录" />
      {amendment.review && reviewing ? (
        <DecisionPanel
          status={amendment.review.status as AuditStatus}
          version={amendment.review.version}
          allowed={amendment.review.allowed as ReviewDecisionKey[]}
          opinions={templates.data?.rows ?? []}
          reviewers={[]}
          onDecide={onDecide}
        />
      ) : null}
    </Card>
  );
}

/** The project's log lines, oldest first: a status change shows from → to; other events the status. */
export function ProjectTimeline({ logs }: { logs: readonly ProjectLog[] }) {
  return (
    <section className="project-timeline" aria-label="项目日志">
      <h2 className="demand-card-title">项目日志</h2>
      {logs.length === 0 ? (
        <p>暂无日志</p>
      ) : (
        <ol className="project-timeline__list">
          {logs.map((log) => (
            <li key={log.pkid} className="project-timeline__item">
              <div className="project-timeline__head">
                <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
                <span>{log.actorName ?? '系统'}</span>
                {log.statusFrom !== null && log.statusFrom !== log.statusTo ? (
                  <span>
                    {projectStatus.label(log.statusFrom as ProjectStatus)} →{' '}
                    {projectStatus.label(log.statusTo as ProjectStatus)}
                  </span>
                ) : (
                  <StatusBadge table={projectStatus} value={log.statusTo} />
                )}
              </div>
              <p>{log.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
