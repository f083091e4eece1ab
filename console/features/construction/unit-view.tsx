/**
 * Pieces every construction unit page shares: the fields with the attachments (previewed through the
 * unit's own call), the latest rejection and the audit timeline.
 */
import { callUrl } from '@shared/api/call';
import { constructionCalls, type ConstructionRecord } from '@shared/calls/construction';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { Card, Notice } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { useCall } from '@console/kit/query';
import { AttachmentsByKind } from '@console/components/registration/registration';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { useApi } from '@console/lib/api';

export function UnitDetails({ unit }: { unit: ConstructionRecord }) {
  const api = useApi();
  // Preview opens PDFs and images in the browser and downloads the rest, so both links use it.
  const href = (file: { fileId: string }) => callUrl(api, constructionCalls.previewFile, { id: file.fileId });
  return (
    <>
      <DetailSection
        title="单位信息"
        items={[
          { label: '单位名称', value: unit.name },
          { label: '统一社会信用代码', value: unit.creditCode },
          { label: '法定代表人', value: unit.legalPersonName },
          { label: '联系人', value: unit.contactName },
          { label: '联系电话', value: unit.contactPhone },
          { label: '所在区县', value: unit.districtName },
          { label: '单位地址', value: unit.address, wide: true },
        ]}
      />
      <AttachmentsByKind kinds={constructionAttachmentKind} files={unit.attachments} href={href} />
    </>
  );
}

/** The rejection view (queryAuditRejectView): why the unit was sent back, shown while it is rejected. */
export function UnitRejection({ unit }: { unit: ConstructionRecord }) {
  const rejected = unit.auditStatus === auditStatus.code.rejected;
  const view = useCall(
    constructionCalls.rejectView,
    { constructionId: unit.constructionId },
    { enabled: rejected },
  );
  if (!rejected || !view.data) return null;
  return (
    <Notice tone="danger">
      认证审核不通过（{view.data.auditorName ?? '审核人员'}，{formatDateTime(view.data.auditedAt)}）：
      {(view.data.opinion ?? '无意见').replace(/[。.]$/, '')}。请修改后重新提交。
    </Notice>
  );
}

/** Every decision on the unit with its opinion (constructionAuditInfo). */
export function UnitTimeline({ constructionId }: { constructionId: number }) {
  const records = useCall(constructionCalls.auditInfo, { constructionId });
  return (
    <Card>
      <AuditTimeline records={records.data ?? []} title="审核记录" />
    </Card>
  );
}
