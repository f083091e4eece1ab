/** construction/exportExcel (shared/contracts/construction-export.ts). */
import { implement } from '@server/lib/contracts';
import { constructionExportCalls } from '@shared/contracts/construction-export';
import { exportConstructionUnits } from './export';

export const constructionExportRoutes = implement(constructionExportCalls, (ctx) => ({
  exportExcel: (filters) => exportConstructionUnits(ctx.db, filters),
}));
