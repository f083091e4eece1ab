/**
 * /intermediary/contractDownList: an agency's contracts with their documents for download. Without
 * ?organizationId= the reviewer first picks the agency from the directory; with it, the agency's
 * contracts (contract/query with the organization filter; the caller's contract scope still applies),
 * each with its PDF (contract/document), and the checked ones as one zip (contract/exportFiles).
 */
import { Link, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { agencyCalls } from '@shared/calls/agencies';
import { contractCalls, type ContractRow } from '@shared/calls/contracts';
import { hallCalls, type AgencySummary } from '@shared/calls/hall';
import { useApi } from '@console/lib/api';
import { ListPage } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { contractColumns } from '@console/components/contracts/contract-columns';
import { DownloadDocuments } from '@console/components/contracts/download-documents';
import './agencies.css';

const agencyColumns: Column<AgencySummary>[] = [
  {
    key: 'orgName',
    header: '机构名称',
    cell: (row) => (
      <Link to={`/intermediary/contractDownList?organizationId=${row.organizationId}`}>{row.orgName}</Link>
    ),
    wide: true,
  },
  { key: 'legalPersonName', header: '法定代表人', cell: (row) => row.legalPersonName ?? '' },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  {
    key: 'contracts',
    header: '合同',
    cell: (row) => (
      <Link to={`/intermediary/contractDownList?organizationId=${row.organizationId}`}>查看合同</Link>
    ),
    nowrap: true,
  },
];

function PdfLink({ row }: { row: ContractRow }) {
  const api = useApi();
  return (
    <a
      href={callUrl(api, contractCalls.document, { contractId: row.contractId })}
      download={`${row.contractNo}.pdf`}
      aria-label={`下载 PDF ${row.contractNo}`}
    >
      下载 PDF
    </a>
  );
}

/** The agency is the page's subject: its column would only repeat its name. */
const columns: Column<ContractRow>[] = [
  ...contractColumns.filter((column) => column.key !== 'orgName'),
  { key: 'document', header: '合同文本', cell: (row) => <PdfLink row={row} />, nowrap: true },
];

function AgencyContracts({ organizationId }: { organizationId: number }) {
  // The agency's name for the title (agentorg/queryOne; the list works without it).
  const agency = useCall(agencyCalls.queryOne, { orgId: organizationId });
  const name = agency.data?.orgName;
  return (
    <ListPage
      key={organizationId}
      title={name ? `合同下载：${name}` : '合同下载'}
      caption="该机构的合同"
      description={
        <>
          该机构签订的测绘服务合同，可逐份下载合同文本，或勾选后打包下载。
          <Link to="/intermediary/contractDownList">选择其他机构</Link>
        </>
      }
      call={contractCalls.query}
      fixedInput={{ organizationId }}
      filters={[
        { name: 'contractNo', label: '合同编号' },
        { name: 'projectName', label: '项目名称' },
      ]}
      columns={columns}
      rowKey={(row) => row.contractId}
      rowLabel={(row) => row.contractNo}
      bulkActions={(rows, clear) => (
        <DownloadDocuments
          ids={rows.map((row) => row.contractId)}
          onDone={clear}
          fileName={`${name ?? '机构'}合同文本.zip`}
        />
      )}
      emptyText={(filtered) => (filtered ? '没有符合条件的合同' : '该机构暂无合同')}
    />
  );
}

export function ContractDownPage() {
  const [search] = useSearchParams();
  const organizationId = Number(search.get('organizationId') ?? 0);
  if (Number.isInteger(organizationId) && organizationId > 0)
    return <AgencyContracts organizationId={organizationId} />;
  return (
    <ListPage
      title="合同下载"
      caption="选择中介机构"
      description="选择一家中介机构，查看并下载其合同文本。"
      call={hallCalls.agencies}
      filters={[{ name: 'orgName', label: '机构名称' }]}
      columns={agencyColumns}
      rowKey={(row) => row.organizationId}
      emptyText="暂无审核通过的中介机构"
    />
  );
}
