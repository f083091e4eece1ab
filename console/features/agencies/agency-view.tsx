/**
 * Pieces every agency page shares: the fields as a detail section (with the attachments, previewed and
 * downloaded through the agency's own calls) and the audit timeline.
 */
import { callUrl } from '@shared/api/call';
import { agencyCalls, type AgencyRecord } from '@shared/calls/agencies';
import { agencyAttachmentKind } from '@shared/domain/agencies';
import { surveyItemName } from '@shared/domain/stages';
import { creditFlag, qualificationGrade } from '@shared/domain/statuses';
import { formatDate } from '@shared/format';
import { Card } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { useCall } from '@console/kit/query';
import { AttachmentsByKind } from '@console/components/registration/registration';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { useApi } from '@console/lib/api';

export const scopeText = (ids: readonly number[] | undefined) =>
  (ids ?? []).map((id) => surveyItemName(id)).join('、');

export function AgencyDetails({ org }: { org: AgencyRecord }) {
  const api = useApi();
  const href = (file: { fileId: string }, kind: 'preview' | 'download') =>
    callUrl(api, kind === 'preview' ? agencyCalls.previewFile : agencyCalls.downloadFile, {
      id: file.fileId,
    });
  return (
    <>
      <DetailSection
        title="机构信息"
        items={[
          { label: '机构名称', value: org.orgName },
          { label: '统一社会信用代码', value: org.credential },
          { label: '法定代表人', value: org.legalPersonName },
          { label: '登记机关', value: org.registrationOrgan },
          { label: '资质证书编号', value: org.qualificationCertNo },
          {
            label: '资质等级',
            value: org.qualificationGrade ? qualificationGrade.label(org.qualificationGrade) : '',
          },
          {
            label: '资质有效期至',
            value: org.qualificationValidUntil ? formatDate(org.qualificationValidUntil) : '',
          },
          { label: '所在区县', value: org.districtName },
          { label: '办公地址', value: org.address },
          { label: '联系人', value: org.contactName },
          { label: '联系电话', value: org.contactPhone },
          { label: '电子邮箱', value: org.email },
          {
            label: '信用状况',
            value: org.creditFlags.map((flag) => creditFlag.label(flag)).join('、') || '良好',
          },
          { label: '业务范围', value: scopeText(org.businessScope), wide: true },
          { label: '机构简介', value: org.introduction, wide: true },
        ]}
      />
      <AttachmentsByKind kinds={agencyAttachmentKind} files={org.attachments} href={href} />
      {org.attachments.length > 0 ? (
        <p>
          <a href={callUrl(api, agencyCalls.exportFiles, { organizationId: org.organizationId })} download>
            打包下载全部附件（zip）
          </a>
        </p>
      ) : null}
    </>
  );
}

/** Every decision on the agency with its opinion (orgAuditInfo). */
export function AgencyTimeline({ organizationId }: { organizationId: number }) {
  const records = useCall(agencyCalls.auditInfo, { organizationId });
  return (
    <Card>
      <AuditTimeline records={records.data ?? []} title="审核记录" />
    </Card>
  );
}
