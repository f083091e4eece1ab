/** Docking with the approval platform (shared/calls/docking.ts); one action per file beside this one. */
import { implement, reply } from '@server/lib/calls';
import { dockingCalls } from '@shared/calls/docking';
import { AppError } from '@shared/errors/app-error';
import { dockingMessages } from '@shared/validation/docking';
import { DockingFeedError } from './provider';
import { createFromDocked } from './create-from-docked';
import { deleteDocked } from './delete-docked';
import { dockedFileResponse } from './download-docked-file';
import { exportDocked } from './export-docked';
import { getDocked } from './get-docked';
import { housingInfo } from './housing-info';
import { importDockedProjects } from './import-docked';
import { listDocked, synchroList } from './list-docked';

export const dockingRoutes = implement(dockingCalls, (ctx) => ({
  list: (input) => listDocked(ctx.db, input),
  get: ({ id }) => getDocked(ctx.db, id),
  remove: async ({ id }, { user }) =>
    reply(await deleteDocked(ctx.db, user, id, ctx.services.now()), '已删除'),
  downloadFile: ({ id, type }) => dockedFileResponse(ctx, id, type),
  exportExcel: (filters) => exportDocked(ctx.db, filters),
  importNow: async () => {
    try {
      const summary = await importDockedProjects(ctx, ctx.services.now());
      return reply(
        summary,
        `导入完成：新增 ${summary.added} 个，更新 ${summary.updated} 个，未变 ${summary.unchanged} 个，失败 ${summary.failed} 个`,
      );
    } catch (error) {
      if (error instanceof DockingFeedError) {
        ctx.logger.warn({ err: error }, 'docking feed unreadable');
        throw new AppError('unavailable', { message: dockingMessages.platformUnavailable });
      }
      throw error;
    }
  },
  synchroList: (input, { user }) => synchroList(ctx.db, user, input),
  createProject: async ({ id }, { user }) =>
    reply(await createFromDocked(ctx, user, id), dockingMessages.imported),
  housingInfo: (input) => housingInfo(ctx, input),
}));
