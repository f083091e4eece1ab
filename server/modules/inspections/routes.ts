/** /organizationCheck/* (shared/calls/inspections.ts). */
import { implement, reply } from '@server/lib/calls';
import { inspectionCalls } from '@shared/calls/inspections';
import { drawRound } from './draw-round';
import { exportResults } from './export-results';
import { createRound } from './open-round';
import { publishRound, recordResult } from './record-result';
import { agencyResults, getDrawRecord, getRoundDetail, inspectorOptions, listRounds } from './rounds';

export const inspectionRoutes = implement(inspectionCalls, (ctx) => ({
  list: (input, { user }) => listRounds(ctx.db, user, input),
  inspectors: () => inspectorOptions(ctx.db),
  create: async (input, { user }) =>
    reply(await createRound(ctx, user, input), '检查轮次已开启，承诺值已公布'),
  detail: (input, { user }) => getRoundDetail(ctx.db, user, input.id),
  draw: async (input, { user }) =>
    reply(await drawRound(ctx, user, input.id), '抽取完成，随机数和抽取结果已公开'),
  record: async (input, { user }) => reply(await recordResult(ctx, user, input), '检查结果已保存'),
  publish: async (input, { user }) => reply(await publishRound(ctx, user, input.id), '检查结果已公开'),
  exportExcel: (input, { user }) => exportResults(ctx.db, user, input.id),
  drawRecord: (input) => getDrawRecord(ctx.db, input.id),
  agencyResults: (input) => agencyResults(ctx.db, input.organizationId),
}));
