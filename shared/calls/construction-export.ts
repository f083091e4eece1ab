/**
 * construction/exportExcel (spec section 7): the construction units with the list's filters as an
 * .xlsx, and construction/list, the page the export button sits on: both read `constructionConditions`,
 * so the file holds what the list shows.
 */
import { roles } from '@shared/domain/roles';
import { z } from 'zod';
import { constructionExportSchema, constructionUnitListSchema } from '@shared/validation/construction-export';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

export const constructionUnitRowSchema = z.object({
  constructionId: id,
  name: z.string(),
  creditCode: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  auditStatus: z.number().int(),
  submittedAt: dateTime.nullable(),
  auditedAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type ConstructionUnitRow = z.infer<typeof constructionUnitRowSchema>;

const exportRoles = [roles.authority.id, roles.auditor.id];

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
    access: exportRoles,
  },
  list: {
    summary: '建设单位列表（全部状态），筛选条件与导出相同，最新登记在前',
    base: 'business',
    path: 'construction/list',
    method: 'GET',
    input: constructionUnitListSchema,
    output: constructionUnitRowSchema,
    envelope: 'page',
    access: exportRoles,
    paging: { page: 'page', size: 'rows' },
  },
});
