/**
 * /dataExchangeSystem/resultsReport (issue 25, docs/reporting.md): the reports of accepted results and
 * certificates to the provincial platform, each with its state (待上报, 已上报, 上报失败 with the reason),
 * its attempts and when it was sent; filtered by state and by certificate number or project name. The
 * authority and the administrator send a failed (or sent) report again, after a confirmation.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { reportingCalls, type ReportRow } from '@shared/calls/reporting';
import { reportProviders, reportState, type ReportState } from '@shared/domain/reporting';
import { formatDateTime } from '@shared/format';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';

function StateCell({ row }: { row: ReportRow }) {
  // One block: in the narrow card layout a cell's children would otherwise sit side by side.
  return (
    <div>
      <StatusBadge table={reportState} value={row.state as ReportState} />
      {row.lastError ? <div>原因：{row.lastError}</div> : null}
      {row.state === 'pending' && row.nextAttemptAt ? (
        <div>下次尝试：{formatDateTime(row.nextAttemptAt)}</div>
      ) : null}
    </div>
  );
}

const columns: readonly Column<ReportRow>[] = [
  {
    key: 'certificateNo',
    header: '证书编号',
    cell: (row) => (
      <Link to={`/workflow/CertificateDetiles?id=${row.certificateId}`}>{row.certificateNo}</Link>
    ),
    nowrap: true,
  },
  { key: 'projectName', header: '项目名称', cell: (row) => row.projectName, wide: true },
  { key: 'state', header: '上报状态', cell: (row) => <StateCell row={row} /> },
  { key: 'attempts', header: '尝试次数', cell: (row) => `${row.attempts} 次`, nowrap: true },
  {
    key: 'provider',
    header: '上报方式',
    cell: (row) =>
      row.provider ? reportProviders.label(row.provider as (typeof reportProviders.values)[number]) : '—',
    nowrap: true,
  },
  {
    key: 'sentAt',
    header: '上报时间',
    cell: (row) => (row.sentAt ? formatDateTime(row.sentAt) : '—'),
    nowrap: true,
  },
  { key: 'createdAt', header: '发证时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

export function ResultsReportPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const resend = useCallMutation(reportingCalls.resend, { invalidates: [reportingCalls.list] });
  return (
    <ListPage
      title="成果上报"
      caption="成果上报记录"
      description="验收通过的测绘成果和验收证书在发证时自动向省平台上报，失败的按间隔自动重试；多次失败的标为上报失败，可在核实后重新上报。"
      call={reportingCalls.list}
      filters={[
        statusFilter('state', '上报状态', reportState),
        { name: 'keyword', label: '证书编号或项目名称' },
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.certificateNo}
      feedback={feedback}
      rowActions={(row) =>
        row.state === 'pending' ? null : (
          <ConfirmAction
            label="重新上报"
            title="重新上报"
            question={`确定将证书 ${row.certificateNo} 的成果重新上报省平台吗？`}
            ariaLabel={`重新上报 ${row.certificateNo}`}
            action={() => resend.mutateAsync({ pkid: row.pkid })}
            onDone={setFeedback}
          />
        )
      }
      emptyText={(filtered) => (filtered ? '没有符合条件的上报记录' : '还没有上报记录')}
    />
  );
}
