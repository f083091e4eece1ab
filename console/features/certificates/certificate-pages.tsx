/**
 * Certificates (issue 22): /workflow/CertificateList lists the certificates the user may see (the
 * owner its projects', the agency its own, the authority, auditors and administrators all) with search
 * by number, project, year and state, paging and export; /workflow/CertificateDetiles?id= shows one:
 * its data, the PDF (view and download), the QR code that opens the public verification page, the
 * issue and revocation trail, and for the authority the revocation (a reason, confirmed in a dialog).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { callUrl } from '@shared/api/call';
import { certificateCalls, type CertificateDetail, type CertificateRow } from '@shared/calls/certificates';
import { certificateState } from '@shared/domain/certificates';
import { formatDateTime } from '@shared/format';
import { buttonClass, Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { certificateRevokeSchema } from '@shared/validation/certificates';
import { DetailSection } from '@console/kit/detail';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { useApi } from '@console/lib/api';
import './certificates.css';
import { yearOptions } from '@console/components/filters/year-options';

const LIST = '/workflow/CertificateList';
const ONE = '/workflow/CertificateDetiles';

// From next year down, as the list has always offered.
const issueYears = yearOptions(6, new Date().getFullYear() + 1);

const columns: readonly Column<CertificateRow>[] = [
  {
    key: 'certificateNo',
    header: '证书编号',
    cell: (row) => <Link to={`${ONE}?id=${row.pkid}`}>{row.certificateNo}</Link>,
    nowrap: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'ownerName', header: '建设单位', cell: (row) => row.ownerName },
  { key: 'agencyName', header: '测绘中介机构', cell: (row) => row.agencyName ?? '—' },
  { key: 'issuedAt', header: '发证时间', cell: (row) => formatDateTime(row.issuedAt), nowrap: true },
  {
    key: 'state',
    header: '状态',
    cell: (row) => <StatusBadge table={certificateState} value={row.state} />,
  },
];

export function CertificateListPage() {
  return (
    <ListPage
      title="证书列表"
      caption="验收证书列表"
      description="项目测绘成果验收后颁发的验收证书；点击证书编号查看证书、下载 PDF 和核验二维码。"
      call={certificateCalls.list}
      filters={[
        { name: 'certificateNo', label: '证书编号', placeholder: '如 YZCG2026000001' },
        { name: 'projectName', label: '项目名称' },
        { name: 'year', label: '发证年份', type: 'select', options: issueYears },
        statusFilter('state', '状态', certificateState),
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.certificateNo}
      rowActions={(row) => (
        <Link to={`${ONE}?id=${row.pkid}`} aria-label={`查看证书 ${row.certificateNo}`}>
          查看
        </Link>
      )}
      exportFile={{ call: certificateCalls.exportExcel, fileName: '验收证书.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的证书' : '暂无验收证书')}
    />
  );
}

function RevokeCertificate({
  certificate,
  onDone,
}: {
  certificate: CertificateDetail;
  onDone: (message: string) => void;
}) {
  const form = useContractForm(certificateRevokeSchema, { pkid: certificate.pkid, reason: '' });
  const revoke = useCallMutation(certificateCalls.revoke, {
    invalidates: [certificateCalls.get, certificateCalls.list],
  });
  return (
    <FormDialog
      trigger={<Button variant="danger">撤销证书</Button>}
      title={`撤销证书 ${certificate.certificateNo}`}
      description="撤销后证书不再有效，公开核验页面将显示已撤销及撤销原因，建设单位和测绘中介机构会收到通知。确定撤销吗？"
      form={form}
      fields={{ reason: '撤销原因' }}
      submitLabel="确认撤销"
      onSubmit={async (values) => onDone((await revoke.mutateAsync(values)).message)}
    >
      <TextField form={form} name="reason" label="撤销原因" multiline />
    </FormDialog>
  );
}

function CertificateView({ certificate }: { certificate: CertificateDetail }) {
  const api = useApi();
  const [outcome, setOutcome] = useState<string | null>(null);
  const view = callUrl(api, certificateCalls.pdf, { pkid: certificate.pkid });
  const download = callUrl(api, certificateCalls.pdf, { pkid: certificate.pkid, download: '1' });
  const revoked = certificate.state === certificateState.code.revoked;
  return (
    <>
      <PageHeader
        title={`验收证书 ${certificate.certificateNo}`}
        description={<StatusBadge table={certificateState} value={certificate.state} />}
        actions={
          <>
            <a className={buttonClass({ variant: 'secondary' })} href={view} target="_blank" rel="noopener">
              查看证书（PDF）
            </a>
            <a
              className={buttonClass()}
              href={download}
              download={`验收证书${certificate.certificateNo}.pdf`}
            >
              下载证书（PDF）
            </a>
            {certificate.canRevoke ? (
              <RevokeCertificate certificate={certificate} onDone={setOutcome} />
            ) : null}
            <Link to={LIST}>返回列表</Link>
          </>
        }
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {revoked ? (
        <Notice tone="danger">
          该证书已于 {certificate.revokedAt ? formatDateTime(certificate.revokedAt) : '—'} 被
          {certificate.revokedByName ?? '主管部门'}撤销，撤销原因：{certificate.revokeReason}
        </Notice>
      ) : null}
      <div className="cert-layout">
        <DetailSection
          title="证书信息"
          items={[
            { label: '证书编号', value: certificate.certificateNo },
            { label: '项目名称', value: certificate.projectName },
            { label: '项目编号', value: certificate.projectNo },
            { label: '建设单位', value: certificate.ownerName },
            { label: '测绘中介机构', value: certificate.agencyName ?? '—' },
            { label: '测绘事项', value: certificate.itemNames.join('、'), wide: true },
            { label: '发证时间', value: formatDateTime(certificate.issuedAt) },
            { label: '发证人', value: certificate.issuedByName },
            {
              label: '证书文件 SHA-256',
              value: <span className="cert-hash">{certificate.sha256}</span>,
              wide: true,
            },
          ]}
        />
        <Card>
          <figure className="cert-qr">
            <img
              src={certificate.qrCode}
              width={200}
              height={200}
              alt={`证书核验二维码，扫码打开 ${certificate.verifyUrl}`}
              data-testid="certificate-qr"
            />
            <figcaption>
              扫码核验，或打开
              <a href={certificate.verifyUrl} target="_blank" rel="noopener">
                证书核验页面
              </a>
            </figcaption>
          </figure>
        </Card>
      </div>
      <Card>
        <AuditTimeline records={certificate.records} title="发证与撤销记录" />
      </Card>
    </>
  );
}

export function CertificateDetailPage() {
  const pkid = useUrlId('id', 'pkid');
  const record = useRecord(certificateCalls.get, pkid === undefined ? undefined : { pkid });
  return (
    <RecordPage
      record={record}
      title="证书详情"
      missing="请从证书列表中选择证书"
      back={{ to: LIST, label: '返回证书列表' }}
    >
      {(data) => <CertificateView certificate={data} />}
    </RecordPage>
  );
}
