/** A round's results as a spreadsheet (organizationCheck/exportExcel): whoever may see the round. */
import type { Queryable } from '@server/db/database';
import { spreadsheetResponse, type SheetColumn } from '@server/lib/spreadsheet';
import type { SessionUser } from '@server/modules/identity';
import type { InspectionTarget } from '@shared/calls/inspections';
import { inspectionResultLabels } from '@shared/domain/inspections';
import { getRoundDetail } from './rounds';

const columns: readonly SheetColumn<InspectionTarget>[] = [
  { header: '序号', kind: 'integer', value: (row) => row.drawOrder + 1 },
  { header: '机构编号', kind: 'integer', value: (row) => row.organizationId },
  { header: '机构名称', width: 30, value: (row) => row.orgName },
  { header: '检查人员', width: 20, value: (row) => row.inspectors.map((p) => p.username).join('、') },
  { header: '检查结果', value: (row) => (row.result ? inspectionResultLabels[row.result] : '未录入') },
  { header: '检查情况', width: 60, value: (row) => row.findings },
  { header: '录入人', value: (row) => row.recordedByName },
  {
    header: '录入时间',
    kind: 'dateTime',
    value: (row) => (row.recordedAt ? new Date(row.recordedAt) : null),
  },
];

export async function exportResults(db: Queryable, user: SessionUser, id: number): Promise<Response> {
  const detail = await getRoundDetail(db, user, id);
  return spreadsheetResponse({
    fileName: `${detail.record.name}-检查结果.xlsx`,
    sheetName: '检查结果',
    columns,
    rows: (async function* () {
      yield detail.targets;
    })(),
  });
}
