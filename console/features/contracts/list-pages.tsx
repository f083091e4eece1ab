/**
 * The contract lists (issue 14): /contract/ContractList (the contracts the user is a party to; the
 * authority and auditors see all), /contract/contractCompleteList (filed contracts), /contract/
 * GovContracts (government purchases and whether their procurement documents are complete) and
 * /contract/GovPurchase (the purchase records, exported as the query result).
 */
import { Link } from 'react-router';
import { contractCalls } from '@shared/calls/contracts';
import { ListPage } from '@console/kit/list-page';
import { type Column } from '@console/kit/data-table';
import { DownloadDocuments } from '@console/components/contracts/download-documents';
import type { GovStatusRow } from '@shared/calls/contracts';
import { useMayCall } from '@console/lib/current-user';
import { contractColumns } from '@console/components/contracts/contract-columns';
import { contractFilters, filingColumn, overseerFilters } from './columns';
import './contracts.css';

export function ContractListPage() {
  return (
    <ListPage
      bulkActions={(rows, clear) => (
        <DownloadDocuments ids={rows.map((row) => row.contractId)} onDone={clear} />
      )}
      rowLabel={(row) => row.contractNo}
      title="合同列表"
      caption="合同列表"
      description="您作为合同一方的测绘服务合同；点击合同编号查看详情和下载合同文本。"
      call={contractCalls.query}
      filters={contractFilters}
      columns={contractColumns}
      rowKey={(row) => row.contractId}
      exportFile={{ call: contractCalls.exportExcel, fileName: '合同列表.xlsx' }}
      emptyText={(filtered) => (filtered ? '没有符合条件的合同' : '暂无合同')}
    />
  );
}

export function ContractCompletePage() {
  return (
    <ListPage
      title="已完成合同"
      caption="已备案的合同"
      description="已完成备案的合同，含备案编号。"
      call={contractCalls.complete}
      filters={contractFilters.filter((filter) => filter.name !== 'status')}
      columns={[...contractColumns, filingColumn]}
      rowKey={(row) => row.contractId}
      exportFile={{ call: contractCalls.exportExcel2, fileName: '已完成合同.xlsx' }}
      emptyText="暂无已备案的合同"
    />
  );
}

const govColumns: readonly Column<GovStatusRow>[] = [
  ...(contractColumns as readonly Column<GovStatusRow>[]),
  {
    key: 'documents',
    header: '采购材料',
    nowrap: true,
    cell: (row) =>
      row.hasProcurement && row.hasAward ? (
        <span>齐全（{row.documentCount} 份）</span>
      ) : (
        <Link to={`/contract/contractDetails?contractId=${row.contractId}#gov`} className="ct-missing">
          {row.documentCount === 0 ? '未上传' : `缺${row.hasProcurement ? '中标通知书' : '采购文件'}`}
        </Link>
      ),
  },
];

export function GovContractsPage() {
  return (
    <ListPage
      title="政府采购合同"
      caption="政府采购合同及采购材料"
      description="政府采购项目的测绘服务合同，及其采购文件和中标（成交）通知书是否齐全。"
      call={contractCalls.queryGovStatusAttachments}
      filters={contractFilters}
      columns={govColumns}
      rowKey={(row) => row.contractId}
      emptyText="暂无政府采购合同"
    />
  );
}

export function GovPurchasePage() {
  const mayExport = useMayCall(contractCalls.excelContractQuery.access);
  return (
    <ListPage
      title="政府采购记录"
      caption="政府采购合同查询结果"
      description="按条件查询政府采购合同，可导出查询结果（含金额合计）。"
      call={contractCalls.contractQuery}
      fixedInput={{ govPurchase: '1' }}
      filters={overseerFilters}
      columns={[...contractColumns, filingColumn]}
      rowKey={(row) => row.contractId}
      exportFile={
        mayExport ? { call: contractCalls.excelContractQuery, fileName: '政府采购合同.xlsx' } : undefined
      }
      emptyText="没有符合条件的政府采购合同"
    />
  );
}
