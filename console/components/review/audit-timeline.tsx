/**
 * A subject's review history (server/modules/review listReviewRecords): who decided what, when, in
 * which role, with which opinion, and to whom a task was transferred. Oldest first, as an ordered list.
 *
 * ```tsx
 * <AuditTimeline records={detail.auditRecords} />
 * ```
 */
import { roleName } from '@shared/domain/roles';
import { auditDecision } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { StatusBadge } from '@console/kit/status-badge';
import './review.css';

export interface TimelineRecord {
  pkid: number;
  decision: number;
  opinion: string | null;
  auditorName: string | null;
  roleId: string | null;
  transferToName: string | null;
  auditedAt: string;
}

export function AuditTimeline({
  records,
  title = '审核记录',
}: {
  records: readonly TimelineRecord[];
  title?: string;
}) {
  return (
    <section data-slot="audit-timeline" className="rv-timeline" aria-label={title}>
      <h2 className="rv-timeline__title">{title}</h2>
      {records.length === 0 ? (
        <p className="rv-timeline__empty">暂无审核记录</p>
      ) : (
        <ol className="rv-timeline__list">
          {records.map((record) => (
            <li key={record.pkid} className="rv-timeline__item">
              <div className="rv-timeline__head">
                <StatusBadge table={auditDecision} value={record.decision} />
                <span className="rv-timeline__who">
                  {record.auditorName ?? '系统'}
                  {record.roleId && roleName(record.roleId) ? `（${roleName(record.roleId)}）` : ''}
                </span>
                <time dateTime={record.auditedAt}>{formatDateTime(record.auditedAt)}</time>
              </div>
              {record.transferToName ? (
                <p className="rv-timeline__line">转办给：{record.transferToName}</p>
              ) : null}
              {record.opinion ? (
                <p className="rv-timeline__line">
                  {record.transferToName ? '转办原因' : '审核意见'}：{record.opinion}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
