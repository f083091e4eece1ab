/**
 * construction/exportExcel (spec section 7): the construction units with the list's filters as an
 * .xlsx. Its own entry so the construction/* list (built in parallel) and this merge without conflict.
 */
import { roles } from '@shared/domain/roles';
import { constructionExportSchema } from '@shared/validation/construction-export';
import { defineCalls } from './define';

export const constructionExportCalls = defineCalls('constructionExport', {
  exportExcel: {
    summary: '导出建设单位（Excel），可按单位名称、统一社会信用代码、审核状态筛选',
    base: 'business',
    path: 'construction/exportExcel',
    method: ['POST', 'GET'],
    changesState: false,
    input: constructionExportSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: [roles.authority.id, roles.auditor.id],
  },
});
