/**
 * Blocks over the workflow base's calls (shared/calls/workflow.ts): the acceptance counts on the
 * auditors' 待办事项, a project's activity (办理过程) on its results pages and its location on the
 * district office's page.
 */
import { workflowCalls } from '@shared/calls/workflow';
import { formatDateTime } from '@shared/format';
import { Card } from '@shared/ui/page';
import { useCall } from '@console/kit/query';

/** 验收中 n 个项目（其中超期 m）… for the authority and the acceptance auditors. */
export function AcceptanceCounts() {
  const { data } = useCall(workflowCalls.achievementAuditCount, {});
  if (!data) return null;
  return (
    <p className="results-counts" aria-label="成果验收统计">
      验收中 <strong>{data.pending}</strong> 个项目（其中超期 {data.overdue}），已验收 {data.approved}{' '}
      个，已退回修改 {data.rejected} 个；待审核成果 {data.items.submitted} 项。
    </p>
  );
}

/** The project's steps with who and when, and the open step (mngOrHis 1). */
export function ProjectActivityCard({ projectId }: { projectId: number }) {
  const { data } = useCall(workflowCalls.projectActInfo, { projectId, mngOrHis: '1' });
  return (
    <Card>
      <h2 className="results-subtitle">办理过程</h2>
      {!data ? null : (
        <ol className="results-activity" aria-label="办理过程">
          {data.steps.map((step, i) => (
            <li key={i}>
              <span className="results-activity__at">{formatDateTime(step.at)}</span>
              <span>{step.content}</span>
              {step.actorName ? <span className="results-activity__who">{step.actorName}</span> : null}
            </li>
          ))}
          {data.current ? (
            <li className="results-activity__current">
              <span className="results-activity__at">
                {data.current.since ? formatDateTime(data.current.since) : ''}
              </span>
              <span>在办：{data.current.content}</span>
              <span className="results-activity__who">
                {data.current.holderName ?? '待领取'}
                {data.current.dueAt ? `，期限 ${formatDateTime(data.current.dueAt)}` : ''}
              </span>
            </li>
          ) : null}
        </ol>
      )}
    </Card>
  );
}

/** The project's point (lon, lat) and address, for one of its items. */
export function ProjectLocationText({ projectId, itemId }: { projectId: number; itemId: number }) {
  const { data, error } = useCall(workflowCalls.projectLocation, { projectId, itemId });
  if (error) return <span>{error.message}</span>;
  if (!data) return null;
  return (
    <span>
      {data.address ?? ''}（经度 {data.lon.toFixed(6)}，纬度 {data.lat.toFixed(6)}）
    </span>
  );
}
