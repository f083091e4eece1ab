/** Offline projects and survey cases (shared/calls/offline.ts); the rules are in the services. */
import { implement, reply } from '@server/lib/calls';
import { fileResponse, privately } from '@server/lib/file-response';
import { caseCalls, offlineCalls } from '@shared/calls/offline';
import { addCase, getCase, listCases, listCaseTodo, prepareCase } from './case-service';
import {
  addOffline,
  decideOffline,
  deleteOffline,
  getOffline,
  listOffline,
  listOfflineTodo,
  offlineFile,
  updateOffline,
} from './offline-service';

export const offlineRoutes = implement(offlineCalls, (ctx) => ({
  add: async (input, { user }) => reply(await addOffline(ctx, user, input), '线下项目已登记并提交审核'),
  update: async (input, { user }) =>
    reply(await updateOffline(ctx, user, input), '线下项目已修改并重新提交审核'),
  remove: async ({ pkids }, { user }) => reply(await deleteOffline(ctx, user, pkids), '删除成功'),
  query: (input, { user }) => listOffline(ctx.db, user, input),
  todo: (input, { user }) => listOfflineTodo(ctx.db, user, input),
  get: ({ pkid }, { user }) => getOffline(ctx.db, user, pkid),
  updateStatus: async (input, { user }) =>
    reply(
      await decideOffline(ctx, user, input),
      input.auditStatus === 2 ? '审核通过' : '已退回，审核意见已告知登记机构',
    ),
  file: async ({ pkid, fileId }, { user }) => {
    return privately(
      await fileResponse(ctx.storage, await offlineFile(ctx.db, user, pkid, fileId), 'attachment'),
    );
  },
}));

export const caseRoutes = implement(caseCalls, (ctx) => ({
  todo: (input, { user }) => listCaseTodo(ctx.db, user, input),
  prepare: ({ authorizationId }, { user }) => prepareCase(ctx.db, user, authorizationId),
  add: async (input, { user }) => reply(await addCase(ctx, user, input), '办件已新建，项目进入测绘中'),
  query: (input, { user }) => listCases(ctx.db, user, input),
  get: ({ caseId }, { user }) => getCase(ctx.db, user, caseId),
}));
