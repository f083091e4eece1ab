/** construction/exportExcel and construction/list (shared/contracts/construction-export.ts). */
import { implement } from '@server/lib/contracts';
import { constructionExportCalls } from '@shared/contracts/construction-export';
import { exportConstructionUnits, listConstructionUnits } from './export';

export const constructionExportRoutes = implement(constructionExportCalls, (ctx) => ({
  exportExcel: (filters) => exportConstructionUnits(ctx.db, filters),
  list: (query) => listConstructionUnits(ctx.db, query),
}));
