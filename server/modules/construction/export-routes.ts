/** construction/exportExcel and construction/list (shared/calls/construction-export.ts). */
import { implement } from '@server/lib/calls';
import { constructionExportCalls } from '@shared/calls/construction-export';
import { exportConstructionUnits, listConstructionUnits } from './export';

export const constructionExportRoutes = implement(constructionExportCalls, (ctx) => ({
  exportExcel: (filters) => exportConstructionUnits(ctx.db, filters),
  list: (query) => listConstructionUnits(ctx.db, query),
}));
