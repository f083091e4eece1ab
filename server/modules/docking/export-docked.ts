/** The supervisors' list as a spreadsheet (exportExcel). */
import { desc } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { dockedProjects } from '@server/db/schema';
import { keysetBatches, newestAfter, spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { NewestKey } from '@server/lib/spreadsheet';
import { dockingSourceLabel } from '@shared/domain/docking';
import type { DockingFilters } from '@shared/validation/docking';
import { dockingConditions, selectDocked, type SelectedDocked } from './docked-rows';

const dp = dockedProjects;

const exportColumns: readonly SheetColumn<SelectedDocked>[] = [
  { header: '审批平台项目编号', width: 22, value: (r) => r.platformProjectId },
  { header: '项目名称', width: 36, value: (r) => r.projectName },
  { header: '项目代码', width: 26, value: (r) => r.centralCode },
  { header: '地方项目编码', width: 18, value: (r) => r.localCode },
  { header: '所在区县', width: 12, value: (r) => r.districtName },
  { header: '项目地址', width: 30, value: (r) => r.address },
  { header: '建设单位', width: 30, value: (r) => r.constructionName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.constructionCreditCode },
  { header: '出资方', width: 20, value: (r) => r.fundingParty },
  { header: '审批文号', width: 22, value: (r) => r.approvalNo },
  { header: '审批日期', kind: 'date', value: (r) => r.approvedOn },
  { header: '总投资（万元）', kind: 'integer', width: 14, value: (r) => r.totalInvestment },
  { header: '导入状态', width: 10, value: (r) => (r.projectId === null ? '待导入' : '已导入') },
  { header: '项目编号', width: 16, value: (r) => r.projectNo },
  { header: '来源', width: 12, value: (r) => dockingSourceLabel(r.source) },
  { header: '接收时间', kind: 'dateTime', value: (r) => r.createdAt },
];

/** Every docked project matching the filters, newest first, read in keyset batches. */
export function exportDocked(db: Database, filters: DockingFilters): Response {
  const where = dockingConditions(filters);
  const rows = keysetBatches<SelectedDocked, NewestKey>(
    (after, size) =>
      selectDocked(db)
        .where(newestAfter(where, { createdAt: dp.createdAt, id: dp.pkid }, after))
        .orderBy(desc(dp.createdAt), desc(dp.pkid))
        .limit(size),
    (row) => ({ createdAt: row.createdAt, id: row.pkid }),
  );
  return spreadsheetResponse({
    fileName: '审批平台推送项目.xlsx',
    sheetName: '审批平台推送项目',
    columns: exportColumns,
    rows,
  });
}
