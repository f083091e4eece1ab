/**
 * /demandmanger/demandDetails?id= (or ?amendmentId=, the reviewers' link): a demand with its project,
 * items, attachments, its amendments (the authority decides a pending one here, through the review
 * workflow) and the project's log timeline (who, when, from which status to which, why).
 */
import { useState } from 'react';
import { DrawRecord } from '@console/components/selection/draw-record';
import { Link, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import {
  projectCalls,
  type DemandAmendment,
  type DemandRecord,
  type ProjectLog,
} from '@shared/calls/projects';
import { auditStatus, projectStatus, type ProjectStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { ProjectCertificate } from '@console/components/certificates/project-certificate';
import { Attachments, DetailSection } from '@console/kit/detail';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation, useRecord } from '@console/kit/query';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { decisionFields, type Decision } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { useApi } from '@console/lib/api';
import { useHasRole } from '@console/lib/current-user';
import { roles } from '@shared/domain/roles';
import './demands.css';

/** Where the page leads back to after a refusal. */
const demandList = { to: '/demandmanger/demandQuery', label: '返回需求查询' };

export function DemandDetailsPage() {
  const demandId = useUrlId('id');
  const amendmentId = useUrlId('amendmentId');
  const demand = useRecord(
    projectCalls.getDemand,
    demandId !== undefined ? { demandId } : amendmentId !== undefined ? { amendmentId } : undefined,
  );
  return (
    <RecordPage record={demand} title="需求详情" missing="请从需求列表中选择需求" back={demandList}>
      {(data) => <DemandView demand={data} onChanged={() => void demand.refetch()} />}
    </RecordPage>
  );
}

function DemandView({ demand, onChanged }: { demand: DemandRecord; onChanged: () => void }) {
  const api = useApi();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<string | null>(null);
  const { project } = demand;
  const href = (f: { fileId: string }) =>
    callUrl(api, projectCalls.demandFile, { demandId: demand.demandId, fileId: f.fileId });
  return (
    <>
      <PageHeader
        title={`${demand.projectName} · ${demand.stageName}`}
        description={
          <>
            需求状态：
            <StatusBadge table={projectStatus} value={demand.status} />
            {demand.releasedAt ? ` 发布于 ${formatDateTime(demand.releasedAt)}` : ' 尚未发布'}
          </>
        }
      />
      {search.get('notice') === 'amended' ? (
        <Notice>该阶段已发布需求，新增事项已作为追加申请提交主管部门审核，审核通过后并入本需求。</Notice>
      ) : null}
      {outcome ? <Notice>{outcome}</Notice> : null}
      <NextStep demand={demand} />
      <ProjectCertificate projectId={demand.projectId} status={project.status} />
      {demand.canEdit ? (
        <Notice>
          需求尚未发布。
          <Link to={`/demandmanger/submitFile?demandId=${demand.demandId}`}>上传附件并发布</Link>
        </Notice>
      ) : null}
      <DetailSection
        title="测绘需求"
        items={[
          { label: '审批阶段', value: demand.stageName },
          { label: '测绘事项', value: demand.items.map((i) => i.itemName).join('、') },
          { label: '出资方', value: demand.fundingParty },
          { label: '期望完成日期', value: demand.deadline ?? '' },
          { label: '需求说明', value: demand.remark ?? '', wide: true },
        ]}
      >
        {demand.files.length > 0 ? <Attachments files={demand.files} href={href} /> : <p>无附件</p>}
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
      {demand.status !== projectStatus.code.draft ? <DrawRecord demandId={demand.demandId} /> : null}
      {demand.amendments.map((amendment) => (
        <AmendmentView
          key={amendment.amendmentId}
          amendment={amendment}
          onDecided={(message) => {
            setOutcome(message);
            onChanged();
          }}
        />
      ))}
      <ProjectTimeline logs={demand.logs} />
    </>
  );
}

/**
 * The owner's way on from a released demand: choose the agency (中介选取) while it is released, then
 * the 委托 and, once commissioned, the contract to confirm (issue 21: every step reachable by links).
 */
function NextStep({ demand }: { demand: DemandRecord }) {
  const isOwner = useHasRole(roles.owner.id);
  if (!isOwner || demand.status === projectStatus.code.draft) return null;
  const authorizations = `/notdchy/DemandDetails?projectId=${demand.projectId}`;
  if (demand.status === projectStatus.code.published)
    return (
      <Notice>
        需求已发布。下一步：
        <Link to={`/demandmanger/demandOption?demandId=${demand.demandId}`}>中介选取</Link>，选定后
        <Link to={authorizations}>委托中介机构</Link>。
      </Notice>
    );
  if (demand.status === projectStatus.code.commissioned)
    return (
      <Notice>
        已委托中介机构（<Link to={authorizations}>委托记录</Link>）。中介机构起草合同后，请在
        <Link to="/contract/backlogList">待办合同</Link>中确认。
      </Notice>
    );
  return (
    <Notice>
      <Link to={authorizations}>委托记录</Link> · <Link to="/contract/ContractList">合同列表</Link>
    </Notice>
  );
}

function AmendmentView({
  amendment,
  onDecided,
}: {
  amendment: DemandAmendment;
  onDecided: (message: string) => void;
}) {
  const decide = useCallMutation(projectCalls.decideAmendment, {
    invalidates: [projectCalls.getDemand, projectCalls.listDemands, projectCalls.amendmentTodo],
  });
  const onDecide = async (decision: Decision) =>
    onDecided(
      (await decide.mutateAsync({ amendmentId: amendment.amendmentId, ...decisionFields(decision) })).message,
    );
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
      <ReviewDecision review={amendment.review} offers={['approve', 'reject']} onDecide={onDecide} />
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
